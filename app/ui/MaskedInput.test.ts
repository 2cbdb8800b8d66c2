import { describe, expect, it } from "vitest";
import IMask from "imask";

// The widget hands SPEC's pattern straight to imask: check imask reads 0, a and * as SPEC says.
describe("mask pattern characters", () => {
  const typed = (mask: string, text: string) => {
    const m = IMask.createMask({ mask, lazy: true });
    m.resolve(text);
    return m.value;
  };
  it("0 takes digits only", () => {
    expect(typed("000000", "12ab34")).toBe("1234");
  });
  it("a takes letters only, Cyrillic too", () => {
    expect(typed("aa-00", "Ж1Зq42")).toBe("ЖЗ-42");
  });
  it("* takes anything", () => {
    expect(typed("**-**", "a1-%$")).toBe("a1-%$");
  });
});
