import type { Kysely } from "kysely";

// 1C orders exchange (decision 089). `orders.version` moves only with back-office
// edits (payments, refunds and checkout leave it alone), so it cannot tell which orders 1C has not
// seen yet. Instead each order remembers the fingerprint of the CommerceML document 1C last
// confirmed (`mode=success`) and when that document was read; an order whose document now reads
// differently is sent again (only orders that can still change are read again, see 089). The
// exchange session keeps what its last `query` sent (order id → fingerprint) until 1C confirms.
// A status set by 1C is shown as «1С» in the order's history, not as the exchange account.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("exported_1c_hash", "varchar(64)").execute();
  await db.schema.alterTable("orders").addColumn("exported_1c_at", "bigint").execute();
  await db.schema.alterTable("order_status_history").addColumn("actor_label", "varchar(40)").execute();
  await db.schema
    .alterTable("exchange_sessions")
    .addColumn("sent_orders", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("exchange_sessions").dropColumn("sent_orders").execute();
  await db.schema.alterTable("order_status_history").dropColumn("actor_label").execute();
  await db.schema.alterTable("orders").dropColumn("exported_1c_at").execute();
  await db.schema.alterTable("orders").dropColumn("exported_1c_hash").execute();
}
