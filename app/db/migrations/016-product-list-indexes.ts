import type { Kysely } from "kysely";

// The back office's product list (decision 073) at 100 000 products. A product row is
// wide (description, images JSON spill to overflow pages), so the list finds its page of ids in
// narrow indexes and reads only those 50 rows: one index holds every filtered and sorted column
// (stock first, for «мало» and «нет»), one the title and slug for «Поиск» and the title sort, one
// the price for the price sorts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("products_admin_list_idx").on("products").columns(["stock", "published", "section_id", "price", "title", "slug"]).execute();
  await db.schema.createIndex("products_price_idx").on("products").columns(["price", "id"]).execute();
  await db.schema.createIndex("products_title_idx").on("products").columns(["title", "slug", "id"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_title_idx").ifExists().execute();
  await db.schema.dropIndex("products_price_idx").ifExists().execute();
  await db.schema.dropIndex("products_admin_list_idx").ifExists().execute();
}
