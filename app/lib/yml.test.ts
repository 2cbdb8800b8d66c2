import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { cdata, escapeXml, ymlDate, ymlXml, type YmlOffer } from "./yml.ts";

/** The text of every element named `name`, as an XML parser reads it back. */
function textsOf(xml: string, name: string): string[] {
  const parser = new SaxesParser();
  const out: string[] = [];
  let inside = false;
  let buf = "";
  parser.on("opentag", (t) => {
    if (t.name === name) [inside, buf] = [true, ""];
  });
  parser.on("text", (t) => {
    if (inside) buf += t;
  });
  parser.on("cdata", (t) => {
    if (inside) buf += t;
  });
  parser.on("closetag", (t) => {
    if (t.name === name) [inside, out.length] = [false, out.push(buf)];
  });
  parser.write(xml).close();
  return out;
}

const offer: YmlOffer = {
  id: 7,
  available: true,
  url: "https://shop.example/product/sofa/?a=1&b=2",
  price: 45990,
  oldprice: 52990,
  categoryId: 3,
  pictures: Array.from({ length: 12 }, (_, i) => `https://shop.example/media/p${i}-960.webp`),
  name: `Диван «Томас» <угловой> & "мягкий"`,
  vendor: "O'Brien",
  description: "<p>Ткань]]>велюр</p>",
  params: [{ name: "Ширина", unit: "см", value: "220" }],
  weight: 48.5,
  dimensions: "220/95/85",
  salesNotes: "Предоплата 30%",
};

describe("YML writer", () => {
  it("escapes the five XML characters", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });

  it("splits CDATA on ]]> so the text reads back unchanged", () => {
    expect(cdata("x]]>y")).toBe("<![CDATA[x]]]]><![CDATA[>y]]>");
    const xml = ymlXml({
      name: "В",
      company: "В",
      url: "https://shop.example",
      date: 0,
      deliveryCost: 0,
      deliveryDays: "1-3",
      categories: [],
      offers: [offer],
    });
    expect(textsOf(xml, "description")).toEqual(["<p>Ткань]]>велюр</p>"]);
  });

  it("builds a document a parser reads back: names, prices, at most 10 pictures", () => {
    const xml = ymlXml({
      name: "Витрина",
      company: "ООО «Витрина» & Ко",
      url: "https://shop.example",
      date: Date.UTC(2026, 10, 25, 5, 30),
      deliveryCost: 0,
      deliveryDays: "1-3",
      categories: [
        { id: 1, parentId: null, name: "Диваны" },
        { id: 3, parentId: 1, name: "Угловые <диваны>" },
      ],
      offers: [offer],
    });
    expect(xml).toContain('<yml_catalog date="2026-11-25T08:30+03:00">');
    expect(xml).toContain('<category id="3" parentId="1">Угловые &lt;диваны&gt;</category>');
    expect(textsOf(xml, "name")).toEqual(["Витрина", offer.name]);
    expect(textsOf(xml, "company")).toEqual(["ООО «Витрина» & Ко"]);
    expect(textsOf(xml, "url")).toEqual(["https://shop.example", offer.url]);
    expect(textsOf(xml, "picture")).toHaveLength(10);
    expect(textsOf(xml, "price")).toEqual(["45990"]);
    expect(textsOf(xml, "oldprice")).toEqual(["52990"]);
    expect(textsOf(xml, "vendor")).toEqual(["O'Brien"]);
    expect(textsOf(xml, "weight")).toEqual(["48.500"]);
  });

  it("leaves out an old price not above the price, and strips characters XML forbids", () => {
    const xml = ymlXml({
      name: "В\u0001",
      company: "В",
      url: "https://shop.example",
      date: 0,
      deliveryCost: 0,
      deliveryDays: "1-3",
      categories: [],
      offers: [{ ...offer, oldprice: 45990, price: 45990.5 }],
    });
    expect(textsOf(xml, "oldprice")).toEqual([]);
    expect(textsOf(xml, "price")).toEqual(["45990.50"]);
    expect(textsOf(xml, "name")[0]).toBe("В");
  });

  it("writes Moscow time", () => {
    expect(ymlDate(Date.UTC(2026, 0, 1, 22, 15))).toBe("2026-01-02T01:15+03:00");
  });
});
