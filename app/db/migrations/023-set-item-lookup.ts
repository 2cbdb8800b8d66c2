import type { Kysely } from "kysely";

// Set editing (decision 078): whenever a product's price or weight changes, every set
// containing it is recomputed in the same transaction. The set_items key starts with set_id, so
// «which sets contain these items» needs its own index to avoid reading the whole table per save.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("set_items_item_idx").on("set_items").columns(["item_id", "set_id"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("set_items_item_idx").ifExists().execute();
}
