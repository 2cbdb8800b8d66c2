import { describe, expect, it } from "vitest";
import { moscowPeriods } from "./moscow-periods.ts";

describe("moscowPeriods", () => {
  it("starts today at Moscow midnight, which is 21:00 UTC the day before", () => {
    // Wednesday 25 Nov 2026, 01:30 UTC = 04:30 in Moscow
    const p = moscowPeriods(Date.UTC(2026, 10, 25, 1, 30));
    expect(p.todayStart).toBe(Date.UTC(2026, 10, 24, 21, 0));
    expect(p.weekStart).toBe(Date.UTC(2026, 10, 22, 21, 0)); // Monday 23 Nov, Moscow midnight
  });

  it("counts 22:30 UTC on Sunday as Monday in Moscow", () => {
    const p = moscowPeriods(Date.UTC(2026, 10, 22, 22, 30));
    expect(p.todayStart).toBe(Date.UTC(2026, 10, 22, 21, 0));
    expect(p.weekStart).toBe(p.todayStart);
  });
});
