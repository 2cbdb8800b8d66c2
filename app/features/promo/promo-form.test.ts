import { describe, expect, it } from "vitest";
import { parseFields } from "../../lib/form-fields.ts";
import { PROMO_FORM_MESSAGES, promoSchema, roublesToKopecks } from "./promo-form.ts";

const base = { code: " zima 10 ", kind: "percent", amount: "10", minSum: "", validFrom: "", validTo: "", totalLimit: "", perCustomerLimit: "", version: "1" };

describe("the promo code form", () => {
  it("stores the code upper-cased without spaces and money in kopecks", () => {
    const out = parseFields(promoSchema, { ...base, kind: "fixed", amount: "1 500,50", minSum: "20000", enabled: "on", sectionIds: ["3", "3", "5"] });
    expect(out).toMatchObject({ ok: true, data: { code: "ZIMA10", amount: 150050, minSum: 2_000_000, enabled: true, sectionIds: [3, 5] } });
  });

  it("refuses a percent outside 1–100 and an end before the start, in Russian", () => {
    const out = parseFields(promoSchema, { ...base, amount: "101", validFrom: "2026-12-10", validTo: "2026-12-01" });
    expect(out).toEqual({ ok: false, errors: { amount: PROMO_FORM_MESSAGES.percent, validTo: PROMO_FORM_MESSAGES.order } });
  });

  it("refuses a code with odd characters and a limit that is not a whole number", () => {
    const out = parseFields(promoSchema, { ...base, code: "a!", totalLimit: "0", perCustomerLimit: "1.5" });
    expect(out).toEqual({
      ok: false,
      errors: { code: PROMO_FORM_MESSAGES.code, totalLimit: PROMO_FORM_MESSAGES.limit, perCustomerLimit: PROMO_FORM_MESSAGES.limit },
    });
  });

  it("reads roubles with kopecks after a comma or a dot", () => {
    expect(roublesToKopecks("10,5")).toBe(1050);
    expect(roublesToKopecks("7.25")).toBe(725);
    expect(roublesToKopecks("abc")).toBeNull();
  });
});
