import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// Promo codes (docs/decisions/085-promo-codes.md).
// - promo_codes: one row per code, stored upper-cased (codes are case-insensitive); `uses` counts
//   orders placed with it and is raised by a conditional update (uses < total_limit), so two last
//   uses at once cannot both win.
// - promo_uses: uses per customer (an account, a phone, an e-mail), raised the same way against
//   per_customer_limit; the primary key makes the first use of a customer one row, never two.
// - orders keep the code and the discount it gave; `total` stays the amount to pay.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable("promo_codes");
  await (
    dialect === "postgres"
      ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
  )
    .addColumn("code", "varchar(40)", (c) => c.notNull().unique())
    .addColumn("kind", "varchar(10)", (c) => c.notNull())
    // percent (1–100) or kopecks
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("min_sum", "bigint", (c) => c.notNull().defaultTo(0))
    // JSON array of section ids; [] for the whole catalogue
    .addColumn("section_ids", "text", (c) => c.notNull().defaultTo("[]"))
    // Moscow days YYYY-MM-DD, inclusive; null: open-ended
    .addColumn("valid_from", "varchar(10)")
    .addColumn("valid_to", "varchar(10)")
    .addColumn("total_limit", "integer")
    .addColumn("per_customer_limit", "integer")
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("promo_uses")
    .addColumn("promo_id", "integer", (c) => c.notNull().references("promo_codes.id").onDelete("cascade"))
    // `u:<user id>`, `p:<normalised phone>` or `e:<lower-cased e-mail>`
    .addColumn("customer", "varchar(300)", (c) => c.notNull())
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("promo_uses_pk", ["promo_id", "customer"])
    .execute();
  await db.schema.alterTable("orders").addColumn("promo_code", "varchar(40)").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("promo_discount", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("promo_discount").execute();
  await db.schema.alterTable("orders").dropColumn("promo_code").execute();
  await db.schema.dropTable("promo_uses").execute();
  await db.schema.dropTable("promo_codes").execute();
}
