import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// Refunds by line (docs/decisions/101): what a payment sold is kept with it (`payments.sold_lines`,
// JSON of the receipt's lines with the order lines they came from), and every refund records the
// units it returns per line — goods by order line, delivery and lifting as service lines, a
// goodwill sum as a line of its own — so "never more than was sold" is a sum over this table,
// checked in the transaction that reserves the refund. The order's timeline tells a status from
// a payment or a refund (`kind`), with the sum, instead of repeating the status it had.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  await db.schema.alterTable("payments").addColumn("sold_lines", "text").execute();

  await id(db.schema.createTable("refund_lines"))
    .addColumn("payment_id", "integer", (c) => c.notNull().references("payments.id").onDelete("cascade"))
    /** the refund's idempotence key: the lines of one refund, reserved before the gateway is asked */
    .addColumn("idempotence_key", "varchar(64)", (c) => c.notNull())
    /** "line:<order line id>", "delivery", "lifting" or "goodwill" */
    .addColumn("line_key", "varchar(40)", (c) => c.notNull())
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("qty", "integer", (c) => c.notNull())
    /** kopecks this refund returns for the line */
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refund_lines_payment_idx").on("refund_lines").columns(["payment_id", "line_key"]).execute();

  await db.schema
    .alterTable("order_status_history")
    .addColumn("kind", "varchar(20)", (c) => c.notNull().defaultTo("status"))
    .execute();
  await db.schema.alterTable("order_status_history").addColumn("amount", "bigint").execute();
  // the shop's own «Оплачен онлайн» entries (no staff member wrote them) were payments all along
  await sql`update order_status_history set kind = 'payment',
      amount = (select max(p.amount) from payments p where p.order_id = order_status_history.order_id and p.status = 'succeeded')
    where note = 'Оплачен онлайн' and actor_id is null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_status_history").dropColumn("amount").execute();
  await db.schema.alterTable("order_status_history").dropColumn("kind").execute();
  await db.schema.dropTable("refund_lines").ifExists().execute();
  await db.schema.alterTable("payments").dropColumn("sold_lines").execute();
}
