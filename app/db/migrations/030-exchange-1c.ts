import type { Kysely } from "kysely";

// 1C exchange (decision 087). Sections and products remember 1C's «Ид» so a repeated
// import updates what it made instead of adding duplicates. Each exchange session (from
// `checkauth` to the last `import`) is one row: who, when, which files arrived (JSON map of the
// file name to its storage key and size), what the imports counted, the errors, and its status.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sections").addColumn("external_id", "varchar(80)").execute();
  await db.schema.alterTable("products").addColumn("external_id", "varchar(80)").execute();
  await db.schema.createIndex("sections_external_id_idx").on("sections").column("external_id").unique().execute();
  await db.schema.createIndex("products_external_id_idx").on("products").column("external_id").unique().execute();
  await db.schema
    .createTable("exchange_sessions")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("staff_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("open"))
    .addColumn("files", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("counts", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("errors", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.createIndex("exchange_sessions_started_idx").on("exchange_sessions").column("started_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("exchange_sessions").ifExists().execute();
  await db.schema.dropIndex("products_external_id_idx").ifExists().execute();
  await db.schema.dropIndex("sections_external_id_idx").ifExists().execute();
  await db.schema.alterTable("products").dropColumn("external_id").execute();
  await db.schema.alterTable("sections").dropColumn("external_id").execute();
}
