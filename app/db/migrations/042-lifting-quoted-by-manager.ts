import type { Kysely } from "kysely";

// How an order's lifting to a floor is priced (decision 099, «Update»): "tariff" — computed from
// the goods' weight by the lifting tariffs, as before; "to_quote" — a product in the order has no
// weight, so lifting_cost is 0, stays out of the total and the manager quotes it; "quoted" — the
// manager entered the price on the order, and a later edit of the lines keeps it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("lifting_pricing", "varchar(10)", (c) => c.notNull().defaultTo("tariff"))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("lifting_pricing").execute();
}
