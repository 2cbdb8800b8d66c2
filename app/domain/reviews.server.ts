// Product reviews: stored unapproved, listed once the shop approves them. Approving folds the
// review's stars into the product's aggregate rating (products.rating / rating_count), which
// also counts ratings given without a text (docs/decisions/030-reviews-and-ratings.md).
import type { Db } from "../db/database.server.ts";
import { addToAverage } from "../lib/rating.ts";
import type { ReviewInput } from "../lib/review-form.ts";
import type { ReviewView } from "./product-types.ts";

export const REVIEWS_SHOWN = 50;

export async function listApprovedReviews(db: Db, productId: number, limit = REVIEWS_SHOWN): Promise<{ items: ReviewView[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.kysely
      .selectFrom("reviews")
      .select(["id", "name", "rating", "text", "created_at"])
      .where("product_id", "=", productId)
      .where("approved", "=", 1)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    db.kysely
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("product_id", "=", productId)
      .where("approved", "=", 1)
      .executeTakeFirst(),
  ]);
  return {
    items: rows.map((r) => ({ id: Number(r.id), name: r.name, rating: Number(r.rating), text: r.text, createdAt: Number(r.created_at) })),
    total: Number(count?.n ?? 0),
  };
}

export async function createReview(db: Db, productId: number, input: ReviewInput, now = Date.now()): Promise<number> {
  const row = await db.kysely
    .insertInto("reviews")
    .values({
      product_id: productId,
      rating: input.rating,
      text: input.text,
      name: input.name,
      consent_version: input.consentVersion,
      consent_at: now,
      approved: 0,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Publishes a review and adds its stars to the product's rating; false when there is nothing to approve. */
export async function approveReview(db: Db, reviewId: number): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const review = await trx.selectFrom("reviews").select(["product_id", "rating"]).where("id", "=", reviewId).where("approved", "=", 0).executeTakeFirst();
    if (!review) return false;
    const product = await trx.selectFrom("products").select(["rating", "rating_count"]).where("id", "=", review.product_id).executeTakeFirst();
    if (!product) return false;
    await trx.updateTable("reviews").set({ approved: 1 }).where("id", "=", reviewId).execute();
    const count = Number(product.rating_count);
    await trx
      .updateTable("products")
      .set({ rating: addToAverage(Number(product.rating), count, Number(review.rating)), rating_count: count + 1 })
      .where("id", "=", review.product_id)
      .execute();
    return true;
  });
}
