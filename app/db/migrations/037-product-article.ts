import type { Kysely } from "kysely";

// A product's article (артикул, decision 099): what 1C sends as «Артикул» or staff type in the
// back office. It is shown on the product page, found by the storefront and back-office searches
// and sent back to 1C with orders. "" when there is none: the page then shows the shop's own
// number (the id, six digits), as before.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("article", "varchar(60)", (c) => c.notNull().defaultTo(""))
    .execute();
  // the back office finds a product by its exact article
  await db.schema.createIndex("products_article_idx").on("products").column("article").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_article_idx").ifExists().execute();
  await db.schema.alterTable("products").dropColumn("article").execute();
}
