import type { Kysely } from "kysely";

// Sections edited in the back office («Разделы», decision 079): a version so two editors
// cannot overwrite each other unseen, and each section's own choice of storefront filters. A
// section without rows here inherits its nearest ancestor's; with none anywhere the storefront
// offers every filter in its usual order.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("sections")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("section_facets")
    .addColumn("section_id", "integer", (c) => c.notNull().references("sections.id").onDelete("cascade"))
    // a property code, or "brand" / "price"
    .addColumn("code", "varchar(60)", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull())
    .addColumn("shown", "integer", (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint("section_facets_pk", ["section_id", "code"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("section_facets").ifExists().execute();
  await db.schema.alterTable("sections").dropColumn("version").execute();
}
