// Product reviews: stored unapproved, listed once the shop approves them. Approving folds the
// review's stars into the product's aggregate rating (products.rating / rating_count), which
// also counts ratings given without a text (docs/decisions/030-reviews-and-ratings.md).
import type { Db } from "../../db/database.server.ts";
import { addToAverage } from "../../lib/rating.ts";
import type { ReviewInput } from "./review-form.ts";
import { parseJsonList } from "../../lib/json-columns.ts";
import { REVIEWS_PER_PAGE, type ReviewQuery } from "./review-query.ts";
import type { ReviewListView, ReviewPhotoView, ReviewsSummary, ReviewView } from "../product/index.ts";
import { pageWindow } from "../../lib/paging.ts";

/** Reviews shown in the page's JSON-LD. */
export const REVIEWS_IN_JSON_LD = 5;

const isPhoto = (v: unknown): v is ReviewPhotoView =>
  typeof v === "object" && v !== null && typeof (v as ReviewPhotoView).src === "string" && (v as ReviewPhotoView).src.startsWith("/media/");

type ReviewRow = { id: number; name: string; rating: number; text: string; pros: string; cons: string; photos: string; helpful: number; created_at: number };

function toView(r: ReviewRow): ReviewView {
  return {
    id: Number(r.id),
    name: r.name,
    rating: Number(r.rating),
    text: r.text,
    pros: r.pros,
    cons: r.cons,
    photos: parseJsonList(r.photos, isPhoto),
    helpful: Number(r.helpful),
    createdAt: Number(r.created_at),
  };
}

const approvedOf = (db: Db, productId: number) =>
  db.kysely
    .selectFrom("reviews")
    .select(["id", "name", "rating", "text", "pros", "cons", "photos", "helpful", "created_at"])
    .where("product_id", "=", productId)
    .where("approved", "=", 1);

/** How many approved reviews a product has per star (index 0: one star). */
export async function reviewStars(db: Db, productId: number): Promise<ReviewsSummary["byStars"]> {
  const rows = await db.kysely
    .selectFrom("reviews")
    .select(["rating", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("product_id", "=", productId)
    .where("approved", "=", 1)
    .groupBy("rating")
    .execute();
  const byStars: ReviewsSummary["byStars"] = [0, 0, 0, 0, 0];
  for (const r of rows) if (r.rating >= 1 && r.rating <= 5) byStars[Number(r.rating) - 1] = Number(r.n);
  return byStars;
}

/** One page of a product's approved reviews, sorted and filtered as asked. */
export async function listReviews(db: Db, productId: number, query: ReviewQuery, byStars?: ReviewsSummary["byStars"]): Promise<ReviewListView> {
  const stars = byStars ?? (await reviewStars(db, productId));
  const matching = query.stars === null ? stars.reduce((a, b) => a + b, 0) : stars[query.stars - 1]!;
  const { page, pages, limit, offset } = pageWindow(matching, query.page, REVIEWS_PER_PAGE);
  let q = approvedOf(db, productId);
  if (query.stars !== null) q = q.where("rating", "=", query.stars);
  switch (query.sort) {
    case "high":
      q = q.orderBy("rating", "desc");
      break;
    case "low":
      q = q.orderBy("rating", "asc");
      break;
    case "helpful":
      q = q.orderBy("helpful", "desc");
      break;
  }
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
  return { query: { ...query, page }, items: rows.map(toView), matching, pages };
}

/** The newest approved reviews and how many there are (JSON-LD). */
export async function listApprovedReviews(db: Db, productId: number, limit = REVIEWS_IN_JSON_LD): Promise<{ items: ReviewView[]; total: number }> {
  const [rows, stars] = await Promise.all([
    approvedOf(db, productId).orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute(),
    reviewStars(db, productId),
  ]);
  return { items: rows.map(toView), total: stars.reduce((a, b) => a + b, 0) };
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
