import { describe, expect, it } from "vitest";
import { setNumbersOf, setTotals, type SetLine } from "./set-price.ts";

const lines: SetLine[] = [
  { id: 1, price: 4_999_000, weight: 60_000, qty: 1, optional: false },
  { id: 2, price: 899_000, weight: 6_500, qty: 4, optional: false },
  { id: 3, price: 349_000, weight: 2_000, qty: 1, optional: true },
];

describe("setTotals", () => {
  it("sums every item with the discount rounded down to whole roubles", () => {
    const t = setTotals(lines, 12);
    expect(t.oldPrice).toBe(4_999_000 + 4 * 899_000 + 349_000);
    expect(t.price).toBe(Math.floor((t.oldPrice * 88) / 10000) * 100);
    expect(t.price % 100).toBe(0);
    expect(t.saving).toBe(t.oldPrice - t.price);
    expect(t.weight).toBe(60_000 + 26_000 + 2_000);
    expect(t.included).toEqual([1, 2, 3]);
  });
  it("leaves out deselected optional items but never required ones", () => {
    const t = setTotals(lines, 12, new Set([3, 1]));
    expect(t.included).toEqual([1, 2]);
    expect(t.oldPrice).toBe(4_999_000 + 4 * 899_000);
    expect(t.weight).toBe(86_000);
  });
  it("matches the seeded formula and tolerates odd discounts", () => {
    expect(setTotals(lines, 0).price).toBe(setTotals(lines, 0).oldPrice);
    expect(setTotals(lines, 150).price).toBe(0);
    expect(setTotals([], 10)).toEqual({ oldPrice: 0, price: 0, saving: 0, weight: 0, included: [] });
  });
});

describe("setNumbersOf", () => {
  it("stores the whole set: price after the discount, the items' sum as the old price, the weight", () => {
    expect(setNumbersOf(lines, 12)).toEqual({ price: setTotals(lines, 12).price, old_price: setTotals(lines, 12).oldPrice, weight: 88_000 });
  });
  it("shows no old price without a discount, even when kopecks are rounded away", () => {
    const kopecks: SetLine[] = [
      { id: 1, price: 100_050, weight: 1_000, qty: 1, optional: false },
      { id: 2, price: 200_000, weight: 2_000, qty: 1, optional: true },
    ];
    expect(setNumbersOf(kopecks, 0)).toEqual({ price: 300_000, old_price: null, weight: 3_000 });
  });
});
