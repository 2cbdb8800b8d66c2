// Applying one staged CommerceML record (decision 088) inside the batch's transaction: groups →
// sections, properties and their reference values → properties (facets), products (with their
// property values, weight and brand), price types and offers (price, stock). Everything is
// matched by 1C's «Ид», so a repeated import updates what it made instead of adding duplicates.
import type { Transaction } from "kysely";
import { z } from "zod";
import type { Database, PropertyKind } from "../../db/schema.ts";
import type { CmlGroup, CmlOffer, CmlPriceType, CmlProduct, CmlProperty, CmlRecord } from "./commerceml.ts";
import { slugify } from "../../lib/slug.ts";
import { createFirstVariant } from "../variants/index.server.ts";

type Trx = Transaction<Database>;

/** what the import counted; kept on the exchange session and shown in the back office */
export interface ImportCounts {
  sections: number;
  properties: number;
  created: number;
  updated: number;
  hidden: number;
  offers: number;
  missing: number;
  pictures: number;
  errors: number;
  /** records refused (a bad price or stock, a price not in roubles): decision 099 */
  refused: number;
  /** records applied with a remark (an undeclared group, no name, a bad weight) */
  warnings: number;
}

export const emptyCounts = (): ImportCounts => ({
  sections: 0,
  properties: 0,
  created: 0,
  updated: 0,
  hidden: 0,
  offers: 0,
  missing: 0,
  pictures: 0,
  errors: 0,
  refused: 0,
  warnings: 0,
});

// a count a state saved before it was added lacks starts at 0
const count = z.number().default(0);
const ImportCountsSchema = z.object({
  sections: count,
  properties: count,
  created: count,
  updated: count,
  hidden: count,
  offers: count,
  missing: count,
  pictures: count,
  errors: count,
  refused: count,
  warnings: count,
}) satisfies z.ZodType<ImportCounts>;

/** lines kept for the session's report (a catalogue with thousands of bad records must not bloat the row) */
export const REPORT_LINES_MAX = 200;

/** what carries over between batches and requests (stored as JSON with the import's progress) */
export interface ApplyState {
  /** the file had a «Каталог»: products it leaves out are hidden unless changesOnly */
  catalog: boolean;
  changesOnly: boolean;
  /** the retail price type's Ид, once known */
  retail: string | null;
  /** sections or properties changed: every storefront index is rebuilt, not patched */
  structural: boolean;
  counts: ImportCounts;
  /** lines for the session's report, the answer to 1C and the log (refused records, warnings, bad pictures) */
  errors: string[];
  /** groups products named that neither the file nor the shop knows (each reported once) */
  unknownGroups: string[];
}

export const ApplyStateSchema = z.object({
  catalog: z.boolean(),
  changesOnly: z.boolean(),
  retail: z.string().nullable(),
  structural: z.boolean(),
  counts: ImportCountsSchema,
  errors: z.array(z.string()),
  unknownGroups: z.array(z.string()),
}) satisfies z.ZodType<ApplyState>;

/** a line for the report, while there is room */
export function report(state: ApplyState, line: string): void {
  if (state.errors.length < REPORT_LINES_MAX) state.errors.push(line);
}

function warn(state: ApplyState, line: string): void {
  state.counts.warnings++;
  report(state, line);
}

/** per request: properties already looked up by their «Ид» */
export interface ApplyCache {
  properties: Map<string, { id: number; kind: PropertyKind; title: string } | null>;
  values: Map<string, string | null>;
}

export const newApplyCache = (): ApplyCache => ({ properties: new Map(), values: new Map() });

const BRAND_PROPERTY = /^(производитель|бренд|торговая марка)$/i;

/** a slug not taken by a live or deleted row of `table` */
async function freeSlug(trx: Trx, table: "sections" | "products", title: string, max: number): Promise<string> {
  const base =
    slugify(title)
      .slice(0, max - 8)
      .replace(/-+$/, "") || "tovar";
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const live = await trx.selectFrom(table).select("id").where("slug", "=", slug).executeTakeFirst();
    const gone = table === "products" ? await trx.selectFrom("deleted_products").select("slug").where("slug", "=", slug).executeTakeFirst() : undefined;
    if (!live && !gone) return slug;
  }
}

async function applyGroup(trx: Trx, group: CmlGroup, state: ApplyState): Promise<void> {
  const parent = group.parentId ? await trx.selectFrom("sections").select("id").where("external_id", "=", group.parentId).executeTakeFirst() : undefined;
  const parentId = parent?.id ?? null;
  const found = await trx.selectFrom("sections").select(["id", "title", "parent_id"]).where("external_id", "=", group.id).executeTakeFirst();
  if (found) {
    if (found.title !== group.title || found.parent_id !== parentId) {
      await trx
        .updateTable("sections")
        .set((eb) => ({ title: group.title, parent_id: parentId, version: eb("version", "+", 1) }))
        .where("id", "=", found.id)
        .execute();
      state.structural = true;
    }
  } else {
    const slug = await freeSlug(trx, "sections", group.title, 120);
    await trx.insertInto("sections").values({ parent_id: parentId, slug, title: group.title, description: "", sort: 500, external_id: group.id }).execute();
    state.structural = true;
  }
  state.counts.sections++;
}

export const UNSORTED_SECTION = "Товары из 1С";

/**
 * Where a product without a known group goes: the top-level «Товары из 1С» (made the first time),
 * never some other section it does not belong to (decision 099).
 */
async function unsortedSection(trx: Trx, state: ApplyState): Promise<{ id: number }> {
  const found = await trx
    .selectFrom("sections")
    .select("id")
    .where("title", "=", UNSORTED_SECTION)
    .where("parent_id", "is", null)
    .where("external_id", "is", null)
    .orderBy("id")
    .executeTakeFirst();
  if (found) return found;
  state.structural = true;
  const slug = await freeSlug(trx, "sections", UNSORTED_SECTION, 120);
  return trx
    .insertInto("sections")
    .values({ parent_id: null, slug, title: UNSORTED_SECTION, description: "", sort: 500 })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** listing URL parameters and the built-in filters a property code must not shadow */
const TAKEN_CODES = new Set(["direction", "num", "view", "page", "from", "q", "brand", "price"]);

/**
 * A property code (the filter's name in listing URLs) not taken by another property: Latin,
 * digits and `_` only, since a range filter's parameter is `<code>[min]` with such a code.
 */
async function freeCode(trx: Trx, title: string): Promise<string> {
  const base = slugify(title).replace(/-/g, "_").slice(0, 50).replace(/_+$/, "") || "svoystvo";
  for (let n = 1; ; n++) {
    const code = n === 1 ? base : `${base}_${n}`;
    if (TAKEN_CODES.has(code)) continue;
    if (!(await trx.selectFrom("properties").select("id").where("code", "=", code).executeTakeFirst())) return code;
  }
}

async function applyProperty(trx: Trx, property: CmlProperty, state: ApplyState, cache: ApplyCache): Promise<void> {
  // a number is a range filter; a reference or a string is a list of values to tick
  const kind: PropertyKind = property.type === "number" ? "number" : "enum";
  const found = await trx.selectFrom("properties").select(["id", "title", "kind"]).where("external_id", "=", property.id).executeTakeFirst();
  let id: number;
  if (found) {
    id = found.id;
    if (found.title !== property.title || found.kind !== kind) {
      await trx.updateTable("properties").set({ title: property.title, kind }).where("id", "=", id).execute();
      state.structural = true;
    }
  } else {
    const code = await freeCode(trx, property.title);
    const row = await trx
      .insertInto("properties")
      .values({ code, title: property.title, kind, unit: "", sort: 500, external_id: property.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    id = row.id;
    state.structural = true;
  }
  for (const [valueId, value] of property.values) {
    await trx
      .insertInto("exchange_property_values")
      .values({ external_id: valueId, property_id: id, value })
      .onConflict((oc) => oc.column("external_id").doUpdateSet({ property_id: id, value }))
      .execute();
    cache.values.set(valueId, value);
  }
  cache.properties.set(property.id, { id, kind, title: property.title });
  state.counts.properties++;
}

async function propertyOf(trx: Trx, cache: ApplyCache, externalId: string) {
  if (!cache.properties.has(externalId)) {
    const row = await trx.selectFrom("properties").select(["id", "kind", "title"]).where("external_id", "=", externalId).executeTakeFirst();
    cache.properties.set(externalId, row ?? null);
  }
  return cache.properties.get(externalId)!;
}

/** a reference value's text by its «ИдЗначения»; a value 1C did not list is taken as the text itself */
async function valueText(trx: Trx, cache: ApplyCache, value: string): Promise<string> {
  if (!cache.values.has(value)) {
    const row = await trx.selectFrom("exchange_property_values").select("value").where("external_id", "=", value).executeTakeFirst();
    cache.values.set(value, row?.value ?? null);
  }
  return cache.values.get(value) ?? value;
}

async function applyProduct(trx: Trx, p: CmlProduct, state: ApplyState, cache: ApplyCache, now: number): Promise<void> {
  for (const line of p.warnings) warn(state, line);
  if (!p.title) {
    // staged all the same, so a full update does not hide the product this record stands for
    warn(state, `Товар «${p.id}»: нет наименования — запись пропущена, товар на сайте не изменён`);
    return;
  }
  const known = p.groupId ? await trx.selectFrom("sections").select("id").where("external_id", "=", p.groupId).executeTakeFirst() : undefined;
  // one warning per undeclared group, not per product: a catalogue without its classifier would repeat it thousands of times
  if (p.groupId && !known && !state.unknownGroups.includes(p.groupId)) {
    if (state.unknownGroups.length < REPORT_LINES_MAX) state.unknownGroups.push(p.groupId);
    warn(state, `Группа «${p.groupId}» не описана в файле и не найдена на сайте: её товары (первый — «${p.title}») помещены в раздел «${UNSORTED_SECTION}»`);
  }
  const section = known ?? (await unsortedSection(trx, state));
  // property values first: «Производитель»/«Бренд» may name the brand
  const values: { property_id: number; value_text: string | null; value_num: number | null }[] = [];
  let brand = p.brand;
  for (const v of p.values) {
    const property = await propertyOf(trx, cache, v.propertyId);
    if (!property) continue;
    if (property.kind === "number") {
      const n = Number(v.value.replace(",", ".").replace(/\s/g, ""));
      if (Number.isFinite(n)) values.push({ property_id: property.id, value_text: null, value_num: n });
      continue;
    }
    const text = (await valueText(trx, cache, v.value)).slice(0, 200);
    if (BRAND_PROPERTY.test(property.title)) brand ||= text.slice(0, 120);
    values.push({ property_id: property.id, value_text: text, value_num: null });
  }
  const found = await trx.selectFrom("products").select(["id", "exchange_hidden"]).where("external_id", "=", p.id).executeTakeFirst();
  let productId: number;
  if (found) {
    productId = found.id;
    await trx
      .updateTable("products")
      .set((eb) => ({
        title: p.title,
        description: p.description,
        section_id: section.id,
        // 1C's «Артикул» when it sends one; an article staff typed stays when it does not
        ...(p.article ? { article: p.article } : {}),
        ...(brand ? { brand } : {}),
        // listed again after a full update hid it: shown again (a product staff hid stays hidden)
        ...(found.exchange_hidden ? { published: 1, exchange_hidden: 0 } : {}),
        version: eb("version", "+", 1),
        updated_at: now,
      }))
      .where("id", "=", productId)
      .execute();
    // the weight is the variants' (docs/decisions/108-product-variants.md); the model's follows by trigger
    if (p.weight !== null) await trx.updateTable("product_variants").set({ weight: p.weight, updated_at: now }).where("product_id", "=", productId).execute();
    state.counts.updated++;
  } else {
    const slug = await freeSlug(trx, "products", p.title, 160);
    const row = await trx
      .insertInto("products")
      .values({
        section_id: section.id,
        kind: "product",
        slug,
        title: p.title,
        description: p.description,
        brand,
        article: p.article,
        price: 0,
        old_price: null,
        weight: p.weight ?? 0,
        stock: 0,
        rating: 0,
        rating_count: 0,
        popularity: 0,
        images: "[]",
        videos: "[]",
        set_discount: 0,
        created_at: now,
        updated_at: now,
        external_id: p.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    productId = row.id;
    // its one variant is the offer «Ид» finds: the product's own, until characteristics come (WP-D)
    await createFirstVariant(trx, productId, { price: 0, weight: p.weight ?? 0, external_id: p.id }, now);
    state.counts.created++;
  }
  // 1C sends the whole product: its values of 1C's properties are replaced; staff's own properties stay
  await trx
    .deleteFrom("product_values")
    .where("product_id", "=", productId)
    .where("property_id", "in", (eb) => eb.selectFrom("properties").select("id").where("external_id", "is not", null))
    .execute();
  if (values.length)
    await trx
      .insertInto("product_values")
      .values(values.map((v) => ({ product_id: productId, ...v })))
      .execute();
}

function applyPriceType(t: CmlPriceType, state: ApplyState, wanted: string | null): void {
  const w = wanted?.toLowerCase();
  // the configured type by its Ид or name; otherwise (or when it is not in this file) the first
  if (w && (t.id.toLowerCase() === w || t.title.toLowerCase() === w)) state.retail = t.id;
  else if (!state.retail) state.retail = t.id;
}

/**
 * true when the offer raised the product's stock from 0 (a back-in-stock notice is due). An offer
 * whose retail price or stock could not be read is refused whole: the product keeps its price and
 * stock, and the reason with the offer's Ид goes to the report (decision 099).
 */
async function applyOffer(trx: Trx, offer: CmlOffer, state: ApplyState, now: number): Promise<boolean> {
  const priceError = state.retail && offer.prices ? offer.priceErrors[state.retail] : undefined;
  const reason = priceError ?? offer.stockError;
  if (reason) {
    state.counts.refused++;
    report(state, `Предложение «${offer.productId}» отклонено: ${reason}; цена и остаток на сайте прежние`);
    return false;
  }
  // an offer is a variant, found by its «Ид» (migration 043 copied the products' ones to their variants)
  const found = await trx.selectFrom("product_variants").select(["id", "product_id", "stock"]).where("external_id", "=", offer.productId).executeTakeFirst();
  if (!found) {
    state.counts.missing++;
    return false;
  }
  // a prices-only package leaves stock alone, a rests-only one the price (2.08+)
  const price = offer.prices && state.retail ? offer.prices[state.retail] : undefined;
  await trx
    .updateTable("product_variants")
    .set({
      ...(offer.stock === null ? {} : { stock: offer.stock }),
      ...(price === undefined ? {} : { price }),
      updated_at: now,
    })
    .where("id", "=", found.id)
    .execute();
  await trx
    .updateTable("products")
    .set((eb) => ({ version: eb("version", "+", 1), updated_at: now }))
    .where("id", "=", found.product_id)
    .execute();
  state.counts.offers++;
  return offer.stock !== null && found.stock <= 0 && offer.stock > 0;
}

/** Applies one record; true when an offer raised a product's stock from 0. */
export async function applyRecord(
  trx: Trx,
  record: CmlRecord,
  state: ApplyState,
  cache: ApplyCache,
  retailPriceType: string | null,
  now: number,
): Promise<boolean> {
  switch (record.kind) {
    case "catalog":
      state.catalog = true;
      state.changesOnly = record.changesOnly;
      return false;
    case "group":
      await applyGroup(trx, record, state);
      return false;
    case "property":
      await applyProperty(trx, record, state, cache);
      return false;
    case "product":
      await applyProduct(trx, record, state, cache, now);
      return false;
    case "priceType":
      applyPriceType(record, state, retailPriceType);
      return false;
    case "offer":
      return applyOffer(trx, record, state, now);
    case "invalid":
      // never applied: a file with such a record is refused while it is staged
      return false;
  }
}
