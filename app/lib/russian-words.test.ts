import { describe, expect, it } from "vitest";
import { cleanSearchText, documentStems, queryStems, words } from "./russian-words.ts";

describe("Russian search words", () => {
  it("normalises case, ё and punctuation", () => {
    expect(words("Диваны, ЁЛКИ! Sofa-2")).toEqual(["диваны", "елки", "sofa", "2"]);
  });
  it("brings word forms to one stem", () => {
    const [a] = queryStems("диваны");
    const [b] = queryStems("диван");
    const [c] = queryStems("Дивана");
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(queryStems("кресла")).toEqual(queryStems("кресло"));
  });
  it("treats ё and е alike", () => {
    expect(queryStems("чёрный")).toEqual(queryStems("черный"));
  });
  it("decomposed input equals composed input", () => {
    expect(documentStems("е\u0308лка")).toBe(documentStems("ёлка"));
  });
  it("bounds the number of query words", () => {
    expect(queryStems(Array.from({ length: 50 }, (_, i) => `слово${i}`).join(" "))).toHaveLength(12);
  });
  it("cleans a visitor's text: control characters, invisible marks, spacing and length", () => {
    expect(cleanSearchText("  диван\u0000\u0007 \t серый\n", 200)).toBe("диван серый");
    expect(cleanSearchText("ди\u200bван\u202e", 200)).toBe("диван");
    expect(cleanSearchText("е\u0308лка", 200)).toBe("ёлка");
    expect(cleanSearchText("д".repeat(500), 200)).toHaveLength(200);
    expect(cleanSearchText("аа😀", 3)).toBe("аа");
    expect(cleanSearchText("\u0000\u0001", 200)).toBe("");
  });
});
