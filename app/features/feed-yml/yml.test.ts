import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { clipText, offerXml, ymlHead, ymlTail, type YmlOffer, type YmlShop } from "./yml.ts";
import { cdata, escapeXml } from "../../lib/xml-text.ts";

/** The whole document, as the domain streams it: head, offers, tail. */
const ymlXml = ({ offers, ...shop }: Omit<YmlShop, "platform" | "version"> & { offers: YmlOffer[] }) =>
  `${ymlHead({ ...shop, platform: "Vitrina", version: "0.1" })}${offers.map(offerXml).join("\n")}\n${ymlTail()}`;

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
  delivery: true,
  pickup: false,
  params: [{ name: "Ширина", unit: "см", value: "220" }],
  weight: 48.5,
  dimensions: { length: 220, width: 95.5, height: 85 },
  salesNotes: "Предоплата 30%",
  count: 4,
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
    expect(textsOf(xml, "weight")).toEqual(["48.5"]);
    expect(textsOf(xml, "dimensions")).toEqual(["220/95.5/85"]);
    expect(textsOf(xml, "count")).toEqual(["4"]);
    expect(textsOf(xml, "delivery")).toEqual(["true"]);
    expect(textsOf(xml, "pickup")).toEqual(["false"]);
    expect(textsOf(xml, "platform")).toEqual(["Vitrina"]);
    expect(xml).toContain('<currency id="RUR" rate="1"/>');
    expect(xml).toContain('<option cost="0" days="1-3"/>');
  });

  it("keeps Market's limits: a shop name of 20 characters, a sales note of 50; no weight, size or count when unknown", () => {
    const xml = ymlXml({
      name: "Очень длинное название магазина мебели",
      company: "В",
      url: "https://shop.example",
      date: 0,
      deliveryCost: 990,
      deliveryDays: "2",
      categories: [],
      offers: [{ ...offer, salesNotes: "Оплата при получении наличными или картой, а также онлайн на сайте", weight: null, dimensions: null, count: null }],
    });
    expect([...textsOf(xml, "name")[0]!].length).toBeLessThanOrEqual(20);
    expect([...textsOf(xml, "sales_notes")[0]!].length).toBeLessThanOrEqual(50);
    expect(textsOf(xml, "sales_notes")[0]).toMatch(/…$/);
    expect(textsOf(xml, "weight")).toEqual([]);
    expect(textsOf(xml, "dimensions")).toEqual([]);
    expect(textsOf(xml, "count")).toEqual([]);
  });

  it("clips text at a word with an ellipsis, and leaves short text alone", () => {
    expect(clipText("короткий", 10)).toBe("короткий");
    expect(clipText("раз два три четыре", 12)).toBe("раз два…");
    expect([...clipText("а".repeat(5000), 3000)].length).toBe(3000);
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
    const xml = ymlXml({
      name: "В",
      company: "В",
      url: "https://shop.example",
      date: Date.UTC(2026, 0, 1, 22, 15),
      deliveryCost: 0,
      deliveryDays: "1-3",
      categories: [],
      offers: [],
    });
    expect(xml).toContain('<yml_catalog date="2026-01-02T01:15+03:00">');
  });
});
