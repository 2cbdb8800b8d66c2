import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CommerceMlError, parseCommerceMl } from "./commerceml.ts";

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/1c/${name}`, import.meta.url), "utf8");

describe("parseCommerceMl", () => {
  it("reads the groups tree and the products of import.xml", () => {
    const doc = parseCommerceMl(fixture("import.xml"));
    expect(doc.groups.map((g) => [g.title, g.parentId])).toEqual([
      ["Комоды из 1С", "9f1c0a10-0000-4000-8000-000000000001"],
      ["Мебель из 1С", null],
    ]);
    expect(doc.products).toHaveLength(2);
    expect(doc.products[1]).toEqual({
      id: "5b2e7c1a-1111-4000-8000-00000000000b",
      article: "KM-102",
      title: "Комод Обменный белый",
      groupId: "9f1c0a10-0000-4000-8000-000000000002",
      description: "Белый комод & три ящика.",
    });
  });

  it("reads price types, prices in kopecks and stock summed over warehouses from offers.xml", () => {
    const doc = parseCommerceMl(fixture("offers.xml"));
    expect(doc.priceTypes).toEqual([
      { id: "price-retail", title: "Розничная" },
      { id: "price-wholesale", title: "Оптовая" },
    ]);
    expect(doc.offers[0]!.prices.get("price-retail")).toBe(2_499_000);
    expect(doc.offers[0]!.stock).toBe(5);
    expect(doc.offers[1]).toMatchObject({ productId: "5b2e7c1a-1111-4000-8000-00000000000b", stock: 4 });
    expect(doc.offers[1]!.prices.get("price-retail")).toBe(1_550_050);
  });

  it("refuses DTDs (XXE, billion laughs) and broken XML", () => {
    expect(() => parseCommerceMl(fixture("xxe.xml"))).toThrow(CommerceMlError);
    expect(() => parseCommerceMl(fixture("billion-laughs.xml"))).toThrow(/DOCTYPE/);
    expect(() => parseCommerceMl("<a><b></a>")).toThrow(/корректным XML/);
  });
});
