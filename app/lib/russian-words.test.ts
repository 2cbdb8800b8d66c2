import { describe, expect, it } from "vitest";
import { documentStems, queryStems, words } from "./russian-words.ts";

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
});
