import { describe, expect, it } from "vitest";
import { amountToKopecks, kopecksToAmount, parseRoubles } from "./payment-amount.ts";

describe("gateway amounts", () => {
  it("writes kopecks as roubles with exactly two decimals", () => {
    expect(kopecksToAmount(123450)).toBe("1234.50");
    expect(kopecksToAmount(5)).toBe("0.05");
    expect(kopecksToAmount(100)).toBe("1.00");
    expect(kopecksToAmount(0)).toBe("0.00");
    expect(kopecksToAmount(9_999_999_999_99)).toBe("9999999999.99");
  });
  it("refuses what is not a whole, non-negative number of kopecks", () => {
    expect(() => kopecksToAmount(1.5)).toThrow(RangeError);
    expect(() => kopecksToAmount(-100)).toThrow(RangeError);
  });
  it("reads the gateway's decimal strings back without float drift", () => {
    expect(amountToKopecks("1234.50")).toBe(123450);
    expect(amountToKopecks("1234.5")).toBe(123450);
    expect(amountToKopecks("1234")).toBe(123400);
    expect(amountToKopecks("0.29")).toBe(29);
    expect(amountToKopecks("19999.99")).toBe(1999999);
  });
  it("returns null for anything that is not an amount", () => {
    for (const bad of ["", "-1.00", "1.234", "1,50", "abc", "1e3", " ", "0x10"]) expect(amountToKopecks(bad)).toBeNull();
    expect(amountToKopecks(100)).toBeNull();
    expect(amountToKopecks(null)).toBeNull();
  });
  it("reads a sum typed in roubles the Russian way", () => {
    expect(parseRoubles("1 234,50")).toBe(123450);
    expect(parseRoubles("1234.5")).toBe(123450);
    expect(parseRoubles("12\u00A0345 ₽")).toBe(1234500);
    expect(parseRoubles(" 100 руб. ")).toBe(10000);
    for (const bad of ["", "-5", "1,2,3", "сто", "1.001"]) expect(parseRoubles(bad)).toBeNull();
  });
});
