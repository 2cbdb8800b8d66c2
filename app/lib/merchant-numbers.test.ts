import { describe, expect, it } from "vitest";
import { convertPrice, isRoubles, parsePrice, parseRate, parseStock, parseWeightKg, PRICE_MAX_KOPECKS } from "./merchant-numbers.ts";

describe("prices", () => {
  it("reads roubles with up to two places as 1C and spreadsheets write them", () => {
    expect(parsePrice("24990.00")).toEqual({ ok: true, value: 2_499_000 });
    expect(parsePrice("12 990,5")).toEqual({ ok: true, value: 1_299_050 });
    expect(parsePrice("12\u00a0990 ₽")).toEqual({ ok: true, value: 1_299_000 });
    expect(parsePrice("0,05")).toEqual({ ok: true, value: 5 });
    expect(parsePrice("100000000")).toEqual({ ok: true, value: PRICE_MAX_KOPECKS });
  });
  it("refuses negative, zero, huge, non-finite and non-numeric prices with a reason naming the field", () => {
    expect(parsePrice("-24990.00")).toEqual({ ok: false, error: "Цена не может быть отрицательной: «-24990.00»" });
    expect(parsePrice("0")).toEqual({ ok: false, error: "Цена должна быть больше нуля" });
    expect(parsePrice("0.00", "Старая цена")).toEqual({ ok: false, error: "Старая цена должна быть больше нуля" });
    expect(parsePrice("99999999999999999999")).toMatchObject({ ok: false, error: expect.stringContaining("больше 100 000 000 ₽") });
    expect(parsePrice("100000000.01")).toMatchObject({ ok: false, error: expect.stringContaining("больше 100 000 000 ₽") });
    for (const bad of ["1e309", "abc", "Infinity", "NaN", "1,2,3", "0x10", ""]) expect(parsePrice(bad).ok).toBe(false);
    expect(parsePrice("12,999")).toMatchObject({ ok: false, error: expect.stringContaining("двух знаков") });
  });
});

describe("stock", () => {
  it("reads whole pieces, also 1C's «5.000», and bounds them", () => {
    expect(parseStock("12")).toEqual({ ok: true, value: 12 });
    expect(parseStock("5.000")).toEqual({ ok: true, value: 5 });
    expect(parseStock("1000000")).toEqual({ ok: true, value: 1_000_000 });
    expect(parseStock("1000001").ok).toBe(false);
    expect(parseStock("99999999999999999999").ok).toBe(false);
    for (const bad of ["1,5", "abc", "1e3", ""]) expect(parseStock(bad).ok).toBe(false);
  });
  it("refuses a negative stock from the CSV and reads 1C's as 0", () => {
    expect(parseStock("-1")).toEqual({ ok: false, error: "Остаток не может быть отрицательным: «-1»" });
    expect(parseStock("-3", "zero")).toEqual({ ok: true, value: 0 });
    expect(parseStock("-3.5", "zero").ok).toBe(false);
  });
});

describe("weight, rates, currencies", () => {
  it("reads kilograms into grams", () => {
    expect(parseWeightKg("38,5")).toEqual({ ok: true, value: 38_500 });
    expect(parseWeightKg("0.250")).toEqual({ ok: true, value: 250 });
    for (const bad of ["-1", "тяжёлый", "1e309", "20000"]) expect(parseWeightKg(bad).ok).toBe(false);
  });
  it("converts a price by 1C's rate exactly, rounding to the kopeck", () => {
    const rate = parseRate("92,5");
    expect(rate).toEqual({ ok: true, value: 92_500_000 });
    expect(convertPrice(10_000, 92_500_000)).toEqual({ ok: true, value: 925_000 });
    expect(convertPrice(1, 1_234_567)).toEqual({ ok: true, value: 1 });
    expect(convertPrice(PRICE_MAX_KOPECKS, 2_000_000).ok).toBe(false);
    for (const bad of ["0", "-90", "abc", "1.1234567"]) expect(parseRate(bad).ok).toBe(false);
  });
  it("knows the rouble by its names and code", () => {
    for (const rub of ["RUB", "руб", "руб.", "643", "RUR", ""]) expect(isRoubles(rub)).toBe(true);
    for (const other of ["USD", "грн", "EUR", "980"]) expect(isRoubles(other)).toBe(false);
  });
});
