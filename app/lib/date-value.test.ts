import { describe, expect, it } from "vitest";
import { formatYmdHi, parseYmdHi, snapHour } from "./date-value.ts";

describe("Y-m-d H:i values", () => {
  it("formats with and without time, 24-hour", () => {
    expect(formatYmdHi({ year: 2026, month: 3, day: 7, hour: 18, minute: 5 })).toBe("2026-03-07 18:05");
    expect(formatYmdHi({ year: 2026, month: 12, day: 31 })).toBe("2026-12-31");
  });

  it("parses only real dates and times", () => {
    expect(parseYmdHi("2026-03-07 18:05")).toEqual({ year: 2026, month: 3, day: 7, hour: 18, minute: 5 });
    expect(parseYmdHi("2026-02-30")).toBeNull();
    expect(parseYmdHi("2026-03-07 24:00")).toBeNull();
    expect(parseYmdHi("07.03.2026")).toBeNull();
  });

  it("snaps hours to the step", () => {
    expect(snapHour(15, 2)).toBe(14);
    expect(snapHour(15, 1)).toBe(15);
  });
});
