import type { Kysely } from "kysely";

// The catalogue half of the back office: products can be hidden (published = 0) and
// edited by two staff at once (version, optimistic concurrency); a deleted product's address
// answers 410 Gone (deleted_products); a cart line remembers the unit price the shopper saw, so the
// cart can say «Цена изменилась» when staff change it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("products_published_section_idx").on("products").columns(["published", "section_id"]).execute();

  await db.schema
    .createTable("deleted_products")
    .addColumn("slug", "varchar(200)", (c) => c.primaryKey())
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("deleted_at", "bigint", (c) => c.notNull())
    .execute();

  // kopecks per unit when the line was added or last confirmed; null for lines from before this column
  await db.schema.alterTable("cart_lines").addColumn("price_seen", "bigint").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("cart_lines").dropColumn("price_seen").execute();
  await db.schema.dropTable("deleted_products").ifExists().execute();
  await db.schema.dropIndex("products_published_section_idx").ifExists().execute();
  await db.schema.alterTable("products").dropColumn("updated_at").execute();
  await db.schema.alterTable("products").dropColumn("version").execute();
  await db.schema.alterTable("products").dropColumn("published").execute();
}
