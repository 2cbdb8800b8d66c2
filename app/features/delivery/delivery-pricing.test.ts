import { describe, expect, it } from "vitest";
import {
  DELIVERY_PRICING,
  deliveryCost,
  deliveryName,
  isManagerPriced,
  knownWeight,
  liftingCost,
  MANAGER_DELIVERY,
  quoteDelivery,
  type DeliveryType,
} from "./delivery-pricing.ts";

describe("delivery pricing", () => {
  it("charges stairs per floor above the first and per started 50 kg", () => {
    expect(liftingCost(30_000, 1, "none")).toBe(0);
    expect(liftingCost(30_000, 2, "none")).toBe(9_000);
    expect(liftingCost(30_000, 5, "none")).toBe(4 * 9_000);
    expect(liftingCost(50_001, 5, "none")).toBe(4 * 2 * 9_000);
  });
  it("charges lifts per weight, not per floor", () => {
    expect(liftingCost(120_000, 9, "passenger")).toBe(3 * 29_000);
    expect(liftingCost(120_000, 16, "passenger")).toBe(3 * 29_000);
    expect(liftingCost(120_000, 16, "freight")).toBe(2 * 29_000);
  });
  it("is free for a weightless order or a bad floor", () => {
    expect(liftingCost(0, 9, "none")).toBe(0);
    expect(liftingCost(10_000, 2.5, "none")).toBe(0);
  });
  it("delivers free from 50 000 ₽ and picks up free", () => {
    expect(deliveryCost("pickup", 100)).toBe(0);
    expect(deliveryCost("courier", 4_999_900)).toBe(99_000);
    expect(deliveryCost("courier", 5_000_000)).toBe(0);
  });
  it("adds lifting only to floor delivery", () => {
    expect(quoteDelivery({ type: "courier", itemsTotal: 1_000_000, weightGrams: 80_000, floor: 7, lift: "none", tariffs: DELIVERY_PRICING })).toEqual({
      delivery: 99_000,
      lifting: 0,
      liftingToQuote: false,
      total: 99_000,
    });
    expect(quoteDelivery({ type: "floor", itemsTotal: 1_000_000, weightGrams: 80_000, floor: 7, lift: "none", tariffs: DELIVERY_PRICING })).toEqual({
      delivery: 99_000,
      lifting: 6 * 2 * 9_000,
      liftingToQuote: false,
      total: 99_000 + 108_000,
    });
  });
  it("leaves lifting to the manager when a product has no weight, except to the first floor", () => {
    const base = { type: "floor", itemsTotal: 1_000_000, weightGrams: 30_000, lift: "none", tariffs: DELIVERY_PRICING, weightKnown: false } as const;
    expect(quoteDelivery({ ...base, floor: 7 })).toEqual({ delivery: 99_000, lifting: 0, liftingToQuote: true, total: 99_000 });
    expect(quoteDelivery({ ...base, floor: 1 })).toEqual({ delivery: 99_000, lifting: 0, liftingToQuote: false, total: 99_000 });
    expect(quoteDelivery({ ...base, type: "courier", floor: 7 }).liftingToQuote).toBe(false);
  });
  it("knows a weight only when every part has one", () => {
    expect(
      knownWeight([
        { weight: 10_000, qty: 2 },
        { weight: 500, qty: 1 },
      ]),
    ).toBe(20_500);
    expect(
      knownWeight([
        { weight: 10_000, qty: 2 },
        { weight: 0, qty: 1 },
      ]),
    ).toBe(0);
    expect(knownWeight([])).toBe(0);
  });
});

describe("tariffs set by staff", () => {
  it("price the lifting with the shop's current tariffs", () => {
    const tariffs = { stairsPerFloorPer50kg: 10_000, passengerLiftPer50kg: 30_000, freightLiftPer100kg: 50_000 };
    expect(quoteDelivery({ type: "floor", itemsTotal: 1_000_000, weightGrams: 80_000, floor: 5, lift: "passenger", tariffs }).lifting).toBe(60_000);
    expect(liftingCost(80_000, 5, "none", tariffs)).toBe(80_000);
    expect(liftingCost(80_000, 5, "freight", tariffs)).toBe(50_000);
  });
});

describe("the /delivery/ page examples", () => {
  it("match the rules (80 kg to the 5th floor)", () => {
    expect(liftingCost(80_000, 5, "none")).toBe(72_000);
    expect(liftingCost(80_000, 5, "passenger")).toBe(58_000);
    expect(liftingCost(80_000, 5, "freight")).toBe(29_000);
  });
});

describe("a 1-click order's delivery («Уточнить у менеджера»)", () => {
  it("has its Russian name and costs nothing until the manager prices it", () => {
    expect(deliveryName(MANAGER_DELIVERY)).toBe("Уточнить у менеджера");
    expect(deliveryName("courier")).toBe("Доставка курьером");
    expect(deliveryName("drone")).toBe("drone");
    expect(isManagerPriced(MANAGER_DELIVERY)).toBe(true);
    expect(isManagerPriced("courier")).toBe(false);
    expect(deliveryCost(MANAGER_DELIVERY as DeliveryType, 100)).toBe(0);
  });
});
