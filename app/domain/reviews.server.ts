// Product reviews: stored unapproved, listed once the shop approves them. Approving folds the
// review's stars into the product's aggregate rating (products.rating / rating_count), which
// also counts ratings given without a text (docs/decisions/030-reviews-and-ratings.md).
import type { Db } from "../db/database.server.ts";
import { addToAverage } from "../lib/rating.ts";
import { CURRENT_REVIEW_CONSENT, type ReviewInput } from "../lib/review-form.ts";
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

const DEMO_REVIEWS: readonly { name: string; rating: number; text: string }[] = [
  { name: "Анна", rating: 5, text: "Привезли вовремя, собрали за час. Цвет точно как на фото, в комнате смотрится очень уютно." },
  { name: "Сергей", rating: 4, text: "Качество хорошее, всё ровно и крепко. Снял одну звезду за то, что инструкция только на картинках.\n\nВ остальном доволен, рекомендую." },
  { name: "Екатерина", rating: 5, text: "Выбирали долго и не пожалели. Материалы приятные, запаха нет, упаковка надёжная." },
  { name: "Дмитрий", rating: 3, text: "Вещь неплохая, но доставку пришлось переносить дважды. Сам товар без претензий." },
  { name: "Ольга", rating: 5, text: "Второй раз заказываю в «Витрине». Консультант помог с размерами, всё подошло идеально." },
  { name: "Игорь", rating: 4, text: "За свои деньги отличный вариант. Собирал сам, понадобилось около двух часов." },
];

/**
 * A few approved reviews on the most popular products, for the demo shop. Called by seedDemo
 * (migrations never carry data); does nothing when reviews already exist.
 */
export async function seedDemoReviews(db: Db, now = Date.now()): Promise<number> {
  if (await db.kysely.selectFrom("reviews").select("id").limit(1).executeTakeFirst()) return 0;
  const products = await db.kysely.selectFrom("products").select("id").orderBy("popularity", "desc").orderBy("id").limit(12).execute();
  const rows = products.flatMap((p, i) => {
    const n = 2 + (i % 3);
    return Array.from({ length: n }, (_, j) => {
      const r = DEMO_REVIEWS[(i + j) % DEMO_REVIEWS.length]!;
      const at = now - (i * 7 + j * 3 + 1) * 86_400_000;
      return { product_id: p.id, rating: r.rating, text: r.text, name: r.name, consent_version: CURRENT_REVIEW_CONSENT, consent_at: at, approved: 1, created_at: at };
    });
  });
  if (rows.length) await db.kysely.insertInto("reviews").values(rows).execute();
  return rows.length;
}
