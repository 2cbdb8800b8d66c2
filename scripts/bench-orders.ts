// `npm run bench:orders [-- --orders 100000 --runs 200]`
// The back office's order list at 100 000 orders: builds (once) a demo shop with that many orders
// and times listOrders (count + one page) for the usual filtered pages. SQLite always; PostgreSQL
// too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, in its own schema. Prints p50/p95/p99;
// figures go in notes, never in tests. Target: p99 ≤ 50 ms on SQLite for a filtered page.
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import type { Db } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";
import { seedDemoOrders } from "../app/db/seed/demo-orders.ts";
import { seedDemo } from "../app/db/seed/seed.server.ts";
import { listOrders } from "../app/features/orders/index.server.ts";
import { parseOrderListQuery } from "../app/features/orders/index.ts";
import { onEachDialect, timeListQueries } from "./list-bench.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({ options: { orders: { type: "string", default: "100000" }, runs: { type: "string", default: "200" } } });
const orderCount = Number(args.orders);
const runs = Number(args.runs);
const NOW = Date.parse("2026-11-24T12:00:00Z");

async function prepare(db: Db, label: string): Promise<void> {
  await migrateToLatest(db);
  const have = await db.kysely
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  if (Number(have?.n ?? 0) >= orderCount) return;
  const started = Date.now();
  await seedDemo(db, { mediaDir: path.join(root, "data/bench/media"), images: false, reset: true });
  await db.kysely.deleteFrom("orders").execute();
  await seedDemoOrders(db, { count: orderCount, now: NOW });
  console.log(`${label}: ${orderCount} orders seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await settle(db);
}

/**
 * As a live database would be after autovacuum: statistics for the planner, and on PostgreSQL a
 * visibility map so counts can come from the index alone (a fresh bulk insert has none).
 */
async function settle(db: Db): Promise<void> {
  await sql`analyze`.execute(db.kysely);
  if (db.dialect === "postgres") await sql`vacuum analyze orders`.execute(db.kysely);
}

async function samplePhone(db: Db): Promise<string> {
  const row = await db.kysely.selectFrom("orders").select("phone").orderBy("id").offset(777).limit(1).executeTakeFirstOrThrow();
  // written as a person would type it, not as stored
  return `8${row.phone.replace(/\D/g, "").slice(1)}`;
}

async function bench(db: Db, label: string): Promise<void> {
  await prepare(db, label);
  const phone = await samplePhone(db);
  const queries: [string, string][] = [
    ["all, newest first", ""],
    ["status = new", "status=new"],
    ["status = shipped, page 3", "status=shipped&page=3"],
    ["delivery = floor, one week", "delivery=floor&from=2026-11-10&to=2026-11-16"],
    ["status = done, by total desc", "status=done&sort=total"],
    ["status = new, by number asc", "status=new&sort=number&dir=asc"],
    ["courier, by total, page 5", "delivery=courier&sort=total&page=5"],
    ["phone (typed 8…)", `q=${phone}`],
    ["e-mail", "q=client123@example.ru"],
    ["name part", "q=ёлкина&status=new"],
    ["page 200 of everything", "page=200"],
  ];
  await timeListQueries(label, runs, queries, async (query) => (await listOrders(db, parseOrderListQuery(query))).total);
}

await onEachDialect("orders", bench);
