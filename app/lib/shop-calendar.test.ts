import { describe, expect, it } from "vitest";
import { shopDateTime, shopDay, shopDayStart, shopFileStamp, shopPeriods, shopRfc3339, shopToday, shopUtcOffset } from "./shop-calendar.ts";

describe("the shop calendar (Moscow)", () => {
  it("turns the day at Moscow midnight, which is 21:00 UTC the day before", () => {
    expect(shopToday(Date.UTC(2026, 10, 24, 20, 59, 59))).toBe("2026-11-24");
    expect(shopToday(Date.UTC(2026, 10, 24, 21, 0, 0))).toBe("2026-11-25");
    expect(shopDay(Date.UTC(2026, 10, 24, 22, 30))).toEqual({ day: Date.UTC(2026, 10, 25), hour: 1 });
    expect(shopDayStart("2026-11-25")).toBe(Date.UTC(2026, 10, 24, 21, 0));
    expect(shopDayStart("2026-13-45")).toBeNaN();
  });

  it("writes the wall clock of an instant, for documents and file names", () => {
    const at = Date.UTC(2026, 10, 25, 7, 15, 9);
    expect(shopDateTime(at)).toEqual({ date: "2026-11-25", time: "10:15:09" });
    expect(shopRfc3339(at)).toBe("2026-11-25T10:15+03:00");
    expect(shopFileStamp(at)).toBe("2026-11-25_10-15-09");
    expect(shopUtcOffset(at)).toBe(3 * 3_600_000);
  });

  it("takes the offset from the zone's rules, not a constant: Moscow was UTC+4 in 2012", () => {
    expect(shopUtcOffset(Date.UTC(2012, 5, 1))).toBe(4 * 3_600_000);
    expect(shopDayStart("2012-06-01")).toBe(Date.UTC(2012, 4, 31, 20, 0));
  });

  it("starts today and this week (Monday) at Moscow midnight", () => {
    // Wednesday 25 Nov 2026, 01:30 UTC = 04:30 in Moscow
    const p = shopPeriods(Date.UTC(2026, 10, 25, 1, 30));
    expect(p.todayStart).toBe(Date.UTC(2026, 10, 24, 21, 0));
    expect(p.weekStart).toBe(Date.UTC(2026, 10, 22, 21, 0));
    // 22:30 UTC on Sunday is already Monday in Moscow
    const monday = shopPeriods(Date.UTC(2026, 10, 22, 22, 30));
    expect(monday.todayStart).toBe(Date.UTC(2026, 10, 22, 21, 0));
    expect(monday.weekStart).toBe(monday.todayStart);
  });
});
