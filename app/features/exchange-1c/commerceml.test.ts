import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CommerceMlError, CommerceMlReader, readCommerceMl, xmlEncoding, type CmlRecord } from "./commerceml.ts";

const bytes = (name: string) => readFileSync(new URL(`../../../tests/fixtures/1c/${name}`, import.meta.url));
const fixture = (name: string) => bytes(name).toString("utf8");
const ofKind = <K extends CmlRecord["kind"]>(records: CmlRecord[], kind: K) => records.filter((r): r is Extract<CmlRecord, { kind: K }> => r.kind === kind);

describe("CommerceMlReader", () => {
  it("reads the groups tree (parents first), the properties and the products of import.xml", () => {
    const records = readCommerceMl(fixture("import.xml"));
    expect(ofKind(records, "group").map((g) => [g.title, g.parentId])).toEqual([
      ["Мебель из 1С", null],
      ["Комоды из 1С", "9f1c0a10-0000-4000-8000-000000000001"],
    ]);
    expect(ofKind(records, "catalog")).toEqual([{ kind: "catalog", changesOnly: false }]);
    expect(ofKind(records, "property")[0]).toEqual({
      kind: "property",
      id: "prop-material",
      title: "Материал фасада",
      type: "reference",
      values: [
        ["val-oak", "Массив дуба"],
        ["val-ldsp", "ЛДСП белая"],
      ],
    });
    const products = ofKind(records, "product");
    expect(products).toHaveLength(2);
    expect(products[0]).toMatchObject({
      brand: "Фабрика Обмен",
      weight: 38_500,
      values: [
        { propertyId: "prop-material", value: "val-oak" },
        { propertyId: "prop-drawers", value: "4" },
      ],
    });
    expect(products[1]).toMatchObject({
      id: "5b2e7c1a-1111-4000-8000-00000000000b",
      article: "KM-102",
      title: "Комод Обменный белый",
      groupId: "9f1c0a10-0000-4000-8000-000000000002",
      description: "Белый комод & три ящика.",
      weight: null,
      brand: "",
    });
  });

  it("reads price types, prices in kopecks and stock summed over warehouses (2.05 attributes and 2.08 Остатки)", () => {
    const records = readCommerceMl(fixture("offers.xml"));
    expect(ofKind(records, "priceType").map((t) => [t.id, t.title])).toEqual([
      ["price-retail", "Розничная"],
      ["price-wholesale", "Оптовая"],
    ]);
    const offers = ofKind(records, "offer");
    expect(offers[0]).toMatchObject({ prices: { "price-retail": 2_499_000, "price-wholesale": 1_999_000 }, stock: 5 });
    expect(offers[1]).toMatchObject({ productId: "5b2e7c1a-1111-4000-8000-00000000000b", stock: 4, prices: { "price-retail": 1_550_050 } });
    expect(ofKind(readCommerceMl(fixture("offers-2.08.xml")), "offer")[0]).toMatchObject({ prices: { "price-retail": 2_649_000 }, stock: 11 });
  });

  it("tells a prices-only package from a rests-only one: the missing half is null, not zero", () => {
    expect(ofKind(readCommerceMl(fixture("prices_1.xml")), "offer")[0]).toMatchObject({ prices: { "price-retail": 2_799_000 }, stock: null });
    expect(ofKind(readCommerceMl(fixture("rests_1.xml")), "offer")[0]).toMatchObject({ prices: null, stock: 3 });
  });

  it("emits the same records however the text is split into chunks", () => {
    const text = fixture("import.xml");
    const records: CmlRecord[] = [];
    const reader = new CommerceMlReader((r) => records.push(r));
    for (let i = 0; i < text.length; i += 7) reader.write(text.slice(i, i + 7));
    reader.end();
    expect(records).toEqual(readCommerceMl(text));
  });

  it("refuses DTDs (XXE, billion laughs), broken XML and a file cut short", () => {
    expect(() => readCommerceMl(fixture("xxe.xml"))).toThrow(CommerceMlError);
    expect(() => readCommerceMl(fixture("billion-laughs.xml"))).toThrow(/DOCTYPE/);
    expect(() => readCommerceMl("<a><b></a>")).toThrow(/корректным XML/);
    const text = fixture("import.xml");
    expect(() => readCommerceMl(text.slice(0, text.length - 40))).toThrow(CommerceMlError);
  });
});

describe("xmlEncoding", () => {
  it("finds UTF-8 by its BOM or by default, Windows-1251 from the declaration, and refuses others", () => {
    expect(xmlEncoding(Buffer.from('\uFEFF<?xml version="1.0"?><a/>'))).toBe("utf-8");
    expect(xmlEncoding(Buffer.from("<a/>"))).toBe("utf-8");
    expect(xmlEncoding(bytes("import-1251.xml"))).toBe("windows-1251");
    expect(() => xmlEncoding(Buffer.from('<?xml version="1.0" encoding="KOI8-R"?><a/>'))).toThrow(/KOI8-R/);
  });
});
