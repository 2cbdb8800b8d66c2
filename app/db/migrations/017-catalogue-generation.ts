import type { Kysely } from "kysely";

// One row counting catalogue changes (docs/decisions/074-live-storefront.md): every catalogue write
// bumps it, and each app instance compares it with the generation its in-memory index was built
// from, so a change made on one instance shows on all of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("catalog_generation")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("generation", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto("catalog_generation").values({ id: 1, generation: 0 }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("catalog_generation").ifExists().execute();
}
