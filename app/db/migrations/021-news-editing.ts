import type { Kysely } from "kysely";

// News edited in the back office: a version, so two editors cannot overwrite each other
// unseen, and the cover picture's alt text (the seed's covers are decorative: empty).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("news")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("news")
    .addColumn("image_alt", "varchar(300)", (c) => c.notNull().defaultTo(""))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("news").dropColumn("image_alt").execute();
  await db.schema.alterTable("news").dropColumn("version").execute();
}
