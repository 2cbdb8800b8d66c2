import type { Kysely } from "kysely";

// Pictures a 1C import put on a product (decision 088), by the SHA-256 of the file 1C
// sent: a repeated import finds the same bytes here and keeps the stored picture instead of
// encoding it again, and a picture 1C stops listing is told apart from one staff added by hand.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("exchange_pictures")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("source_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("src", "varchar(200)", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("exchange_pictures_pk", ["product_id", "source_hash"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("exchange_pictures").ifExists().execute();
}
