import type { Kysely } from "kysely";

// The Yandex Market feed's settings (docs/decisions/086-yml-feed.md): one row. The
// sections LEFT OUT of the feed are stored, not the ones in it, so a section created later is in
// the feed until staff take it out.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("yml_feed_settings")
    .addColumn("id", "integer", (c) => c.primaryKey())
    // JSON array of section ids
    .addColumn("excluded_sections", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto("yml_feed_settings").values({ id: 1 }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("yml_feed_settings").execute();
}
