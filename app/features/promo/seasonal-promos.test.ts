import { describe, expect, it } from "vitest";
import { activePromos, isInSeason, moscowMonthDay, PROMOS, type Promo } from "./seasonal-promos.ts";

const on = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 9);
const titles = (now: number) => activePromos(now).map((p) => p.title);

describe("seasonal promos", () => {
  it("never advertises the spring collection in November, and does in April", () => {
    expect(titles(on(2026, 11, 24))).not.toContain("Весенняя коллекция");
    expect(titles(on(2026, 11, 24))[0]).toBe("Свет со скидкой до 30 %");
    expect(titles(on(2027, 4, 10))).toContain("Весенняя коллекция");
    expect(titles(on(2027, 4, 10))).not.toContain("Свет со скидкой до 30 %");
  });

  it("puts the seasonal slides first and always keeps the all-year ones", () => {
    for (const month of [1, 4, 7, 9, 11]) {
      const list = activePromos(on(2026, month, 15));
      const firstAllYear = list.findIndex((p) => !p.season);
      expect(firstAllYear).toBeGreaterThanOrEqual(0);
      expect(list.slice(firstAllYear).every((p) => !p.season)).toBe(true);
      expect(list.length).toBeGreaterThanOrEqual(PROMOS.filter((p) => !p.season).length);
    }
  });

  it("reads the day in Moscow and includes both ends of a window", () => {
    // 30 November, 22:00 UTC is already 1 December in Moscow
    expect(moscowMonthDay(Date.UTC(2026, 10, 30, 22))).toBe("12-01");
    const sale = PROMOS.find((p) => p.title.startsWith("Свет"))!;
    expect(isInSeason(sale, Date.UTC(2026, 10, 30, 20))).toBe(true);
    expect(isInSeason(sale, Date.UTC(2026, 10, 30, 22))).toBe(false);
    expect(isInSeason(sale, on(2026, 10, 15))).toBe(true);
  });

  it("handles a window over New Year", () => {
    const winter: Promo = { title: "Зима", text: "", href: "/", cta: "", tone: "green", season: { from: "12-20", to: "01-10" } };
    expect(isInSeason(winter, on(2026, 12, 25))).toBe(true);
    expect(isInSeason(winter, on(2027, 1, 5))).toBe(true);
    expect(isInSeason(winter, on(2027, 2, 1))).toBe(false);
  });
});
