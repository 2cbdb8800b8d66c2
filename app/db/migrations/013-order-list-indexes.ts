import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// The back office's order list stays fast at 100 000 orders: an index for each way it
// filters and sorts, so a filtered page reads one index range instead of every order. SQLite lowers
// only ASCII letters, so names are searched in a column kept lowered by the application
// (app/features/orders/order-workflow.ts searchableName), filled here for the orders that already exist.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("search_name", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .execute();
  const rows = (await db.selectFrom("orders").select(["id", "name"]).execute()) as { id: number; name: string }[];
  for (const r of rows) {
    const lowered = r.name.toLowerCase().replaceAll("ё", "е").replace(/\s+/g, " ").trim();
    await db.updateTable("orders").set({ search_name: lowered }).where("id", "=", r.id).execute();
  }
  await db.schema.createIndex("orders_created_idx").on("orders").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("orders_status_created_idx").on("orders").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("orders_delivery_created_idx").on("orders").columns(["delivery_type", "created_at"]).execute();
  await db.schema.createIndex("orders_total_idx").on("orders").columns(["total"]).execute();
  // most orders are «Выполнен»: sorting that many by total or number needs the order in the index
  await db.schema.createIndex("orders_status_total_idx").on("orders").columns(["status", "total"]).execute();
  await db.schema.createIndex("orders_status_number_idx").on("orders").columns(["status", "number"]).execute();
  await db.schema.createIndex("orders_delivery_total_idx").on("orders").columns(["delivery_type", "total"]).execute();
  await db.schema.createIndex("orders_phone_idx").on("orders").columns(["phone"]).execute();
  await db.schema
    .createIndex("orders_email_idx")
    .on("orders")
    .expression(sql`lower(email)`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    "orders_email_idx",
    "orders_phone_idx",
    "orders_total_idx",
    "orders_delivery_created_idx",
    "orders_status_created_idx",
    "orders_created_idx",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.alterTable("orders").dropColumn("search_name").execute();
}
