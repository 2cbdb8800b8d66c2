import type { CreateTableBuilder, Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// One schema for SQLite and PostgreSQL: only portable column types, ids via the dialect's
// own auto-increment, bigint for money and epoch-ms times.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable("sections"))
    .addColumn("parent_id", "integer", (c) => c.references("sections.id").onDelete("cascade"))
    .addColumn("slug", "varchar(120)", (c) => c.notNull().unique())
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await id(db.schema.createTable("products"))
    .addColumn("section_id", "integer", (c) => c.notNull().references("sections.id"))
    .addColumn("kind", "varchar(16)", (c) => c.notNull().defaultTo("product"))
    .addColumn("slug", "varchar(160)", (c) => c.notNull().unique())
    .addColumn("title", "varchar(300)", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("brand", "varchar(120)", (c) => c.notNull().defaultTo(""))
    .addColumn("price", "bigint", (c) => c.notNull())
    .addColumn("old_price", "bigint")
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rating", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("rating_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("popularity", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("images", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("videos", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("set_discount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("products_section_idx").on("products").columns(["section_id", "price"]).execute();

  await id(db.schema.createTable("properties"))
    .addColumn("code", "varchar(60)", (c) => c.notNull().unique())
    .addColumn("title", "varchar(120)", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("unit", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("product_values")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("property_id", "integer", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("value_text", "varchar(200)")
    .addColumn("value_num", "real")
    .execute();
  await db.schema.createIndex("product_values_product_idx").on("product_values").columns(["product_id", "property_id"]).execute();
  await db.schema.createIndex("product_values_facet_idx").on("product_values").columns(["property_id", "value_text", "product_id"]).execute();

  await db.schema
    .createTable("set_items")
    .addColumn("set_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("item_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("price", "bigint", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull())
    .addColumn("qty", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("optional", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("set_items_pk", ["set_id", "item_id"])
    .execute();

  await id(db.schema.createTable("pages"))
    .addColumn("slug", "varchar(120)", (c) => c.notNull().unique())
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await id(db.schema.createTable("news"))
    .addColumn("slug", "varchar(160)", (c) => c.notNull().unique())
    .addColumn("title", "varchar(300)", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("image", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("gallery", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("published_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("news_published_idx").on("news").column("published_at").execute();

  await id(db.schema.createTable("contact_points"))
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("city", "varchar(120)", (c) => c.notNull())
    .addColumn("address", "varchar(300)", (c) => c.notNull())
    .addColumn("phones", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("emails", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("hours", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("lat", "real", (c) => c.notNull())
    .addColumn("lon", "real", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", "integer")
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_expires_idx").on("sessions").column("expires_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["sessions", "contact_points", "news", "pages", "set_items", "product_values", "properties", "products", "sections"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
