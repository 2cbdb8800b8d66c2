import { describe, expect, it } from "vitest";
import { availabilityOf, isOrderable, lineAvailability } from "./availability.ts";

describe("availability", () => {
  it("says in stock, few or made to order with the lead time, never a buy button for the latter", () => {
    expect(availabilityOf(12)).toEqual({ text: "В наличии", tone: "ok", canBuy: true });
    expect(availabilityOf(2)).toEqual({ text: "Мало", tone: "warn", canBuy: true });
    expect(availabilityOf(0, { min: 4, max: 6 })).toEqual({ text: "Под заказ, 4–6 недель", tone: "muted", canBuy: false });
    expect(availabilityOf(0).text).toBe("Под заказ");
  });

  it("of a line is fine while the stock covers the quantity, short when it covers part, out when it is gone", () => {
    expect(lineAvailability(2, 5)).toEqual({ state: "ok" });
    expect(lineAvailability(5, 5)).toEqual({ state: "ok" });
    expect(lineAvailability(5, 2)).toEqual({ state: "short", left: 2 });
    expect(lineAvailability(1, 0)).toEqual({ state: "out" });
    expect(lineAvailability(1, -3)).toEqual({ state: "out" });
    expect(isOrderable({ qty: 3, inStock: 3 })).toBe(true);
    expect(isOrderable({ qty: 4, inStock: 3 })).toBe(false);
    expect(isOrderable({ qty: 1, inStock: 0 })).toBe(false);
  });
});
