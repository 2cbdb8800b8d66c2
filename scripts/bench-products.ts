// `npm run bench:products [-- --products 100000 --runs 200]`
// The back office's product list at 100 000 products: builds (once) a demo catalogue that big with
// the seed's generator and times listAdminProducts (count + one page of 50) for the usual filtered
// pages. SQLite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, in its
// own schema. Prints p50/p95/p99; figures go in notes, never in tests. Target: p99 ≤ 50 ms on SQLite.
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import type { Db } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";
import { seedDemo } from "../app/db/seed/seed.server.ts";
import { listAdminProducts } from "../app/domain/admin-products.server.ts";
import { parseProductListQuery } from "../app/lib/product-list-query.ts";
import { onEachDialect, timeListQueries } from "./list-bench.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({ options: { products: { type: "string", default: "100000" }, runs: { type: "string", default: "200" } } });
const productCount = Number(args.products);
const runs = Number(args.runs);

async function prepare(db: Db, label: string): Promise<void> {
  await migrateToLatest(db);
  const have = await db.kysely
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  if (Number(have?.n ?? 0) < productCount) {
    const started = Date.now();
    await seedDemo(db, { mediaDir: path.join(root, "data/bench/media"), products: productCount, images: false, reset: true });
    // a shop hides some products and runs out of others: give the filters something to find
    await db.kysely
      .updateTable("products")
      .set({ published: 0 })
      .where(sql<boolean>`id % 7 = 0`)
      .execute();
    console.log(`${label}: ${productCount} products seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // as a live database would be after autovacuum: statistics for the planner
  await sql`analyze`.execute(db.kysely);
  if (db.dialect === "postgres") await sql`vacuum analyze products`.execute(db.kysely);
}

async function bench(db: Db, label: string): Promise<void> {
  await prepare(db, label);
  const leaf = await db.kysely.selectFrom("products").select(["section_id", "title"]).orderBy("id").offset(4321).limit(1).executeTakeFirstOrThrow();
  const top = await db.kysely.selectFrom("sections").select("id").where("parent_id", "is", null).orderBy("sort").limit(1).executeTakeFirstOrThrow();
  const word = leaf.title.split(" ")[0]!.toLowerCase();
  const queries: [string, string][] = [
    ["all, newest first", ""],
    ["hidden", "status=hidden"],
    ["low stock", "stock=low"],
    ["out of stock, by title", "stock=none&sort=title"],
    ["leaf section, by price", `section=${leaf.section_id}&sort=price_asc`],
    ["top section, published, page 5", `section=${top.id}&status=published&page=5`],
    ["top section, low stock", `section=${top.id}&stock=low`],
    ["search by id", "q=54321"],
    ["search by article", "q=004321"],
    [`search «${word}»`, `q=${encodeURIComponent(word)}`],
    [`search «${word}», in stock`, `q=${encodeURIComponent(word)}&stock=in&sort=price_desc`],
    ["page 1000 of everything", "page=1000"],
  ];
  await timeListQueries(label, runs, queries, async (query) => (await listAdminProducts(db, parseProductListQuery(query))).total);
}

await onEachDialect("products", bench);
