import { describe, expect, it } from "vitest";
import { clampQuantity, isAllowedQuantityKey } from "./quantity.ts";

describe("quantity rules", () => {
  it("clamps above the maximum and resets low, empty or invalid values to the minimum", () => {
    expect(clampQuantity("5", 10)).toBe(5);
    expect(clampQuantity("50", 10)).toBe(10);
    expect(clampQuantity("1", 10)).toBe(1);
    expect(clampQuantity("0", 10)).toBe(1);
    expect(clampQuantity("-3", 10)).toBe(1);
    expect(clampQuantity("", 10)).toBe(1);
    expect(clampQuantity("abc", 10)).toBe(1);
    expect(clampQuantity("2.5", 10)).toBe(1);
    expect(clampQuantity("3", 10, 2)).toBe(3);
    expect(clampQuantity("1", 10, 2)).toBe(2);
  });
  it("accepts digits and navigation keys only", () => {
    for (const k of ["0", "7", "Backspace", "Tab", "Delete", "ArrowLeft", "F5"]) expect(isAllowedQuantityKey(k)).toBe(true);
    for (const k of ["a", "-", "+", ".", ",", "e", " "]) expect(isAllowedQuantityKey(k)).toBe(false);
    expect(isAllowedQuantityKey("v", true)).toBe(true);
  });
});
