// `npm run bench:products [-- --products 100000 --runs 200]`
// The back office's product list at 100 000 products: builds (once) a demo catalogue that big with
// the seed's generator and times listAdminProducts (count + one page of 50) for the usual filtered
// pages. SQLite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, in its
// own schema. Prints p50/p95/p99; figures go in notes, never in tests. Target: p99 ≤ 50 ms on SQLite.
import { parseArgs } from "node:util";
import type { Db } from "../app/db/database.server.ts";
import { listAdminProducts } from "../app/features/product/index.server.ts";
import { parseProductListQuery } from "../app/features/product/index.ts";
import { onEachDialect, timeListQueries } from "./list-bench.ts";
import { prepareProductBench } from "./product-bench-data.ts";

const { values: args } = parseArgs({ options: { products: { type: "string", default: "100000" }, runs: { type: "string", default: "200" } } });
const productCount = Number(args.products);
const runs = Number(args.runs);

async function bench(db: Db, label: string): Promise<void> {
  await prepareProductBench(db, label, productCount);
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
