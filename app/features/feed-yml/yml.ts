// The Yandex Market YML document (yml_catalog → shop → categories, delivery-options, offers), in
// three pieces so the domain can stream a catalogue of any size: ymlHead, then offerXml per offer in
// batches, then ymlTail (decision 090). Pure: the domain reads the catalogue and hands plain values
// here; every text and attribute passes through escapeXml or cdata, so no value from the back
// office can break the document. Element order follows Market's shops.dtd.
import { shopRfc3339 } from "../../lib/shop-calendar.ts";
import { cdata, xmlText } from "../../lib/xml-text.ts";

export interface YmlCategory {
  id: number;
  parentId: number | null;
  name: string;
}

export interface YmlParam {
  name: string;
  unit: string;
  value: string;
}

export interface YmlOffer {
  id: number;
  available: boolean;
  url: string;
  /** roubles */
  price: number;
  /** roubles; written only when above price */
  oldprice: number | null;
  categoryId: number;
  pictures: readonly string[];
  /** courier delivery is possible */
  delivery: boolean;
  /** can be collected from a showroom */
  pickup: boolean;
  name: string;
  vendor: string;
  /** sanitised HTML (Market's tags only), at most YML_DESCRIPTION_MAX characters: goes into CDATA */
  description: string;
  salesNotes: string;
  params: readonly YmlParam[];
  /** kilograms, null when unknown */
  weight: number | null;
  /** centimetres, length/width/height as Market wants; null when any is unknown */
  dimensions: { length: number; width: number; height: number } | null;
  /** units in stock; null when not counted (a set is made of other products' stock) */
  count: number | null;
}

export interface YmlShop {
  /** the shop's short name, at most YML_SHOP_NAME_MAX characters */
  name: string;
  company: string;
  url: string;
  /** epoch ms the feed was built */
  date: number;
  /** the software that writes the feed (Market's optional platform/version) */
  platform: string;
  version: string;
  /** the shop's courier option: whole roubles and a day count or range («1-3») */
  deliveryCost: number;
  deliveryDays: string;
  categories: readonly YmlCategory[];
}

/** Market's limits (its YML reference). */
export const YML_MAX_PICTURES = 10;
export const YML_SHOP_NAME_MAX = 20;
export const YML_DESCRIPTION_MAX = 3000;
export const YML_SALES_NOTES_MAX = 50;
/** the HTML Market shows in a description; everything else is stripped */
export const YML_DESCRIPTION_TAGS = ["h3", "p", "br", "ul", "ol", "li"];

const text = xmlText;
const el = (name: string, value: string) => `<${name}>${text(value)}</${name}>`;

/**
 * `text` cut to at most `max` characters at a word boundary, with «…» when something was cut (a
 * description too long for Market loses its tail, not the whole offer).
 */
export function clipText(value: string, max: number): string {
  const chars = [...value];
  if (chars.length <= max) return value;
  const head = chars.slice(0, max - 1).join("");
  const space = head.lastIndexOf(" ");
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

const money = (roubles: number) => (Number.isInteger(roubles) ? String(roubles) : roubles.toFixed(2));
/** «220», «85.5»: no trailing zeros */
const decimal = (n: number, digits: number) => String(Number(n.toFixed(digits)));

export function offerXml(o: YmlOffer): string {
  const d = o.dimensions;
  const lines = [
    `<offer id="${o.id}" available="${o.available}">`,
    el("url", o.url),
    el("price", money(o.price)),
    ...(o.oldprice !== null && o.oldprice > o.price ? [el("oldprice", money(o.oldprice))] : []),
    "<currencyId>RUR</currencyId>",
    `<categoryId>${o.categoryId}</categoryId>`,
    ...o.pictures.slice(0, YML_MAX_PICTURES).map((p) => el("picture", p)),
    `<pickup>${o.pickup}</pickup>`,
    `<delivery>${o.delivery}</delivery>`,
    el("name", o.name),
    ...(o.vendor ? [el("vendor", o.vendor)] : []),
    ...(o.description ? [`<description>${cdata(o.description)}</description>`] : []),
    ...(o.salesNotes ? [el("sales_notes", clipText(o.salesNotes, YML_SALES_NOTES_MAX))] : []),
    ...o.params.map((p) => `<param name="${text(p.name)}"${p.unit ? ` unit="${text(p.unit)}"` : ""}>${text(p.value)}</param>`),
    ...(o.weight !== null && o.weight > 0 ? [`<weight>${decimal(o.weight, 3)}</weight>`] : []),
    ...(d ? [`<dimensions>${decimal(d.length, 3)}/${decimal(d.width, 3)}/${decimal(d.height, 3)}</dimensions>`] : []),
    ...(o.count !== null ? [`<count>${Math.max(0, Math.trunc(o.count))}</count>`] : []),
    "</offer>",
  ];
  return lines.join("\n");
}

/** Everything before the first offer. */
export function ymlHead(shop: YmlShop): string {
  const categories = shop.categories.map((c) => `<category id="${c.id}"${c.parentId !== null ? ` parentId="${c.parentId}"` : ""}>${text(c.name)}</category>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${shopRfc3339(shop.date)}">`,
    "<shop>",
    el("name", clipText(shop.name, YML_SHOP_NAME_MAX)),
    el("company", shop.company),
    el("url", shop.url),
    el("platform", shop.platform),
    el("version", shop.version),
    "<currencies>",
    '<currency id="RUR" rate="1"/>',
    "</currencies>",
    "<categories>",
    ...categories,
    "</categories>",
    "<delivery-options>",
    `<option cost="${Math.round(shop.deliveryCost)}" days="${text(shop.deliveryDays)}"/>`,
    "</delivery-options>",
    "<offers>",
    "",
  ].join("\n");
}

/** Everything after the last offer. */
export function ymlTail(): string {
  return ["</offers>", "</shop>", "</yml_catalog>", ""].join("\n");
}
