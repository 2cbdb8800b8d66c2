import type { CreateTableBuilder, Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// Cart lines belong to an owner key: `s:<session id>` for visitors, `u:<user id>` after login.
// Orders copy titles and prices at the time of buying; an idempotency key makes a retried
// submission find the order it already created.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable("cart_lines"))
    .addColumn("owner", "varchar(80)", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    /** JSON array of the set items included (sorted ids), "[]" for plain products */
    .addColumn("items", "varchar(400)", (c) => c.notNull().defaultTo("[]"))
    .addColumn("qty", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("cart_lines_owner_product_items", ["owner", "product_id", "items"])
    .execute();

  await id(db.schema.createTable("orders"))
    .addColumn("number", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("owner", "varchar(80)", (c) => c.notNull())
    .addColumn("user_id", "integer")
    .addColumn("idempotency_key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("new"))
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("phone", "varchar(20)", (c) => c.notNull())
    .addColumn("email", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("delivery_type", "varchar(20)", (c) => c.notNull())
    .addColumn("pickup_point_id", "integer")
    .addColumn("address", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("floor", "integer")
    .addColumn("lift", "varchar(20)")
    .addColumn("delivery_date", "varchar(10)", (c) => c.notNull().defaultTo(""))
    .addColumn("delivery_time", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("items_total", "bigint", (c) => c.notNull())
    .addColumn("discount", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("delivery_cost", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("lifting_cost", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "bigint", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("consent_version", "varchar(40)", (c) => c.notNull())
    .addColumn("consent_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_owner_idx").on("orders").columns(["owner", "created_at"]).execute();
  await db.schema.createIndex("orders_user_idx").on("orders").columns(["user_id", "created_at"]).execute();

  await id(db.schema.createTable("order_lines"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("title", "varchar(300)", (c) => c.notNull())
    .addColumn("slug", "varchar(160)", (c) => c.notNull())
    /** JSON: titles of the included set items */
    .addColumn("items", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("qty", "integer", (c) => c.notNull())
    .addColumn("price", "bigint", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_lines_order_idx").on("order_lines").column("order_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["order_lines", "orders", "cart_lines"]) await db.schema.dropTable(t).ifExists().execute();
}
