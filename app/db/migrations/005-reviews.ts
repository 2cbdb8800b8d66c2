import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// Product reviews. A review is stored unapproved and shown only after the shop approves it;
// the consent it was written under (wording version and time) is kept with it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable("reviews"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    // whole stars 1..5 (the form's step is 1)
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("consent_version", "varchar(32)", (c) => c.notNull())
    .addColumn("consent_at", "bigint", (c) => c.notNull())
    .addColumn("approved", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // the product page lists the approved reviews of one product, newest first
  await db.schema.createIndex("reviews_product_idx").on("reviews").columns(["product_id", "approved", "created_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reviews").ifExists().execute();
}
