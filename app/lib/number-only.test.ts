import { describe, expect, it } from "vitest";
import { clampDigits, intInRange } from "./number-only.ts";

describe("number-only rules", () => {
  it("keeps digits, truncates to the symbol maximum and clamps to the numeric maximum", () => {
    expect(clampDigits("12a3-4")).toBe("1234");
    expect(clampDigits("123456", { maxLength: 4 })).toBe("1234");
    expect(clampDigits("250", { max: 100 })).toBe("100");
    expect(clampDigits("", { max: 100 })).toBe("");
    expect(clampDigits("099", { max: 100 })).toBe("099");
  });

  it("reads whole numbers within a range", () => {
    expect(intInRange("5", 1, 100, 1)).toBe(5);
    expect(intInRange("500", 1, 100, 1)).toBe(100);
    expect(intInRange("0", 1, 100, 1)).toBe(1);
    expect(intInRange("-3", 1, 100, 7)).toBe(7);
    expect(intInRange("abc", 1, 100, 7)).toBe(7);
    expect(intInRange(null, 1, 100, 7)).toBe(7);
  });
});
