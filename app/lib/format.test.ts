import { describe, expect, it } from "vitest";
import { countOf, discountPercent, formatBytes, formatDate, formatDateTime, formatNumber, formatPrice, formatWeight, plural, PRODUCT_FORMS } from "./format.ts";

const sp = (s: string) => s.replace(/\u00A0/g, " ");

describe("Russian formatting", () => {
  it("groups thousands with a space", () => {
    expect(sp(formatNumber(1234567))).toBe("1 234 567");
  });
  it("shows roubles without kopecks unless there are some", () => {
    expect(sp(formatPrice(1234500))).toBe("12 345 ₽");
    expect(sp(formatPrice(1234550))).toBe("12 345,50 ₽");
  });
  it("shows weight in kilograms with two decimals", () => {
    expect(sp(formatWeight(12500))).toBe("12,50 кг");
    expect(sp(formatWeight(0))).toBe("0,00 кг");
  });
  it("uses three plural forms", () => {
    expect(countOf(1, PRODUCT_FORMS)).toMatch(/^1\sтовар$/);
    expect(countOf(3, PRODUCT_FORMS)).toMatch(/^3\sтовара$/);
    expect(countOf(25, PRODUCT_FORMS)).toMatch(/^25\sтоваров$/);
    expect(plural(21, PRODUCT_FORMS)).toBe("товар");
    expect(plural(12, PRODUCT_FORMS)).toBe("товаров");
  });
  it("names byte sizes in Russian units", () => {
    expect(sp(formatBytes(500))).toBe("500 Б");
    expect(sp(formatBytes(1536))).toBe("1,5 КБ");
    expect(sp(formatBytes(2 * 1024 * 1024))).toBe("2 МБ");
  });
  it("writes dates the Russian way", () => {
    expect(formatDate(Date.UTC(2026, 10, 22, 12))).toBe("22 ноября 2026");
  });
  it("writes a moment in Moscow time, 24-hour", () => {
    expect(formatDateTime(Date.UTC(2026, 10, 22, 12, 5))).toBe("22 ноября 2026, 15:05");
    expect(formatDateTime(Date.UTC(2026, 10, 22, 21, 30))).toBe("23 ноября 2026, 00:30");
  });
  it("computes the discount percent", () => {
    expect(discountPercent(85, 100)).toBe(15);
    expect(discountPercent(100, null)).toBe(0);
  });
});
