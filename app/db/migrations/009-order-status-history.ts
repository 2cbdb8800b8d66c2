import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// Every status an order goes through, with the time it changed: the customer's order page shows
// them as a timeline, the back office writes them (setOrderStatus). Orders placed before this
// table existed get their first entry from orders.status and created_at.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable("order_status_history"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    /** what the shop tells the customer with this change (optional) */
    .addColumn("note", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_status_history_order_idx").on("order_status_history").columns(["order_id", "created_at"]).execute();

  await db
    .insertInto("order_status_history")
    .columns(["order_id", "status", "note", "created_at"])
    .expression(db.selectFrom("orders").select(["id", "status", sql<string>`''`.as("note"), "created_at"]))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_status_history").ifExists().execute();
}
