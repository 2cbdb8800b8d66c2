import { describe, expect, it } from "vitest";
import IMask from "imask";
import { clampDigits, intInRange, numberOnlyMask } from "./number-only.ts";

/** What the field shows after each keystroke, as imask applies the widget's mask to typing. */
const typed = (text: string, limits: Parameters<typeof numberOnlyMask>[0]) => {
  const masked = IMask.createMask(numberOnlyMask(limits));
  return [...text].map((ch) => {
    masked.append(ch, { input: true });
    return masked.value;
  });
};

describe("number-only rules", () => {
  it("keeps digits, truncates to the symbol maximum and clamps to the numeric maximum", () => {
    expect(clampDigits("12a3-4")).toBe("1234");
    expect(clampDigits("123456", { maxLength: 4 })).toBe("1234");
    expect(clampDigits("250", { max: 100 })).toBe("100");
    expect(clampDigits("", { max: 100 })).toBe("");
    expect(clampDigits("099", { max: 100 })).toBe("099");
  });

  it("applies the same rules keystroke by keystroke: letters refused, the maximum at once", () => {
    expect(typed("12a0", { max: 3000 })).toEqual(["1", "12", "12", "120"]);
    expect(typed("150", { max: 100 })).toEqual(["1", "15", "100"]);
    expect(typed("0042x7", { maxLength: 4 })).toEqual(["0", "00", "004", "0042", "0042", "0042"]);
  });

  it("honours both limits together and keeps pasted group separators out", () => {
    expect(clampDigits("123456", { max: 999_999, maxLength: 4 })).toBe("1234");
    expect(clampDigits("1 000", { max: 10_000 })).toBe("1000");
    expect(clampDigits("-5", { max: 100 })).toBe("5");
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
