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

/**
 * A model with several variants told apart by one enum choice property (made here if its code is
 * new) that becomes the section's choice group (docs/decisions/108-product-variants.md, 1.2). Returns
 * the model's id and its variants' ids in the order given.
 */
export async function insertVariantModel(
  db: Kysely<Database>,
  model: { sectionId: number; slug: string; title: string; now: number },
  choice: { code: string; title: string },
  variants: readonly { value: string; price: number; stock: number; article?: string; oldPrice?: number; weight?: number }[],
): Promise<{ productId: number; propertyId: number; variantIds: number[] }> {
  const existing = await db.selectFrom("properties").select("id").where("code", "=", choice.code).executeTakeFirst();
  const propertyId =
    existing?.id ??
    (
      await db
        .insertInto("properties")
        .values({ code: choice.code, title: choice.title, kind: "enum", unit: "", sort: 0 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  await db
    .insertInto("section_variant_properties")
    .values({ section_id: model.sectionId, property_id: propertyId, position: 0, display: "swatch" })
    .onConflict((oc) => oc.columns(["section_id", "property_id"]).doNothing())
    .execute();
  const productId = await insertModel(db, { section_id: model.sectionId, slug: model.slug, title: model.title, created_at: model.now });
  const variantIds: number[] = [];
  for (const [position, v] of variants.entries()) {
    const { id } = await db
      .insertInto("product_variants")
      .values({
        product_id: productId,
        article: v.article ?? "",
        price: v.price,
        old_price: v.oldPrice ?? null,
        stock: v.stock,
        weight: v.weight ?? 30_000,
        position,
        created_at: model.now,
        updated_at: model.now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("product_variant_values").values({ variant_id: id, property_id: propertyId, value_text: v.value, value_num: null }).execute();
    variantIds.push(id);
  }
  return { productId, propertyId, variantIds };
}
