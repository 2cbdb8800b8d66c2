import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// The page version (docs/decisions/091-page-cache.md): one counter that moves with every write to
// a table the storefront's shared pages show, so the page cache of every app instance stops
// using what it rendered before. Triggers, not calls in each writer: an import, the 1C exchange,
// an order taking stock and a test's direct UPDATE all bump it in the same transaction as the
// change, so the new version is never visible before the data it stands for.
// Tables written for one visitor (sessions, carts, orders, favourites, forms) are left out: they
// never appear on a shared page, and a bump per visitor would empty the cache all the time.
// Search documents (a virtual table in SQLite, which takes no triggers) are rewritten before
// catalogChanged moves catalog_generation, whose trigger covers them.
const PAGE_TABLES = [
  "sections",
  "section_facets",
  "products",
  "properties",
  "product_values",
  "set_items",
  "pages",
  "news",
  "contact_points",
  "point_stock",
  "reviews",
  "deleted_products",
  "catalog_generation",
  "site_banner",
  "lift_tariffs",
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("page_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto("page_version").values({ id: 1, version: 0 }).execute();
  if (dialect === "postgres") {
    // Once per statement: a bulk import of 100 000 rows bumps it once, not 100 000 times. Before
    // the statement, so a transaction takes the counter's row lock before the row locks of the
    // statement itself: two writers then queue on the counter instead of each holding a product
    // row the other one wants next (after-triggers would turn such a pair into a deadlock).
    await sql`create function page_version_bump() returns trigger language plpgsql as $$
      begin
        update page_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of PAGE_TABLES)
      await sql`create trigger ${sql.raw(`${table}_page_version`)} before insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function page_version_bump()`.execute(db);
  } else {
    // SQLite has row triggers only; an UPDATE of one cached row costs about a microsecond
    for (const table of PAGE_TABLES)
      for (const event of ["insert", "update", "delete"])
        await sql`create trigger ${sql.raw(`${table}_page_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin update page_version set version = version + 1 where id = 1; end`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  // dropping the table is not enough: the triggers would fail on the next write
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of PAGE_TABLES) await sql`drop trigger if exists ${sql.raw(`${table}_page_version`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists page_version_bump()`.execute(db);
  } else {
    for (const table of PAGE_TABLES)
      for (const event of ["insert", "update", "delete"]) await sql`drop trigger if exists ${sql.raw(`${table}_page_version_${event}`)}`.execute(db);
  }
  await db.schema.dropTable("page_version").ifExists().execute();
}
