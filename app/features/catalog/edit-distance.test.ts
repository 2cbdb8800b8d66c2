import { describe, expect, it } from "vitest";
import { editDistance, prefixEditDistance } from "./edit-distance.ts";

describe("editDistance", () => {
  it("is zero for the same word and the length of the other for an empty one", () => {
    expect(editDistance("диван", "диван")).toBe(0);
    expect(editDistance("", "стол")).toBe(4);
    expect(editDistance("стол", "")).toBe(4);
  });
  it("counts a missing, an extra and a wrong letter as one edit each", () => {
    expect(editDistance("дивн", "диван")).toBe(1);
    expect(editDistance("крвать", "кровать")).toBe(1);
    expect(editDistance("диваан", "диван")).toBe(1);
    expect(editDistance("дивон", "диван")).toBe(1);
    expect(editDistance("кравать", "кровать")).toBe(1);
  });
  it("counts two swapped neighbours as one edit (Damerau), not two", () => {
    expect(editDistance("кроавть", "кровать")).toBe(1);
    expect(editDistance("двиан", "диван")).toBe(1);
    expect(editDistance("ab", "ba")).toBe(1);
  });
  it("is symmetric", () => {
    for (const [a, b] of [
      ["комплект", "кмоплект"],
      ["торшер", "тршер"],
      ["lindqvist", "lindkvist"],
    ] as const)
      expect(editDistance(a, b)).toBe(editDistance(b, a));
  });
  it("stops early and answers max + 1 when the words are further apart than max", () => {
    expect(editDistance("диван", "кровать", 2)).toBe(3);
    expect(editDistance("a", "abcdefgh", 2)).toBe(3);
    expect(editDistance("диван", "кровать")).toBeGreaterThan(3);
  });
  it("treats a letter outside the basic plane as one letter", () => {
    expect(editDistance("𝔡ом", "дом")).toBe(1);
  });
});

describe("prefixEditDistance", () => {
  it("is zero when the typed text starts the word", () => {
    expect(prefixEditDistance("кров", "кровать")).toBe(0);
    expect(prefixEditDistance("", "кровать")).toBe(0);
  });
  it("measures a half-typed word against the closest beginning", () => {
    expect(prefixEditDistance("крав", "кровать")).toBe(1);
    expect(prefixEditDistance("крвт", "кровать")).toBe(2);
    expect(prefixEditDistance("дивн", "диваны")).toBe(1);
  });
  it("never exceeds the full distance", () => {
    expect(prefixEditDistance("крвать", "кровать")).toBeLessThanOrEqual(editDistance("крвать", "кровать"));
  });
  it("answers max + 1 for words that do not begin alike", () => {
    expect(prefixEditDistance("лампа", "кровать", 2)).toBe(3);
    expect(prefixEditDistance("кроватьбольшая", "кровать", 2)).toBe(3);
  });
});
