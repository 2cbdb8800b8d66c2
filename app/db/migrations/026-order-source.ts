import type { Kysely } from "kysely";

// «Купить в 1 клик» (decision 083): staff tell such orders apart in the back office, so
// every order says where it came from. Existing and checkout orders are «checkout».
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("source", "text", (c) => c.notNull().defaultTo("checkout"))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("source").execute();
}
