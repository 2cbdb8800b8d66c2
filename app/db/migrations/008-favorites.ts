import type { Kysely } from "kysely";

// Favourites of accounts («Избранное»): one row per user and product, so the list follows the
// customer to every device. Guests keep theirs in the session data until they sign in.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("favorites")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // a product taken out of the catalogue leaves every list with it
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("favorites_pk", ["user_id", "product_id"])
    .execute();
  await db.schema.createIndex("favorites_user_created_idx").on("favorites").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("favorites_product_idx").on("favorites").column("product_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("favorites").ifExists().execute();
}
