import type { Kysely } from "kysely";

// The bytes a 1C exchange session has been allowed to store (docs/decisions/100): `mode=file`
// reserves a part's size here with one conditional UPDATE before it writes anything, so the
// session's limit holds for parts arriving at once, on one instance or on several sharing the
// database. A session open during the upgrade starts from 0: it expires within 6 hours anyway.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("exchange_sessions")
    .addColumn("bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("exchange_sessions").dropColumn("bytes").execute();
}
