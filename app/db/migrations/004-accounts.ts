import type { CreateTableBuilder, Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// Accounts: users, single-use password reset tokens (only their hash is stored), and the
// profile's private files (metadata here, bytes under UPLOAD_DIR by random id).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === "postgres"
      ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable("users"))
    // stored lower-cased and trimmed, so uniqueness is case-insensitive on both dialects
    .addColumn("email", "varchar(254)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("phone", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .addColumn("password_hash", "varchar(255)", (c) => c.notNull())
    // account-level copies of session lists (comparison …) merged in at login
    .addColumn("saved_data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("password_changed_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema.createIndex("password_reset_tokens_user_idx").on("password_reset_tokens").column("user_id").execute();

  await db.schema
    .createTable("profile_files")
    // 128 random bits in hex: the public id and the file name on disk; never guessable
    .addColumn("id", "varchar(32)", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "varchar(16)", (c) => c.notNull().defaultTo("files"))
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("mime", "varchar(40)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("height", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("profile_files_user_idx").on("profile_files").columns(["user_id", "purpose", "created_at"]).execute();

  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sessions_user_idx").ifExists().execute();
  for (const t of ["profile_files", "password_reset_tokens", "users"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
