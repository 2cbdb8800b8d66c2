import type { Kysely } from "kysely";

// The CSV import's preview is kept in the database, row by row, instead of the whole decoded file
// in `import_sessions.body` (docs/decisions/098): the page shows counts and the first rows of each
// kind, «Применить» writes from these rows with set-based statements, and nothing that grows with
// the file is ever held in memory. `status` is reading → ready (or failed with `error`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("import_sessions").execute();
  await db.schema.alterTable("import_sessions").dropColumn("body").execute();
  await db.schema
    .alterTable("import_sessions")
    .addColumn("status", "varchar(10)", (c) => c.notNull().defaultTo("reading"))
    .execute();
  await db.schema.alterTable("import_sessions").addColumn("error", "text").execute();
  // JSON: encoding, separator, row counts, the first titles as decoded, the property ids in the file
  await db.schema
    .alterTable("import_sessions")
    .addColumn("summary", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema
    .createTable("import_rows")
    .addColumn("session_id", "varchar(40)", (c) => c.notNull().references("import_sessions.id").onDelete("cascade"))
    .addColumn("line", "integer", (c) => c.notNull())
    // create | change | unchanged | error
    .addColumn("kind", "varchar(10)", (c) => c.notNull())
    .addColumn("product_id", "integer")
    // the product's version when planned: «Применить» refuses a file whose products changed since
    .addColumn("version", "integer")
    .addColumn("slug", "varchar(200)")
    .addColumn("title", "varchar(400)")
    .addColumn("section_id", "integer")
    .addColumn("price", "bigint")
    .addColumn("old_price", "bigint")
    .addColumn("stock", "integer")
    .addColumn("published", "integer")
    // JSON: the changed fields (before → after) of a change, or the reason of an error
    .addColumn("detail", "text")
    .addPrimaryKeyConstraint("import_rows_pk", ["session_id", "line"])
    .execute();
  await db.schema.createIndex("import_rows_kind").on("import_rows").columns(["session_id", "kind", "line"]).execute();
  await db.schema.createIndex("import_rows_slug").on("import_rows").columns(["session_id", "slug"]).execute();
  await db.schema.createIndex("import_rows_product").on("import_rows").columns(["session_id", "product_id"]).execute();
  await db.schema
    .createTable("import_values")
    .addColumn("session_id", "varchar(40)", (c) => c.notNull().references("import_sessions.id").onDelete("cascade"))
    .addColumn("line", "integer", (c) => c.notNull())
    .addColumn("property_id", "integer", (c) => c.notNull())
    .addColumn("value_text", "text")
    .addColumn("value_num", "double precision")
    .execute();
  await db.schema.createIndex("import_values_line").on("import_values").columns(["session_id", "line"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("import_values").ifExists().execute();
  await db.schema.dropTable("import_rows").ifExists().execute();
  await db.deleteFrom("import_sessions").execute();
  for (const column of ["summary", "error", "status"]) await db.schema.alterTable("import_sessions").dropColumn(column).execute();
  await db.schema
    .alterTable("import_sessions")
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}
