import type { Db } from "../db/database.server.ts";
import type { ProductCardData } from "./catalog-types.ts";
import { firstImage } from "./listing.server.ts";

/** The newest products in stock, for the home page «Новинки» slider. */
export async function listNewProducts(db: Db, limit: number): Promise<ProductCardData[]> {
  const rows = await db.kysely
    .selectFrom("products")
    .select(["id", "kind", "slug", "title", "price", "old_price", "stock", "rating", "images"])
    .where("stock", ">", 0)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    slug: r.slug,
    title: r.title,
    price: Number(r.price),
    oldPrice: r.old_price === null ? null : Number(r.old_price),
    stock: r.stock,
    rating: r.rating,
    image: firstImage(r.images),
  }));
}
