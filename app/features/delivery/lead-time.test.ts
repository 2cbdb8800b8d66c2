import { describe, expect, it } from "vitest";
import { LEAD_MESSAGES, parseLeadWeeks } from "./lead-time.ts";

describe("lead time fields", () => {
  it("reads weeks from–to, spaces aside", () => {
    expect(parseLeadWeeks(" 2 ", "4")).toEqual({ ok: true, lead: { min: 2, max: 4 } });
    expect(parseLeadWeeks("3", "3")).toEqual({ ok: true, lead: { min: 3, max: 3 } });
  });

  it("puts each mistake under its own field", () => {
    expect(parseLeadWeeks("", "4")).toEqual({ ok: false, errors: { leadMin: LEAD_MESSAGES.min } });
    expect(parseLeadWeeks("2", "0")).toEqual({ ok: false, errors: { leadMax: LEAD_MESSAGES.max } });
    expect(parseLeadWeeks("2,5", "53")).toEqual({ ok: false, errors: { leadMin: LEAD_MESSAGES.min, leadMax: LEAD_MESSAGES.max } });
  });

  it("refuses «до» below «от»", () => {
    expect(parseLeadWeeks("6", "4")).toEqual({ ok: false, errors: { leadMax: LEAD_MESSAGES.order } });
  });
});
