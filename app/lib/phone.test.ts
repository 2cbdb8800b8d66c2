import { describe, expect, it } from "vitest";
import { normalizePhone, pastedPhoneDigits, phoneDigits } from "./phone.ts";

describe("phone normalisation", () => {
  it.each([
    ["8 (916) 123-45-67", "+7 (916) 123-45-67"],
    ["89161234567", "+7 (916) 123-45-67"],
    ["7 916 123 45 67", "+7 (916) 123-45-67"],
    ["+7 (916) 123-45-67", "+7 (916) 123-45-67"],
    ["+79161234567", "+7 (916) 123-45-67"],
    ["9161234567", "+7 (916) 123-45-67"],
  ])("%s → %s", (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });

  it.each(["", "12345", "+1 (916) 123-45-67", "59161234567", "+7 (916) 123-45-6", "+7 916 123 45 67 8"])("refuses %j", (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });

  it("turns a pasted whole number into the ten subscriber digits", () => {
    expect(pastedPhoneDigits("8-916-123-45-67")).toBe("9161234567");
    expect(pastedPhoneDigits("+7 916 1234567")).toBe("9161234567");
    expect(pastedPhoneDigits("916")).toBe("916");
    expect(phoneDigits("+7 (495) 123-45-67")).toBe("4951234567");
  });
});
