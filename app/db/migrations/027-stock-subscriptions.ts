import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// «Сообщить о поступлении» (decision 084): one row per product and address. A row is
// pending until the double opt-in link is followed, then confirmed; the first time the product is
// back in stock the subscriber gets one letter and the row is marked notified, so a second raise
// of the stock sends nothing. The link's token is the secret of both the confirmation and the
// unsubscribe link; only its SHA-256 is kept (a leaked table links nowhere). Unsubscribing deletes
// the row.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("stock_subscriptions")
    .$call((t) =>
      dialect === "postgres"
        ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("pending"))
    .addColumn("consent_version", "varchar(32)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("confirmed_at", "bigint")
    .addColumn("notified_at", "bigint")
    .addUniqueConstraint("stock_subscriptions_product_email", ["product_id", "email"])
    .execute();
  // the letters after a stock raise look up the confirmed subscribers of the raised products
  await db.schema.createIndex("stock_subscriptions_waiting_idx").on("stock_subscriptions").columns(["status", "product_id"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stock_subscriptions").ifExists().execute();
}
