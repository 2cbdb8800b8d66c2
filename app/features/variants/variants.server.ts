// The write path of a model's figures (docs/decisions/108-product-variants.md, 1.2–1.3): price,
// old price, stock and weight live on the variants; products keeps their summary, written only by
// the triggers of migration 043. Until the product form, the CSV and 1C name variants (WP-C,
// WP-D), each of them writes the model's first variant — every model has exactly one.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { sectionVariantProperties } from "./variants.ts";
import type { VariantValue } from "../../lib/variant-values.ts";

type Writer = Kysely<Database> | Transaction<Database>;

/** What a writer sets on a variant; omitted fields stay as they are. */
export interface VariantFigures {
  price?: number;
  old_price?: number | null;
  stock?: number;
  weight?: number;
  article?: string;
  external_id?: string | null;
}

/**
 * The first variant of a new model, with the figures its writer gave the product row. Its id is
 * its own: only migration 043 and the seed give a variant its model's id.
 */
export async function createFirstVariant(
  trx: Writer,
  productId: number,
  figures: Required<Pick<VariantFigures, "price">> & VariantFigures,
  now: number,
): Promise<number> {
  const row = await trx
    .insertInto("product_variants")
    .values({
      product_id: productId,
      price: figures.price,
      old_price: figures.old_price ?? null,
      stock: figures.stock ?? 0,
      weight: figures.weight ?? 0,
      article: figures.article ?? "",
      external_id: figures.external_id ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets figures on the model's first variant (its only one before WP-C); the summary triggers carry them to the model. */
export async function writeFirstVariant(trx: Writer, productId: number, figures: VariantFigures, now: number): Promise<void> {
  const set = Object.fromEntries(Object.entries(figures).filter(([, v]) => v !== undefined)) as VariantFigures;
  if (Object.keys(set).length === 0) return;
  await trx
    .updateTable("product_variants")
    .set({ ...set, updated_at: now })
    .where("id", "=", (eb) =>
      eb
        .selectFrom("product_variants as first")
        .select("first.id")
        .where("first.product_id", "=", productId)
        .orderBy("first.position")
        .orderBy("first.id")
        .limit(1),
    )
    .execute();
}

/** A variant as the page, the back office, the CSV and 1C read it. */
export interface ModelVariant {
  id: number;
  article: string;
  price: number;
  oldPrice: number | null;
  stock: number;
  weight: number;
  position: number;
  published: boolean;
  /** JSON ProductImage[] as stored */
  images: string;
  externalId: string | null;
  /** its own property values by property id */
  values: Map<number, { text: string | null; num: number | null }>;
}

/** The variants of these models (published or not), in page order, with their own values. */
export async function loadModelVariants(db: Writer, productIds: readonly number[]): Promise<Map<number, ModelVariant[]>> {
  const out = new Map<number, ModelVariant[]>();
  if (!productIds.length) return out;
  const rows = await db
    .selectFrom("product_variants")
    .selectAll()
    .where("product_id", "in", [...productIds])
    .orderBy("product_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const byId = new Map<number, ModelVariant>();
  for (const r of rows) {
    const variant: ModelVariant = {
      id: r.id,
      article: r.article,
      price: Number(r.price),
      oldPrice: r.old_price === null ? null : Number(r.old_price),
      stock: r.stock,
      weight: r.weight,
      position: r.position,
      published: r.published === 1,
      images: r.images,
      externalId: r.external_id,
      values: new Map(),
    };
    byId.set(r.id, variant);
    out.set(r.product_id, [...(out.get(r.product_id) ?? []), variant]);
  }
  if (byId.size) {
    const values = await db
      .selectFrom("product_variant_values")
      .select(["variant_id", "property_id", "value_text", "value_num"])
      .where("variant_id", "in", [...byId.keys()])
      .execute();
    for (const v of values) byId.get(v.variant_id)?.values.set(v.property_id, { text: v.value_text, num: v.value_num === null ? null : Number(v.value_num) });
  }
  return out;
}

/** A property that makes variants in a section, as its choice group shows it. */
export interface ChoiceProperty {
  id: number;
  code: string;
  title: string;
  display: string;
  schemaTerm: string;
  position: number;
}

/** The choice properties of a section: its own or its nearest ancestor's (sectionVariantProperties). */
export async function variantPropertiesOf(db: Writer, sectionId: number): Promise<ChoiceProperty[]> {
  const sections = await db.selectFrom("sections").select(["id", "parent_id"]).execute();
  const rows = await db
    .selectFrom("section_variant_properties as s")
    .innerJoin("properties as p", "p.id", "s.property_id")
    .select(["s.section_id", "p.id", "p.code", "p.title", "s.display", "p.schema_term", "s.position"])
    .execute();
  const ownOf = new Map<number, ChoiceProperty[]>();
  for (const r of rows)
    ownOf.set(r.section_id, [
      ...(ownOf.get(r.section_id) ?? []),
      { id: r.id, code: r.code, title: r.title, display: r.display, schemaTerm: r.schema_term, position: r.position },
    ]);
  return sectionVariantProperties(sectionId, new Map(sections.map((s) => [s.id, s.parent_id])), ownOf);
}

/**
 * The choice values of these variants as a line names them («Цвет обивки: Зелёный»), in their
 * section's choice order: what a cart line shows and an order line keeps as sold (decision 108,
 * 1.4). A variant without values of its section's choice properties has none.
 */
export async function variantValuesOf(db: Writer, variantIds: readonly number[]): Promise<Map<number, VariantValue[]>> {
  const out = new Map<number, VariantValue[]>();
  const ids = [...new Set(variantIds)];
  if (!ids.length) return out;
  const rows = await db
    .selectFrom("product_variant_values as vv")
    .innerJoin("product_variants as v", "v.id", "vv.variant_id")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select(["vv.variant_id", "vv.property_id", "vv.value_text", "vv.value_num", "p.section_id"])
    .where("vv.variant_id", "in", ids)
    .execute();
  if (!rows.length) return out;
  const choicesOf = new Map<number, ChoiceProperty[]>();
  for (const sectionId of new Set(rows.map((r) => r.section_id))) choicesOf.set(sectionId, await variantPropertiesOf(db, sectionId));
  for (const id of ids) {
    const own = rows.filter((r) => r.variant_id === id);
    if (!own.length) continue;
    const values: VariantValue[] = [];
    for (const choice of choicesOf.get(own[0]!.section_id) ?? []) {
      const value = own.find((r) => r.property_id === choice.id);
      const text = value?.value_text ?? (value?.value_num == null ? "" : String(Number(value.value_num)).replace(".", ","));
      if (text) values.push({ property: choice.title, value: text });
    }
    if (values.length) out.set(id, values);
  }
  return out;
}
