import { describe, expect, it } from "vitest";
import { allowedEdits, correctQuery, SearchVocabulary } from "./search-vocabulary.ts";

// a small catalogue: titles (one product each), section names, brands and colours with their counts
const vocabulary = new SearchVocabulary([
  ["Диван Бьянка, микровелюр, синий", 1],
  ["Диван Рига, велюр, серый", 1],
  ["Диван угловой Верона, рогожка, бежевый", 1],
  ["Кровать Прага, букле, бежевая, 160×200", 1],
  ["Кровать Марсель, велюр, графитовая, 200×200", 1],
  ["Комплект для гостиной Верона: угловой диван, кресло и журнальный столик", 1],
  ["Светильник подвесной Ларс, стекло, белый", 1],
  ["Диваны и кресла", 1],
  ["Кровати", 1],
  ["Forma Milano", 3],
  ["Hansen & Sohn", 2],
  ["Luma Light", 2],
  ["Зелёный", 4],
]);

describe("SearchVocabulary", () => {
  it("knows catalogue words in any form and beginning, with ё as е", () => {
    expect(vocabulary.knows("диваны")).toBe(true);
    expect(vocabulary.knows("дива")).toBe(true);
    expect(vocabulary.knows("кровати")).toBe(true);
    expect(vocabulary.knows("зеленый")).toBe(true);
    expect(vocabulary.knows("FORMA".toLowerCase())).toBe(true);
    expect(vocabulary.knows("дивн")).toBe(false);
    expect(vocabulary.knows("lbdfy")).toBe(false);
  });
  it("takes short words and numbers as known, so they are never corrected", () => {
    expect(vocabulary.knows("и")).toBe(true);
    expect(vocabulary.knows("160")).toBe(true);
    expect(vocabulary.closest("160")).toBeNull();
  });
  it("finds the nearest catalogue word within the allowed edits, as the catalogue writes it", () => {
    expect(vocabulary.closest("дивн")).toEqual({ written: "диван", distance: 1 });
    expect(vocabulary.closest("крвать")).toEqual({ written: "кровать", distance: 1 });
    expect(vocabulary.closest("зиленый")).toEqual({ written: "зелёный", distance: 1 });
    expect(vocabulary.closest("шкаф")).toBeNull();
  });
  it("prefers the more common of two equally near words", () => {
    // «крвати» is one edit from «кровати» (a section) and two from «кровать» (two titles)
    expect(vocabulary.closest("крвати")?.written).toBe("кровати");
    // «кроват» is one edit from both; «кровать» is carried by more products
    expect(vocabulary.closest("кроватт")?.written).toBe("кровать");
  });
  it("measures a word being typed against the beginnings of catalogue words", () => {
    expect(vocabulary.closest("крав")).toBeNull();
    expect(vocabulary.closest("крав", true)?.written).toBe("кровать");
  });
  it("completes a beginning to the most common word", () => {
    expect(vocabulary.complete("дива")).toBe("диван");
    expect(vocabulary.complete("зел")).toBe("зелёный");
    expect(vocabulary.complete("шкаф")).toBeNull();
  });
  it("allows no edit below four letters, one up to five and two from six", () => {
    expect([3, 4, 5, 6, 12].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe("correctQuery", () => {
  it("corrects typos to catalogue words", () => {
    expect(correctQuery("дивн", vocabulary)).toBe("диван");
    expect(correctQuery("крвать", vocabulary)).toBe("кровать");
    expect(correctQuery("Кмоплект", vocabulary)).toBe("комплект");
  });
  it("reads text typed with the English layout on as Russian", () => {
    expect(correctQuery("lbdfy", vocabulary)).toBe("диван");
    expect(correctQuery("rhjdfnm", vocabulary)).toBe("кровать");
    expect(correctQuery("LBDFY", vocabulary)).toBe("диван");
  });
  it("reads a Latin brand typed with the Russian layout on", () => {
    expect(correctQuery("ащкьф", vocabulary)).toBe("forma");
    expect(correctQuery("Ыщрт", vocabulary)).toBe("sohn");
    expect(correctQuery("дгьф дшпре", vocabulary)).toBe("luma light");
  });
  it("corrects only the words that need it and keeps the others as typed", () => {
    expect(correctQuery("серый дивн", vocabulary)).toBe("серый диван");
    expect(correctQuery("зелёный lbdfy", vocabulary)).toBe("зелёный диван");
  });
  it("answers null when every word is known or nothing resembles it", () => {
    expect(correctQuery("диван", vocabulary)).toBeNull();
    expect(correctQuery("Диваны серые", vocabulary)).toBeNull();
    expect(correctQuery("кровать 160", vocabulary)).toBeNull();
    expect(correctQuery("холодильник", vocabulary)).toBeNull();
    expect(correctQuery("qwzx", vocabulary)).toBeNull();
  });
  it("corrects the word being typed against word beginnings", () => {
    expect(correctQuery("lbd", vocabulary, { typing: true })).toBe("диван");
    expect(correctQuery("lbd", vocabulary)).toBe("див");
    expect(correctQuery("крав", vocabulary, { typing: true })).toBe("кровать");
    expect(correctQuery("крав", vocabulary)).toBeNull();
  });
  it("copes with hostile text without correcting it", () => {
    expect(correctQuery("", vocabulary)).toBeNull();
    expect(correctQuery("\"'*() !!! ---", vocabulary)).toBeNull();
    expect(correctQuery("д".repeat(5000), vocabulary)).toBeNull();
    expect(correctQuery(Array.from({ length: 500 }, () => "дивн").join(" "), vocabulary)?.split(" ")).toHaveLength(12);
  });
});
