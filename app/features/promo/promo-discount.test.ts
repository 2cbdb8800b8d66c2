import { describe, expect, it } from "vitest";
import { normalizePromoCode, promoDiscount, spreadKopecks } from "./promo-discount.ts";

describe("promo code arithmetic", () => {
  it("reads a code typed with spaces or in another case as the stored one", () => {
    expect(normalizePromoCode("  zima 10 ")).toBe("ZIMA10");
    expect(normalizePromoCode("Зима-10")).toBe("ЗИМА-10");
  });

  it("spreads kopecks in proportion and the parts add up to the whole", () => {
    expect(spreadKopecks(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadKopecks(0, [5, 5])).toEqual([0, 0]);
    const parts = spreadKopecks(99_999, [12_345, 67_890, 1]);
    expect(parts.reduce((s, v) => s + v, 0)).toBe(99_999);
  });

  it("takes a percent of the eligible lines only", () => {
    const out = promoDiscount({ kind: "percent", amount: 10, minSum: 0 }, [
      { id: 1, sum: 1_000_000, eligible: true },
      { id: 2, sum: 500_000, eligible: false },
    ]);
    expect(out).toEqual({ ok: true, total: 100_000, perLine: { 1: 100_000 } });
  });

  it("rounds a percent to whole kopecks and the lines add up to the total", () => {
    const out = promoDiscount({ kind: "percent", amount: 7, minSum: 0 }, [
      { id: 1, sum: 333, eligible: true },
      { id: 2, sum: 333, eligible: true },
      { id: 3, sum: 333, eligible: true },
    ]);
    if (!out.ok) throw new Error("expected a discount");
    expect(out.total).toBe(70);
    expect(Object.values(out.perLine).reduce((s, v) => s + v, 0)).toBe(70);
  });

  it("spreads a fixed discount and never takes a line below 0", () => {
    const out = promoDiscount({ kind: "fixed", amount: 1_000_000, minSum: 0 }, [
      { id: 1, sum: 300_000, eligible: true },
      { id: 2, sum: 100_000, eligible: true },
    ]);
    expect(out).toEqual({ ok: true, total: 400_000, perLine: { 1: 300_000, 2: 100_000 } });
  });

  it("says why it does not apply: a cart below the minimum, no lines of its sections", () => {
    const below = promoDiscount({ kind: "fixed", amount: 100, minSum: 5_000_000 }, [{ id: 1, sum: 100_000, eligible: true }]);
    expect(below).toMatchObject({ ok: false, reason: "min-sum", message: "Промокод действует для заказа от 50\u00A0000\u00A0₽" });
    const none = promoDiscount({ kind: "percent", amount: 5, minSum: 0 }, [{ id: 1, sum: 100_000, eligible: false }]);
    expect(none).toMatchObject({ ok: false, reason: "no-lines" });
  });
});
