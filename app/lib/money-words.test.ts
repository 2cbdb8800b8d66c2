import { describe, expect, it } from "vitest";
import { integerInWords, moneyInWords, pluralRu } from "./money-words.ts";

describe("a sum in Russian words", () => {
  it("spells roubles in words and kopecks in figures, as payment documents do", () => {
    expect(moneyInWords(1_200_000)).toBe("двенадцать тысяч рублей 00 копеек");
    expect(moneyInWords(100)).toBe("один рубль 00 копеек");
    expect(moneyInWords(201)).toBe("два рубля 01 копейка");
    expect(moneyInWords(522)).toBe("пять рублей 22 копейки");
    expect(moneyInWords(1_100)).toBe("одиннадцать рублей 00 копеек");
    expect(moneyInWords(5)).toBe("ноль рублей 05 копеек");
    expect(moneyInWords(2_112_50)).toBe("две тысячи сто двенадцать рублей 50 копеек");
    expect(moneyInWords(5_499_000)).toBe("пятьдесят четыре тысячи девятьсот девяносто рублей 00 копеек");
  });
  it("uses the feminine for thousands and the right plural of every scale", () => {
    expect(integerInWords(1_000)).toBe("одна тысяча");
    expect(integerInWords(21_000)).toBe("двадцать одна тысяча");
    expect(integerInWords(44_004)).toBe("сорок четыре тысячи четыре");
    expect(integerInWords(1_000_001)).toBe("один миллион один");
    expect(integerInWords(2_300_000_000)).toBe("два миллиарда триста миллионов");
    expect(integerInWords(111_111)).toBe("сто одиннадцать тысяч сто одиннадцать");
    expect(integerInWords(999_999_999_999)).toBe(
      "девятьсот девяносто девять миллиардов девятьсот девяносто девять миллионов девятьсот девяносто девять тысяч девятьсот девяносто девять",
    );
  });
  it("picks the plural by the last two digits", () => {
    const forms = ["рубль", "рубля", "рублей"] as const;
    expect([1, 2, 5, 11, 12, 14, 21, 22, 25, 111, 101].map((n) => pluralRu(n, [...forms]))).toEqual([
      "рубль",
      "рубля",
      "рублей",
      "рублей",
      "рублей",
      "рублей",
      "рубль",
      "рубля",
      "рублей",
      "рублей",
      "рубль",
    ]);
  });
  it("refuses what it cannot spell", () => {
    expect(() => moneyInWords(-1)).toThrow(RangeError);
    expect(() => moneyInWords(1.5)).toThrow(RangeError);
    expect(() => integerInWords(1e12)).toThrow(RangeError);
  });
});
