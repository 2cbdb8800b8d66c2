import type { Kysely } from "kysely";

// The Yandex Market feed becomes configurable and is kept as files (docs/decisions/090): the shop's
// name, company, courier option and sales note are set in the back office; `built_file` names the
// files of the last build (JSON: storage keys, ETags, sizes, the catalogue state it shows) so every
// instance and a restarted one serve them without building again; `previous_file` is the build
// before it, removed only after the next build, so a request still reading it is never cut off.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("yml_feed_settings")
    .addColumn("shop_name", "varchar(20)", (c) => c.notNull().defaultTo("Витрина"))
    .execute();
  await db.schema
    .alterTable("yml_feed_settings")
    .addColumn("company", "varchar(200)", (c) => c.notNull().defaultTo("Витрина"))
    .execute();
  // whole roubles, as Market takes them
  await db.schema
    .alterTable("yml_feed_settings")
    .addColumn("delivery_cost", "integer", (c) => c.notNull().defaultTo(990))
    .execute();
  await db.schema
    .alterTable("yml_feed_settings")
    .addColumn("delivery_days", "varchar(5)", (c) => c.notNull().defaultTo("1-3"))
    .execute();
  await db.schema
    .alterTable("yml_feed_settings")
    .addColumn("sales_notes", "varchar(50)", (c) => c.notNull().defaultTo("Оплата при получении или онлайн"))
    .execute();
  await db.schema.alterTable("yml_feed_settings").addColumn("built_file", "text").execute();
  await db.schema.alterTable("yml_feed_settings").addColumn("previous_file", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["previous_file", "built_file", "sales_notes", "delivery_days", "delivery_cost", "company", "shop_name"])
    await db.schema.alterTable("yml_feed_settings").dropColumn(column).execute();
}
