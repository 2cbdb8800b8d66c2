import { describe, expect, it } from "vitest";
import { availabilityOf } from "./availability.ts";

describe("availability", () => {
  it("says in stock, few or made to order with the lead time, never a buy button for the latter", () => {
    expect(availabilityOf(12)).toEqual({ text: "В наличии", tone: "ok", canBuy: true });
    expect(availabilityOf(2)).toEqual({ text: "Мало", tone: "warn", canBuy: true });
    expect(availabilityOf(0, { min: 4, max: 6 })).toEqual({ text: "Под заказ, 4–6 недель", tone: "muted", canBuy: false });
    expect(availabilityOf(0).text).toBe("Под заказ");
  });
});
