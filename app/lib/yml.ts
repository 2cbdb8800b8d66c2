// The Yandex Market YML document (yml_catalog → shop → categories, offers). Pure: the domain reads
// the catalogue and hands plain values here; every text and attribute passes through escapeXml or
// cdata, so no value from the back office can break the document.

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
  /** roubles; only when above price */
  oldprice: number | null;
  categoryId: number;
  pictures: readonly string[];
  name: string;
  vendor: string;
  /** sanitised HTML or text: goes into CDATA */
  description: string;
  params: readonly YmlParam[];
  /** kilograms, null when unknown */
  weight: number | null;
  /** «length/width/height» in centimetres, null when unknown */
  dimensions: string | null;
  salesNotes: string;
}

export interface YmlShop {
  name: string;
  company: string;
  url: string;
  /** epoch ms of the catalogue state the feed shows */
  date: number;
  deliveryCost: number;
  deliveryDays: string;
  categories: readonly YmlCategory[];
  offers: readonly YmlOffer[];
}

/** Yandex Market allows at most this many pictures per offer. */
export const YML_MAX_PICTURES = 10;

/** Text or attribute value in XML: the five predefined entities. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}

/**
 * A CDATA section holding `value` literally: "]]>" cannot appear inside one, so it is split across
 * two sections ("]]" ends the first, ">" opens the second). Characters XML 1.0 forbids are dropped.
 */
export function cdata(value: string): string {
  return `<![CDATA[${stripInvalid(value).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

// eslint-disable-next-line no-control-regex -- these control characters are exactly what XML 1.0 forbids
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const stripInvalid = (s: string) => s.replace(INVALID_XML, "");

/** Text for any XML document we write (the 1C orders exchange too): escaped, forbidden characters dropped. */
export const xmlText = (s: string) => escapeXml(stripInvalid(s));
const text = xmlText;
const el = (name: string, value: string) => `<${name}>${text(value)}</${name}>`;

/** 2026-11-25T08:30+03:00 — Market's date format, in Moscow time. */
export function ymlDate(ms: number): string {
  const moscow = new Date(ms + 3 * 3600_000).toISOString();
  return `${moscow.slice(0, 16)}+03:00`;
}

const money = (roubles: number) => (Number.isInteger(roubles) ? String(roubles) : roubles.toFixed(2));

function offerXml(o: YmlOffer): string {
  const lines = [
    `<offer id="${o.id}" available="${o.available}">`,
    el("url", o.url),
    el("price", money(o.price)),
    ...(o.oldprice !== null && o.oldprice > o.price ? [el("oldprice", money(o.oldprice))] : []),
    "<currencyId>RUR</currencyId>",
    `<categoryId>${o.categoryId}</categoryId>`,
    ...o.pictures.slice(0, YML_MAX_PICTURES).map((p) => el("picture", p)),
    el("name", o.name),
    ...(o.vendor ? [el("vendor", o.vendor)] : []),
    `<description>${cdata(o.description)}</description>`,
    ...(o.salesNotes ? [el("sales_notes", o.salesNotes)] : []),
    ...o.params.map((p) => `<param name="${text(p.name)}"${p.unit ? ` unit="${text(p.unit)}"` : ""}>${text(p.value)}</param>`),
    ...(o.weight !== null ? [`<weight>${o.weight.toFixed(3)}</weight>`] : []),
    ...(o.dimensions ? [el("dimensions", o.dimensions)] : []),
    "</offer>",
  ];
  return lines.join("\n");
}

export function ymlXml(shop: YmlShop): string {
  const categories = shop.categories.map((c) => `<category id="${c.id}"${c.parentId !== null ? ` parentId="${c.parentId}"` : ""}>${text(c.name)}</category>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${ymlDate(shop.date)}">`,
    "<shop>",
    el("name", shop.name),
    el("company", shop.company),
    el("url", shop.url),
    "<currencies>",
    '<currency id="RUR" rate="1"/>',
    "</currencies>",
    "<categories>",
    ...categories,
    "</categories>",
    "<delivery-options>",
    `<option cost="${shop.deliveryCost}" days="${text(shop.deliveryDays)}"/>`,
    "</delivery-options>",
    "<offers>",
    ...shop.offers.map(offerXml),
    "</offers>",
    "</shop>",
    "</yml_catalog>",
    "",
  ].join("\n");
}
