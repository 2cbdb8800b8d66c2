// CommerceML 2 (import.xml, offers.xml, and 2.08+'s prices_*/rests_* packages) read with a
// streaming XML parser (saxes) fed in chunks: each group, property, product, price type and offer
// is handed on as one record the moment it is complete, so memory holds one record, never the
// file (decision 088). Only what the catalogue import uses is kept. A DOCTYPE is refused outright:
// without a DTD no entity can be declared, so external entities (XXE) and entity expansion
// («billion laughs») cannot happen — saxes reports an undeclared entity as an error.
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { z } from "zod";
import { convertPrice, isRoubles, parsePrice, parseRate, parseStock, parseWeightKg, STOCK_MAX } from "../../lib/merchant-numbers.ts";

export interface CmlGroup {
  kind: "group";
  id: string;
  title: string;
  parentId: string | null;
}

export type CmlPropertyType = "reference" | "number" | "string";

export interface CmlProperty {
  kind: "property";
  id: string;
  title: string;
  type: CmlPropertyType;
  /** reference values: [ИдЗначения, Значение] */
  values: [string, string][];
}

export interface CmlProduct {
  kind: "product";
  id: string;
  article: string;
  title: string;
  groupId: string | null;
  description: string;
  /** ЗначенияСвойств: the property's Ид and its values (a value Ид for reference properties) */
  values: { propertyId: string; value: string }[];
  /** grams, from «Вес» in the product or its requisite «Вес» (kilograms in 1C); null when not given or 0 */
  weight: number | null;
  /** what could not be read but does not stop the product (a bad weight), for the session's report */
  warnings: string[];
  /** Изготовитель/Наименование; "" when not given */
  brand: string;
  /** Картинка: paths under import_files/ */
  pictures: string[];
}

export interface CmlPriceType {
  kind: "priceType";
  id: string;
  title: string;
  /** Валюта as 1C wrote it; "" when not given */
  currency: string;
  /** Курс as 1C wrote it; "" when not given */
  rate: string;
}

export interface CmlOffer {
  kind: "offer";
  /** the product's Ид (a characteristic's «#…» suffix dropped) */
  productId: string;
  /** price type Ид → kopecks (in roubles); null when the offer lists no prices (a 2.08+ rests package) */
  prices: Record<string, number> | null;
  /** price type Ид → why its price was refused (not a price, not in roubles without a rate): decision 099 */
  priceErrors: Record<string, string>;
  /** summed over warehouses when they are listed, else «Количество»; null when not given (a prices package) */
  stock: number | null;
  /** why the stock was refused; null when it was read (or not given) */
  stockError: string | null;
}

/**
 * A record without its «Ид» (or a group repeated): the file cannot be applied safely, so the
 * import refuses it whole with `reason` (decision 099).
 */
export interface CmlInvalid {
  kind: "invalid";
  reason: string;
}

/** the catalogue's header: «СодержитТолькоИзменения» (absent = a full update) */
export interface CmlCatalog {
  kind: "catalog";
  changesOnly: boolean;
}

export type CmlRecord = CmlGroup | CmlProperty | CmlProduct | CmlPriceType | CmlOffer | CmlCatalog | CmlInvalid;

// The records as staged (exchange_staging.data, JSON), checked when a later step of the import
// reads them back (decision 088)
const CmlGroupSchema = z.object({ kind: z.literal("group"), id: z.string(), title: z.string(), parentId: z.string().nullable() }) satisfies z.ZodType<CmlGroup>;
const CmlPropertySchema = z.object({
  kind: z.literal("property"),
  id: z.string(),
  title: z.string(),
  type: z.enum(["reference", "number", "string"]),
  values: z.array(z.tuple([z.string(), z.string()])),
}) satisfies z.ZodType<CmlProperty>;
export const CmlProductSchema = z.object({
  kind: z.literal("product"),
  id: z.string(),
  article: z.string(),
  title: z.string(),
  groupId: z.string().nullable(),
  description: z.string(),
  values: z.array(z.object({ propertyId: z.string(), value: z.string() })),
  weight: z.number().nullable(),
  warnings: z.array(z.string()),
  brand: z.string(),
  pictures: z.array(z.string()),
}) satisfies z.ZodType<CmlProduct>;
const CmlPriceTypeSchema = z.object({
  kind: z.literal("priceType"),
  id: z.string(),
  title: z.string(),
  currency: z.string(),
  rate: z.string(),
}) satisfies z.ZodType<CmlPriceType>;
const CmlOfferSchema = z.object({
  kind: z.literal("offer"),
  productId: z.string(),
  prices: z.record(z.string(), z.number()).nullable(),
  priceErrors: z.record(z.string(), z.string()),
  stock: z.number().nullable(),
  stockError: z.string().nullable(),
}) satisfies z.ZodType<CmlOffer>;
export const CmlInvalidSchema = z.object({ kind: z.literal("invalid"), reason: z.string() }) satisfies z.ZodType<CmlInvalid>;
const CmlCatalogSchema = z.object({ kind: z.literal("catalog"), changesOnly: z.boolean() }) satisfies z.ZodType<CmlCatalog>;
export const CmlRecordSchema = z.discriminatedUnion("kind", [
  CmlGroupSchema,
  CmlPropertySchema,
  CmlProductSchema,
  CmlPriceTypeSchema,
  CmlOfferSchema,
  CmlCatalogSchema,
  CmlInvalidSchema,
]) satisfies z.ZodType<CmlRecord>;

export class CommerceMlError extends Error {}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

const ENCODINGS: Record<string, string> = {
  "utf-8": "utf-8",
  utf8: "utf-8",
  "windows-1251": "windows-1251",
  cp1251: "windows-1251",
  "cp-1251": "windows-1251",
};

/**
 * The encoding of an XML file from its first bytes: a UTF-8 BOM, else the XML declaration's
 * `encoding`, else UTF-8 (the XML default). Only UTF-8 and Windows-1251 are what 1C writes.
 */
export function xmlEncoding(head: Uint8Array): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  const start = Buffer.from(head.subarray(0, 256)).toString("latin1");
  const declared = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(start)?.[1];
  if (!declared) return "utf-8";
  const known = ENCODINGS[declared.toLowerCase()];
  if (!known) throw new CommerceMlError(`Неподдерживаемая кодировка файла: ${declared.slice(0, 40)} (нужна UTF-8 или Windows-1251)`);
  return known;
}

const PROPERTY_TYPES: Record<string, CmlPropertyType> = { Справочник: "reference", Число: "number" };

/**
 * A push reader: `write` text as it is decoded, `close` at the end; `emit` gets each record.
 * Throws CommerceMlError (Russian) on malformed or hostile XML.
 */
export class CommerceMlReader {
  private parser = new SaxesParser({ xmlns: false });
  private path: string[] = [];
  private text = "";
  private groups: { group: CmlGroup; emitted: boolean }[] = [];
  private property: CmlProperty | null = null;
  private refValue: [string, string] | null = null;
  private product: CmlProduct | null = null;
  private propertyValue: { propertyId: string; values: string[] } | null = null;
  private requisite: { name: string; value: string } | null = null;
  private priceType: CmlPriceType | null = null;
  /** this file's price types: an offer's price is in its type's currency unless it says otherwise */
  private priceTypes = new Map<string, CmlPriceType>();
  /** group Ids seen in this file: a repeated one is an error (a catalogue has hundreds, not millions) */
  private groupIds = new Set<string>();
  private offer: (CmlOffer & { warehouses: number; hasWarehouses: boolean; quantity: number | null }) | null = null;
  private price: { type: string; value: string; currency: string; rate: string } | null = null;
  private failure: string | null = null;

  private readonly emit: (record: CmlRecord) => void;

  constructor(emit: (record: CmlRecord) => void) {
    this.emit = emit;
    this.parser.on("doctype", () => {
      throw new CommerceMlError("Файл содержит DOCTYPE: объявления DTD и сущностей не принимаются");
    });
    this.parser.on("error", (err) => {
      this.failure ??= `Файл не является корректным XML: ${err.message}`;
    });
    this.parser.on("opentag", (tag) => this.open(tag));
    this.parser.on("text", (t) => {
      // one element's text; a value longer than any column is cut, not kept growing
      if (this.text.length < 100_000) this.text += t;
    });
    this.parser.on("closetag", (tag) => this.close(tag.name));
  }

  write(chunk: string): void {
    this.parser.write(chunk);
    if (this.failure) throw new CommerceMlError(this.failure);
  }

  end(): void {
    this.parser.close();
    if (this.failure) throw new CommerceMlError(this.failure);
    if (this.path.length > 0) throw new CommerceMlError("Файл оборван: не все элементы закрыты");
  }

  private open(tag: SaxesTagPlain): void {
    const name = tag.name;
    const parent = this.path.at(-1);
    this.path.push(name);
    this.text = "";
    const attr = (n: string) => {
      const v = tag.attributes[n];
      return typeof v === "string" ? v : "";
    };
    if (name === "Каталог") {
      this.emit({ kind: "catalog", changesOnly: attr("СодержитТолькоИзменения") === "true" });
      return;
    }
    if (this.product) {
      if (name === "ЗначенияСвойства") this.propertyValue = { propertyId: "", values: [] };
      else if (name === "ЗначениеРеквизита") this.requisite = { name: "", value: "" };
      return;
    }
    if (this.offer) {
      if (name === "Цены") this.offer.prices ??= {};
      else if (name === "Цена") this.price = { type: "", value: "", currency: "", rate: "" };
      else if (name === "Склад" && attr("КоличествоНаСкладе") !== "") {
        // 2.05–2.07: <Склад ИдСклада="…" КоличествоНаСкладе="3"/>
        this.offer.hasWarehouses = true;
        this.addStock(attr("КоличествоНаСкладе"));
      }
      return;
    }
    if (name === "Группа" && parent === "Группы") {
      // a subgroup's list starts: its parent is complete enough to be applied first
      this.emitOpenGroups();
      this.groups.push({ group: { kind: "group", id: "", title: "", parentId: this.groups.at(-1)?.group.id ?? null }, emitted: false });
    } else if (name === "Группы" && parent === "Группа") this.emitOpenGroups();
    else if (name === "Свойство" && parent === "Свойства") this.property = { kind: "property", id: "", title: "", type: "string", values: [] };
    else if (this.property && name === "Справочник") this.refValue = ["", ""];
    else if (name === "Товар") {
      this.product = {
        kind: "product",
        id: "",
        article: "",
        title: "",
        groupId: null,
        description: "",
        values: [],
        weight: null,
        warnings: [],
        brand: "",
        pictures: [],
      };
    } else if (name === "ТипЦены") this.priceType = { kind: "priceType", id: "", title: "", currency: "", rate: "" };
    else if (name === "Предложение")
      this.offer = {
        kind: "offer",
        productId: "",
        prices: null,
        priceErrors: {},
        stock: null,
        stockError: null,
        warehouses: 0,
        hasWarehouses: false,
        quantity: null,
      };
  }

  private emitOpenGroups(): void {
    for (const entry of this.groups) {
      if (entry.emitted || !entry.group.id || !entry.group.title) continue;
      entry.emitted = true;
      this.emitGroup(entry.group);
    }
  }

  /** where the reader is, for a reason a person can find in the file */
  private where(): string {
    return `строка ${this.parser.line}`;
  }

  private emitGroup(group: CmlGroup): void {
    if (this.groupIds.has(group.id)) this.emit({ kind: "invalid", reason: `Группа с Ид «${group.id}» повторяется (${this.where()})` });
    else {
      this.groupIds.add(group.id);
      this.emit({ ...group });
    }
  }

  /** a record without what identifies it; `title` helps find it */
  private invalid(what: string, title: string): void {
    this.emit({ kind: "invalid", reason: `${what} без Ид${title ? ` («${clip(title, 80)}»)` : ""} (${this.where()})` });
  }

  private close(name: string): void {
    this.path.pop();
    const parent = this.path.at(-1);
    const value = this.text.trim();
    this.text = "";
    if (this.product) this.closeInProduct(name, parent, value);
    else if (this.offer) this.closeInOffer(name, parent, value);
    else if (this.property) {
      const property = this.property;
      if (name === "Свойство") {
        if (property.id && property.title) this.emit(property);
        this.property = null;
      } else if (this.refValue && name === "Справочник") {
        if (this.refValue[0] && this.refValue[1]) property.values.push(this.refValue);
        this.refValue = null;
      } else if (this.refValue && name === "ИдЗначения") this.refValue[0] = clip(value, 80);
      else if (this.refValue && name === "Значение") this.refValue[1] = clip(value, 200);
      else if (parent === "Свойство" && name === "Ид") property.id = clip(value, 80);
      else if (parent === "Свойство" && name === "Наименование") property.title = clip(value, 120);
      else if (parent === "Свойство" && name === "ТипЗначений") property.type = PROPERTY_TYPES[value] ?? "string";
    } else if (this.priceType) {
      if (name === "ТипЦены") {
        if (this.priceType.id) {
          this.priceTypes.set(this.priceType.id, this.priceType);
          this.emit(this.priceType);
        }
        this.priceType = null;
      } else if (parent === "ТипЦены" && name === "Ид") this.priceType.id = clip(value, 80);
      else if (parent === "ТипЦены" && name === "Наименование") this.priceType.title = clip(value, 120);
      else if (parent === "ТипЦены" && name === "Валюта") this.priceType.currency = clip(value, 40);
      else if (parent === "ТипЦены" && name === "Курс") this.priceType.rate = clip(value, 40);
    } else {
      const entry = this.groups.at(-1);
      if (!entry) return;
      if (name === "Группа") {
        this.groups.pop();
        if (!entry.group.id) this.invalid("Группа", entry.group.title);
        else if (!entry.group.title) this.emit({ kind: "invalid", reason: `Группа «${entry.group.id}» без наименования (${this.where()})` });
        else if (!entry.emitted) this.emitGroup(entry.group);
      } else if (parent === "Группа" && name === "Ид") entry.group.id = clip(value, 80);
      else if (parent === "Группа" && name === "Наименование") entry.group.title = clip(value, 200);
    }
  }

  private closeInProduct(name: string, parent: string | undefined, value: string): void {
    const product = this.product!;
    if (name === "Товар") {
      // a product without a name is still emitted: the import reports and skips it, and a full
      // update must not hide the product because this record could not be read
      if (product.id) this.emit(product);
      else this.invalid("Товар", product.title);
      this.product = null;
    } else if (parent === "Товар") {
      if (name === "Ид") product.id = clip(value, 80);
      // how 1C writes the weight: <Вес> in the product itself, kilograms
      else if (name === "Вес") this.readWeight(product, value);
      else if (name === "Артикул") product.article = clip(value, 60);
      else if (name === "Наименование") product.title = clip(value, 300);
      else if (name === "Описание") product.description = value;
      else if (name === "Картинка" && value) product.pictures.push(value);
    } else if (name === "Ид" && parent === "Группы") product.groupId ??= clip(value, 80);
    else if (name === "Наименование" && parent === "Изготовитель") product.brand = clip(value, 120);
    else if (this.propertyValue) {
      if (name === "ЗначенияСвойства") {
        for (const v of this.propertyValue.values)
          if (this.propertyValue.propertyId) product.values.push({ propertyId: this.propertyValue.propertyId, value: v });
        this.propertyValue = null;
      } else if (name === "Ид") this.propertyValue.propertyId = clip(value, 80);
      else if (name === "Значение" && value) this.propertyValue.values.push(clip(value, 200));
    } else if (this.requisite) {
      if (name === "ЗначениеРеквизита") {
        if (this.requisite.name.toLowerCase() === "вес" && product.weight === null) this.readWeight(product, this.requisite.value);
        this.requisite = null;
      } else if (name === "Наименование") this.requisite.name = value;
      else if (name === "Значение") this.requisite.value = value;
    }
  }

  private readWeight(product: CmlProduct, text: string): void {
    if (text === "") return;
    const grams = parseWeightKg(text);
    if (!grams.ok) product.warnings.push(`Товар «${product.id || product.title}»: ${grams.error} — вес не изменён`);
    else product.weight = grams.value > 0 ? grams.value : null;
  }

  /** one warehouse's quantity: a negative one (sold ahead of a receipt) counts as 0 */
  private addStock(text: string): void {
    const offer = this.offer!;
    const stock = parseStock(text, "zero");
    if (!stock.ok) offer.stockError ??= stock.error;
    else offer.warehouses += stock.value;
  }

  /** a price of the offer read, in roubles, or its reason for refusal (decision 099) */
  private closePrice(offer: CmlOffer, price: { type: string; value: string; currency: string; rate: string }): void {
    if (!price.type) return;
    const type = this.priceTypes.get(price.type);
    const label = `Цена${type?.title ? ` «${type.title}»` : ""}`;
    const read = parsePrice(price.value, label);
    if (!read.ok) {
      offer.priceErrors[price.type] = read.error;
      return;
    }
    const currency = price.currency || type?.currency || "";
    if (isRoubles(currency)) {
      offer.prices![price.type] = read.value;
      return;
    }
    const rateText = price.rate || type?.rate || "";
    if (!rateText) {
      offer.priceErrors[price.type] = `${label} в валюте «${currency}», а не в рублях, и курс (Курс) не указан`;
      return;
    }
    const rate = parseRate(rateText);
    const converted = rate.ok ? convertPrice(read.value, rate.value, label) : rate;
    if (converted.ok) offer.prices![price.type] = converted.value;
    else offer.priceErrors[price.type] = converted.error;
  }

  private closeInOffer(name: string, parent: string | undefined, value: string): void {
    const offer = this.offer!;
    if (name === "Предложение") {
      let stock = offer.hasWarehouses ? offer.warehouses : offer.quantity;
      if (stock !== null && stock > STOCK_MAX) {
        offer.stockError ??= `Остаток больше ${STOCK_MAX.toLocaleString("ru-RU")} шт.: ${stock}`;
        stock = null;
      }
      if (offer.productId)
        this.emit({
          kind: "offer",
          productId: offer.productId,
          prices: offer.prices,
          priceErrors: offer.priceErrors,
          stock: offer.stockError ? null : stock,
          stockError: offer.stockError,
        });
      else this.invalid("Предложение", "");
      this.offer = null;
    } else if (this.price && name === "Цена") {
      this.closePrice(offer, this.price);
      this.price = null;
    } else if (this.price && name === "ИдТипаЦены") this.price.type = clip(value, 80);
    else if (this.price && name === "ЦенаЗаЕдиницу") this.price.value = clip(value, 60);
    else if (this.price && name === "Валюта") this.price.currency = clip(value, 40);
    else if (this.price && name === "Курс") this.price.rate = clip(value, 40);
    else if (parent === "Предложение" && name === "Ид") offer.productId = clip(value.split("#")[0]!, 80);
    else if (parent === "Предложение" && name === "Количество") {
      const stock = parseStock(value, "zero");
      if (stock.ok) offer.quantity = stock.value;
      else offer.stockError ??= stock.error;
    } else if (name === "Количество" && (parent === "Склад" || parent === "Остаток") && this.path.includes("Остатки")) {
      // 2.08+: <Остатки><Остаток><Склад><Ид/><Количество/></Склад></Остаток></Остатки>
      offer.hasWarehouses = true;
      this.addStock(value);
    }
  }
}

/** Reads a whole document (small files, tests): its records in document order. */
export function readCommerceMl(text: string): CmlRecord[] {
  const records: CmlRecord[] = [];
  const reader = new CommerceMlReader((r) => records.push(r));
  reader.write(text);
  reader.end();
  return records;
}
