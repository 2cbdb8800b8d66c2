// «Оформить предзаказ» (decision 084): an order for goods made to order. It is written by
// the same code as a checkout order (placeOnce, writeOrder) but takes no stock: the product has
// none, and a pre-order never drives it below 0, whatever number of them arrive at once. The
// manager confirms it when the goods come (and takes the stock then, as for any line he edits).
import type { Db } from "../../db/database.server.ts";
import { PREORDER_MESSAGES, type PreorderInput } from "./preorder-form.ts";
import { OrderError, placeOnce, writeOrder } from "../orders/index.server.ts";
import { variantValuesOf } from "../variants/index.server.ts";
import type { VariantValue } from "../../lib/variant-values.ts";

export const PREORDER_NOTE = "Предзаказ: менеджер позвонит, назовёт срок поставки и согласует доставку.";

/** What the pre-order page shows about the product. */
export interface PreorderProduct {
  id: number;
  kind: string;
  slug: string;
  title: string;
  price: number;
  stock: number;
  lead: { min: number; max: number };
  /** the variant pre-ordered: the one asked for, else the model's first published (decision 108) */
  variantId: number;
  /** its choice values («Цвет обивки: Зелёный»); none for a model with one variant */
  values: VariantValue[];
}

/** The product at `slug` with the variant `variantId` (a published one of it) or its first; null when not sold. */
export async function findPreorderProduct(db: Db, slug: string, variantId?: number): Promise<PreorderProduct | null> {
  const row = await db.kysely
    .selectFrom("products")
    .innerJoin("product_variants as v", "v.product_id", "products.id")
    .select([
      "products.id",
      "products.kind",
      "products.slug",
      "products.title",
      "v.id as variant_id",
      "v.price",
      "v.stock",
      "products.lead_weeks_min",
      "products.lead_weeks_max",
    ])
    .where("products.slug", "=", slug)
    .where("products.published", "=", 1)
    .where("v.published", "=", 1)
    .$if(variantId !== undefined, (q) => q.where("v.id", "=", variantId!))
    .orderBy("v.position")
    .orderBy("v.id")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    variantId: row.variant_id,
    values: (await variantValuesOf(db.kysely, [row.variant_id])).get(row.variant_id) ?? [],
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    price: Number(row.price),
    stock: Number(row.stock),
    lead: { min: Number(row.lead_weeks_min), max: Number(row.lead_weeks_max) },
  };
}

/**
 * Places a pre-order for `qty` pieces of a product that has no stock. Refused (409) when the
 * product is back in stock — the visitor buys it through the cart then — or no longer sold.
 */
export async function placePreorder(
  db: Db,
  args: { owner: string; userId: number | null; productId: number; variantId?: number; input: PreorderInput; now?: number },
): Promise<{ number: string; created: boolean }> {
  const { input } = args;
  const now = args.now ?? Date.now();
  return placeOnce(db, input.idempotencyKey, async (trx) => {
    const product = await trx
      .selectFrom("products")
      .select(["id", "kind", "slug", "title", "price", "weight", "stock", "published"])
      .where("id", "=", args.productId)
      .executeTakeFirst();
    if (!product || !product.published) throw new OrderError(409, PREORDER_MESSAGES.gone);
    // the variant asked for, else the model's first (decision 108): its stock, price and weight
    const variant = await trx
      .selectFrom("product_variants")
      .select(["id", "article", "price", "weight", "stock", "published"])
      .where("product_id", "=", product.id)
      .$if(args.variantId !== undefined, (q) => q.where("id", "=", args.variantId!))
      .orderBy("published", "desc")
      .orderBy("position")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (!variant || (args.variantId !== undefined && !variant.published)) throw new OrderError(409, PREORDER_MESSAGES.gone);
    if (Number(variant.stock) > 0) throw new OrderError(409, PREORDER_MESSAGES.inStock);
    // a set is ordered with its standard composition, the one its price is counted from
    const items =
      product.kind === "set"
        ? await trx
            .selectFrom("set_items")
            .innerJoin("products", "products.id", "set_items.item_id")
            .select(["products.title", "set_items.qty"])
            .where("set_items.set_id", "=", product.id)
            .where("set_items.optional", "=", 0)
            .orderBy("set_items.sort")
            .execute()
        : [];
    const price = Number(variant.price);
    const weight = Number(variant.weight);
    const values = (await variantValuesOf(trx, [variant.id])).get(variant.id) ?? [];
    return writeOrder(
      trx,
      {
        owner: args.owner,
        user_id: args.userId,
        idempotency_key: input.idempotencyKey,
        status: "preorder",
        name: input.name,
        phone: input.phone,
        email: input.email,
        // the way it reaches the customer is agreed by phone once the goods arrive
        delivery_type: "courier",
        pickup_point_id: null,
        address: "",
        floor: null,
        lift: null,
        delivery_date: "",
        delivery_time: "",
        comment: input.comment ? `${PREORDER_NOTE}\n${input.comment}` : PREORDER_NOTE,
        items_total: price * input.qty,
        discount: 0,
        delivery_cost: 0,
        lifting_cost: 0,
        total: price * input.qty,
        weight: weight * input.qty,
        consent_version: input.consentVersion,
      },
      [
        {
          product_id: product.id,
          variant_id: variant.id,
          variant_values: values,
          article: variant.article,
          kind: product.kind,
          title: product.title,
          slug: product.slug,
          items: items.map((i) => (i.qty > 1 ? `${i.title} × ${i.qty}` : i.title)),
          qty: input.qty,
          price,
          weight,
        },
      ],
      now,
    );
  });
}
