// The shop's counted facts: how many products the catalogue holds and where its showrooms are.
// Read from the database each time a page needs them (two small queries), so a new showroom or
// product shows on every page at once.
import type { Db } from "../../db/database.server.ts";
import type { ShopCounts } from "./shop-facts.ts";

export async function loadShopCounts(db: Db): Promise<ShopCounts> {
  const [products, showrooms] = await Promise.all([
    db.kysely
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
    db.kysely.selectFrom("contact_points").select(["city"]).where("kind", "=", "showroom").orderBy("sort").orderBy("id").execute(),
  ]);
  return { products: Number(products?.n ?? 0), showrooms: showrooms.length, cities: [...new Set(showrooms.map((p) => p.city))] };
}
