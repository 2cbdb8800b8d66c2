// Demo reviews for the most popular products, approved, so product pages show texts at once.
// Part of the seed (not the domain): the seed writes rows, it never calls shop logic.
import type { Db } from "../database.server.ts";
import { CURRENT_REVIEW_CONSENT } from "../../lib/consent.ts";

const DEMO_REVIEWS: readonly { name: string; rating: number; text: string }[] = [
  { name: "Анна", rating: 5, text: "Привезли вовремя, собрали за час. Цвет точно как на фото, в комнате смотрится очень уютно." },
  {
    name: "Сергей",
    rating: 4,
    text: "Качество хорошее, всё ровно и крепко. Снял одну звезду за то, что инструкция только на картинках.\n\nВ остальном доволен, рекомендую.",
  },
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
      return {
        product_id: p.id,
        rating: r.rating,
        text: r.text,
        name: r.name,
        consent_version: CURRENT_REVIEW_CONSENT,
        consent_at: at,
        approved: 1,
        created_at: at,
      };
    });
  });
  if (rows.length) await db.kysely.insertInto("reviews").values(rows).execute();
  return rows.length;
}
