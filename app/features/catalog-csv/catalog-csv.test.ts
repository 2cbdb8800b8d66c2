import { describe, expect, it } from "vitest";
import { formatRoubles, parseNumberValue, parsePublished, parseRoubles, parseSlug, parseStock, readHeader, splitMulti } from "./catalog-csv.ts";

describe("readHeader", () => {
  const codes = new Set(["color", "width"]);
  it("finds fixed and property columns in any case and order", () => {
    const r = readHeader(["Slug", "title", "COLOR", "section", "price", "", "id"], codes);
    expect(r.ok && r.value.base).toEqual({ slug: 0, title: 1, section: 3, price: 4, id: 6 });
    expect(r.ok && [...r.value.properties]).toEqual([["color", 2]]);
  });
  it("names the missing required columns", () => {
    expect(readHeader(["id", "title"], codes)).toEqual({ ok: false, error: "Нет обязательных столбцов: slug, section, price" });
  });
  it("refuses an unknown column", () => {
    expect(readHeader(["slug", "title", "section", "price", "colour"], codes)).toMatchObject({ ok: false, error: expect.stringContaining("colour") });
  });
});

describe("cells", () => {
  it("reads roubles with kopecks as Excel in Russia and elsewhere writes them", () => {
    expect(parseRoubles("12 990,50", "Цена")).toEqual({ ok: true, value: 1_299_050 });
    expect(parseRoubles("12990.5", "Цена")).toEqual({ ok: true, value: 1_299_050 });
    expect(parseRoubles("12\u00a0990", "Цена")).toEqual({ ok: true, value: 1_299_000 });
    expect(parseRoubles("-5", "Цена")).toEqual({ ok: false, error: "Цена не может быть отрицательной: «-5»" });
    expect(parseRoubles("12,999", "Цена").ok).toBe(false);
    expect(parseRoubles("дорого", "Цена").ok).toBe(false);
  });
  it("holds prices and stock to the same bounds as 1C's (decision 099)", () => {
    expect(parseRoubles("0", "Старая цена")).toEqual({ ok: false, error: "Старая цена должна быть больше нуля" });
    for (const bad of ["100000000,01", "99999999999999999999", "1e309"]) expect(parseRoubles(bad, "Цена").ok).toBe(false);
    expect(parseRoubles("100 000 000", "Цена")).toEqual({ ok: true, value: 10_000_000_000 });
    expect(parseStock("2000000").ok).toBe(false);
  });
  it("writes kopecks back the way they are read", () => {
    for (const k of [1_299_050, 1_299_000, 5, 100]) expect(parseRoubles(formatRoubles(k), "Цена")).toEqual({ ok: true, value: k });
  });
  it("reads stock, published and slugs strictly", () => {
    expect(parseStock("12")).toEqual({ ok: true, value: 12 });
    expect(parseStock("-1")).toEqual({ ok: false, error: "Остаток не может быть отрицательным: «-1»" });
    expect(parseStock("1,5").ok).toBe(false);
    expect(parsePublished("Да")).toEqual({ ok: true, value: true });
    expect(parsePublished("0")).toEqual({ ok: true, value: false });
    expect(parsePublished("может").ok).toBe(false);
    expect(parseSlug(" Divan-Loft ")).toEqual({ ok: true, value: "divan-loft" });
    expect(parseSlug("диван").ok).toBe(false);
  });
  it("reads property values as the storefront shows them", () => {
    expect(parseNumberValue("120 см", "см")).toBe(120);
    expect(parseNumberValue("12,5", "")).toBe(12.5);
    expect(parseNumberValue("широкий", "см")).toBeNull();
    expect(splitMulti("орех | дуб|орех|")).toEqual(["дуб", "орех"]);
  });
});
