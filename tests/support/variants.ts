// Tests set a product's price or stock on its variants (docs/decisions/108-product-variants.md):
// products.price/old_price/stock/weight are the summary triggers keep of them, so writing the
// product row directly would be overwritten by the next variant write and never reach the cart or
// the stock an order takes. Every product of the seed is a model with one variant.
import type { Insertable, Kysely } from "kysely";
import type { Database, ProductTable } from "../../app/db/schema.ts";

type Ids = number | readonly number[];
const list = (ids: Ids) => (typeof ids === "number" ? [ids] : [...ids]);

/** Sets the stock of the products' variants; the products' stock follows. */
export async function setVariantStock(db: Kysely<Database>, productIds: Ids, stock: number): Promise<void> {
  await db.updateTable("product_variants").set({ stock }).where("product_id", "in", list(productIds)).execute();
}

/** Sets the price (and, when given, the old price) of the products' variants; the products' follow. */
export async function setVariantPrice(db: Kysely<Database>, productIds: Ids, price: number, oldPrice?: number | null): Promise<void> {
  await db
    .updateTable("product_variants")
    .set({ price, ...(oldPrice === undefined ? {} : { old_price: oldPrice }) })
    .where("product_id", "in", list(productIds))
    .execute();
}

/** Sets the weight (grams) of the products' variants; the products' follows. */
export async function setVariantWeight(db: Kysely<Database>, productIds: Ids, weight: number): Promise<void> {
  await db.updateTable("product_variants").set({ weight }).where("product_id", "in", list(productIds)).execute();
}

/**
 * A model's own row, with no variant yet (the test adds them): a plain product in `section_id`, its
 * summary columns placeholders that the summary triggers overwrite once a variant is written.
 */
export async function insertModel(
  db: Kysely<Database>,
  row: Pick<Insertable<ProductTable>, "section_id" | "slug" | "title" | "created_at"> & Partial<Insertable<ProductTable>>,
): Promise<number> {
  const { id } = await db
    .insertInto("products")
    .values({
      kind: "product",
      description: "",
      brand: "",
      price: 1,
      old_price: null,
      weight: 0,
      stock: 0,
      rating: 0,
      rating_count: 0,
      popularity: 0,
      images: "[]",
      videos: "[]",
      set_discount: 0,
      ...row,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(id);
}
