// CommerceML 2 (import.xml, offers.xml) read with a streaming XML parser (saxes). Only what the
// catalogue import uses is kept. A DOCTYPE is refused outright: without a DTD no entity can be
// declared, so external entities (XXE) and entity expansion («billion laughs») cannot happen —
// saxes reports an undeclared entity as an error.
import { SaxesParser } from "saxes";

export interface CmlGroup {
  id: string;
  title: string;
  parentId: string | null;
}

export interface CmlProduct {
  id: string;
  article: string;
  title: string;
  groupId: string | null;
  description: string;
}

export interface CmlOffer {
  /** the product's Ид (a characteristic's «#…» suffix dropped) */
  productId: string;
  /** price type Ид → price in kopecks */
  prices: Map<string, number>;
  /** summed over warehouses when they are listed, else «Количество» */
  stock: number;
}

export interface CmlDocument {
  groups: CmlGroup[];
  products: CmlProduct[];
  /** price types in document order */
  priceTypes: { id: string; title: string }[];
  offers: CmlOffer[];
  /** «СодержитТолькоИзменения» */
  changesOnly: boolean;
}

export class CommerceMlError extends Error {}

const amount = (text: string) => Number(text.replace(",", ".").replace(/\s/g, ""));

/** Reads one CommerceML document; a malformed or hostile one throws CommerceMlError (Russian). */
export function parseCommerceMl(text: string): CmlDocument {
  const doc: CmlDocument = { groups: [], products: [], priceTypes: [], offers: [], changesOnly: false };
  const parser = new SaxesParser({ xmlns: false });
  const path: string[] = [];
  const groupStack: CmlGroup[] = [];
  let textBuf = "";
  let product: CmlProduct | null = null;
  let offer: (CmlOffer & { warehouses: number; hasWarehouses: boolean }) | null = null;
  let price: { type: string; value: number } | null = null;
  let failure: string | null = null;

  parser.on("doctype", () => {
    throw new CommerceMlError("Файл содержит DOCTYPE: объявления DTD и сущностей не принимаются");
  });
  parser.on("error", (err) => {
    failure ??= `Файл не является корректным XML: ${err.message}`;
  });
  parser.on("opentag", (tag) => {
    const name = tag.name;
    const parent = path[path.length - 1];
    path.push(name);
    textBuf = "";
    const attr = (n: string) => {
      const v = tag.attributes[n];
      return typeof v === "string" ? v : "";
    };
    if (name === "ТипЦены") doc.priceTypes.push({ id: "", title: "" });
    if ((name === "Каталог" || name === "ПакетПредложений") && attr("СодержитТолькоИзменения") === "true") doc.changesOnly = true;
    if (name === "Группа" && parent === "Группы" && !product) {
      const g: CmlGroup = { id: "", title: "", parentId: groupStack.at(-1)?.id ?? null };
      groupStack.push(g);
    } else if (name === "Товар") product = { id: "", article: "", title: "", groupId: null, description: "" };
    else if (name === "Предложение") offer = { productId: "", prices: new Map(), stock: 0, warehouses: 0, hasWarehouses: false };
    else if (name === "Цена" && offer) price = { type: "", value: NaN };
    else if (name === "Склад" && offer && attr("КоличествоНаСкладе") !== "") {
      offer.hasWarehouses = true;
      offer.warehouses += amount(attr("КоличествоНаСкладе")) || 0;
    }
  });
  parser.on("text", (t) => {
    textBuf += t;
  });
  parser.on("closetag", (tag) => {
    const name = tag.name;
    path.pop();
    const parent = path[path.length - 1];
    const value = textBuf.trim();
    textBuf = "";
    if (product) {
      if (name === "Товар") {
        if (product.id && product.title) doc.products.push(product);
        product = null;
      } else if (parent === "Товар") {
        if (name === "Ид") product.id = value;
        else if (name === "Артикул") product.article = value;
        else if (name === "Наименование") product.title = value;
        else if (name === "Описание") product.description = value;
      } else if (name === "Ид" && parent === "Группы") product.groupId ??= value;
      return;
    }
    if (offer) {
      if (name === "Предложение") {
        if (offer.hasWarehouses) offer.stock = offer.warehouses;
        offer.stock = Math.max(0, Math.floor(offer.stock));
        if (offer.productId) doc.offers.push({ productId: offer.productId, prices: offer.prices, stock: offer.stock });
        offer = null;
      } else if (price && name === "Цена") {
        if (price.type && Number.isFinite(price.value)) offer.prices.set(price.type, Math.round(price.value * 100));
        price = null;
      } else if (price && name === "ИдТипаЦены") price.type = value;
      else if (price && name === "ЦенаЗаЕдиницу") price.value = amount(value);
      else if (parent === "Предложение" && name === "Ид") offer.productId = value.split("#")[0]!;
      else if (parent === "Предложение" && name === "Количество") offer.stock = amount(value) || 0;
      return;
    }
    const group = groupStack.at(-1);
    if (group) {
      if (name === "Группа") {
        groupStack.pop();
        if (group.id && group.title) doc.groups.push(group);
      } else if (parent === "Группа" && name === "Ид") group.id = value;
      else if (parent === "Группа" && name === "Наименование") group.title = value;
      return;
    }
    if (parent === "ТипЦены" && name === "Ид") doc.priceTypes.at(-1)!.id = value;
    else if (parent === "ТипЦены" && name === "Наименование") doc.priceTypes.at(-1)!.title = value;
  });

  parser.write(text);
  if (failure) throw new CommerceMlError(failure);
  parser.close();
  if (failure) throw new CommerceMlError(failure);
  return doc;
}
