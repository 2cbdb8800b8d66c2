import type { Kysely } from "kysely";

// 1C catalogue import in steps (decision 088). A file is first read through and its
// records staged (exchange_staging), so nothing is applied from a file that fails to parse; then
// the staged records are applied in batches. exchange_imports keeps each file's progress per
// session, so the next `mode=import` request (on any instance) carries on where the last stopped.
// Properties remember 1C's «Ид», and reference values theirs (exchange_property_values), so
// product values that name a value by its Ид land on the right facet value. products.exchange_hidden
// marks what a full update hid, so the product shows again when 1C lists it again.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("exchange_imports")
    .addColumn("session_id", "varchar(64)", (c) => c.notNull().references("exchange_sessions.id").onDelete("cascade"))
    .addColumn("file", "varchar(200)", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("exchange_imports_pk", ["session_id", "file"])
    .execute();
  await db.schema
    .createTable("exchange_staging")
    .addColumn("session_id", "varchar(64)", (c) => c.notNull().references("exchange_sessions.id").onDelete("cascade"))
    .addColumn("file", "varchar(200)", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("external_id", "varchar(80)")
    .addColumn("data", "text", (c) => c.notNull())
    /** 1: applying this offer raised the product's stock from 0 (back-in-stock notices) */
    .addColumn("raised", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("exchange_staging_pk", ["session_id", "file", "seq"])
    .execute();
  await db.schema.createIndex("exchange_staging_external_idx").on("exchange_staging").columns(["session_id", "file", "external_id"]).execute();
  await db.schema.alterTable("properties").addColumn("external_id", "varchar(80)").execute();
  await db.schema.createIndex("properties_external_id_idx").on("properties").column("external_id").unique().execute();
  await db.schema
    .createTable("exchange_property_values")
    .addColumn("external_id", "varchar(80)", (c) => c.primaryKey())
    .addColumn("property_id", "integer", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("value", "varchar(200)", (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("exchange_hidden", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("products").dropColumn("exchange_hidden").execute();
  await db.schema.dropTable("exchange_property_values").ifExists().execute();
  await db.schema.dropIndex("properties_external_id_idx").ifExists().execute();
  await db.schema.alterTable("properties").dropColumn("external_id").execute();
  await db.schema.dropTable("exchange_staging").ifExists().execute();
  await db.schema.dropTable("exchange_imports").ifExists().execute();
}
