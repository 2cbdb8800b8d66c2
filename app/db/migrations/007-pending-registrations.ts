import type { Kysely } from "kysely";

// Registrations waiting for their e-mail confirmation (double opt-in): the account is created
// from a row only when its single-use link is opened; only the link token's SHA-256 is stored.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("pending_registrations")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    // lower-cased and trimmed like users.email; several rows may wait for one address
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("phone", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .addColumn("password_hash", "varchar(255)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("pending_registrations_email_idx").on("pending_registrations").column("email").execute();
  await db.schema.createIndex("pending_registrations_expires_idx").on("pending_registrations").column("expires_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("pending_registrations").ifExists().execute();
}
