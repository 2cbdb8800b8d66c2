import type { CreateTableBuilder, Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// Callback and feedback submissions, each with the consent it was sent under: which wording
// (version) the visitor agreed to, when, and from where. This table is the consent log.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable("form_submissions"))
    .addColumn("form", "varchar(32)", (c) => c.notNull())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("phone", "varchar(32)", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "varchar(254)", (c) => c.notNull().defaultTo(""))
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    // the other validated fields (callback time slot …) as JSON
    .addColumn("fields", "text", (c) => c.notNull().defaultTo("{}"))
    // JSON: [{name, size, file}] — file is the stored name under UPLOAD_DIR/forms
    .addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("consent_version", "varchar(32)", (c) => c.notNull())
    .addColumn("consent_at", "bigint", (c) => c.notNull())
    .addColumn("client_address", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("user_agent", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .addColumn("session_id", "varchar(64)")
    .addColumn("mailed_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("form_submissions_form_idx").on("form_submissions").columns(["form", "created_at"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("form_submissions").ifExists().execute();
}
