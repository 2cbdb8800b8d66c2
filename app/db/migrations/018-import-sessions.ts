import type { Kysely } from "kysely";

// CSV import: the uploaded file waits here between its preview and «Применить», so the
// staff member applies exactly what they saw, without uploading it again.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("import_sessions")
    .addColumn("id", "varchar(40)", (c) => c.primaryKey())
    .addColumn("staff_id", "integer", (c) => c.notNull())
    .addColumn("file_name", "varchar(200)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("import_sessions").ifExists().execute();
}
