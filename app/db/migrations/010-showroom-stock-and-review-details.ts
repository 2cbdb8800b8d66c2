import type { Kysely } from "kysely";

// Where the goods are and how long «Под заказ» takes, and reviews with more than a text:
// - contact_points.kind tells showrooms from the warehouse (pickup points both);
// - point_stock: units of a product at one pickup point (the seed keeps the sum equal to
//   products.stock; see docs/decisions/068-product-page-delivery-and-reviews.md);
// - products.lead_weeks_min/max: how long a product out of stock takes to arrive («4–6 недель»);
// - reviews.pros/cons/photos/helpful: «Достоинства», «Недостатки», photos (JSON list) and
//   how many visitors found the review useful (a sort order).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("contact_points")
    .addColumn("kind", "varchar(16)", (c) => c.notNull().defaultTo("showroom"))
    .execute();
  await db.schema
    .createTable("point_stock")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("point_id", "integer", (c) => c.notNull().references("contact_points.id").onDelete("cascade"))
    .addColumn("qty", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("point_stock_pk", ["product_id", "point_id"])
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("lead_weeks_min", "integer", (c) => c.notNull().defaultTo(2))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("lead_weeks_max", "integer", (c) => c.notNull().defaultTo(4))
    .execute();
  await db.schema
    .alterTable("reviews")
    .addColumn("pros", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("reviews")
    .addColumn("cons", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("reviews")
    .addColumn("photos", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("reviews")
    .addColumn("helpful", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // the reviews tab filters one product's reviews by stars and sorts them by stars
  await db.schema.createIndex("reviews_product_rating_idx").on("reviews").columns(["product_id", "approved", "rating"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("reviews_product_rating_idx").ifExists().execute();
  for (const column of ["helpful", "photos", "cons", "pros"]) await db.schema.alterTable("reviews").dropColumn(column).execute();
  for (const column of ["lead_weeks_max", "lead_weeks_min"]) await db.schema.alterTable("products").dropColumn(column).execute();
  await db.schema.dropTable("point_stock").ifExists().execute();
  await db.schema.alterTable("contact_points").dropColumn("kind").execute();
}
