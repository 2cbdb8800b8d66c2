import type { CreateTableBuilder, Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// Online payment: one row per payment asked of the gateway, keyed by the gateway's id,
// and one per refund. The order remembers how the buyer chose to pay and when it was paid: the
// storefront and the back office read that flag instead of joining payments every time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable("payments"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("provider", "varchar(20)", (c) => c.notNull())
    .addColumn("provider_payment_id", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("idempotence_key", "varchar(64)", (c) => c.notNull().unique())
    /** kopecks, RUB: what we asked for */
    .addColumn("amount", "bigint", (c) => c.notNull())
    /** pending, succeeded or canceled; succeeded and canceled are final */
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("pending"))
    .addColumn("confirmation_url", "varchar(2000)", (c) => c.notNull().defaultTo(""))
    /** the 54-ФЗ settlement receipt («полный расчёт») sent when the goods were handed over */
    .addColumn("settlement_receipt_id", "varchar(64)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_order_idx").on("payments").columns(["order_id", "id"]).execute();

  await id(db.schema.createTable("refunds"))
    .addColumn("payment_id", "integer", (c) => c.notNull().references("payments.id").onDelete("cascade"))
    .addColumn("provider_refund_id", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("idempotence_key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refunds_payment_idx").on("refunds").column("payment_id").execute();

  // "on_receipt" for every order placed before online payment existed
  await db.schema
    .alterTable("orders")
    .addColumn("payment_method", "varchar(20)", (c) => c.notNull().defaultTo("on_receipt"))
    .execute();
  await db.schema.alterTable("orders").addColumn("paid_at", "bigint").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("paid_at").execute();
  await db.schema.alterTable("orders").dropColumn("payment_method").execute();
  await db.schema.dropTable("refunds").ifExists().execute();
  await db.schema.dropTable("payments").ifExists().execute();
}
