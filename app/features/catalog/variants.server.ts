// The write path of a model's figures (docs/decisions/108-product-variants.md, 1.2–1.3): price,
// old price, stock and weight live on the variants; products keeps their summary, written only by
// the triggers of migration 043. Until the product form, the CSV and 1C name variants (WP-C,
// WP-D), each of them writes the model's first variant — every model has exactly one.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

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
