// `npm run bench:catalog [-- --products 100000] [--pg-products 100000] [--http]`
// Seeds large catalogues (SQLite file under data/bench/, and a PostgreSQL schema when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set), then times the full listing computation —
// one page, every facet's counts, range bounds and total, plus the page's card query — over a
// fixed mix of typical filter combinations, and prints p50/p99. With --http it also measures
// requests/s of a rendered listing page against the bare-server baseline (scripts/bench.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensurePgSchema, openDatabase, type Db } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";
import { isEmpty, seedDemo } from "../app/db/seed/seed.server.ts";
import { buildCatalogIndex, loadListing, knownFilters } from "../app/features/catalog/index.server.ts";
import { parseListingQuery } from "../app/features/catalog/index.ts";
import { describeSets, heapUsed } from "./bench-memory.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    "pg-products": { type: "string", default: "" },
    runs: { type: "string", default: "400" },
    http: { type: "boolean", default: false },
  },
});

async function prepare(db: Db, products: number, label: string) {
  await migrateToLatest(db);
  if (await isEmpty(db)) {
    const t = Date.now();
    console.log(`[${label}] seeding ${products} products…`);
    await seedDemo(db, { mediaDir: path.join(root, "data/test-media"), products, images: false });
    console.log(`[${label}] seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(db: Db, label: string) {
  const heapBefore = heapUsed();
  let t = performance.now();
  const index = await buildCatalogIndex(db);
  const buildMs = performance.now() - t;
  const heapMb = (heapUsed() - heapBefore) / 1024 / 1024;
  console.log(`[${label}] ${describeSets(index)}`);

  // A fixed mix: sections from the top level and leaves, 0–3 facets, a price range, every sort, a few pages.
  const sectionIds = [...index.sections.keys()];
  const known = knownFilters(index);
  let seed = 42;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const directions = ["popular", "price_asc", "price_desc", "new", "name"];
  const queries = Array.from({ length: Number(args.runs) }, () => {
    const section = sectionIds[rand(sectionIds.length)]!;
    const params = new URLSearchParams();
    for (let f = rand(4); f > 0; f--) {
      const facet = index.facets[rand(index.facets.length)]!;
      params.append(facet.code, facet.values[rand(facet.values.length)]!);
    }
    if (rand(3) === 0) params.set("price[min]", String(5000 + rand(40000)));
    params.set("direction", directions[rand(directions.length)]!);
    params.set("page", String(1 + rand(3)));
    return { section, query: parseListingQuery(params, known) };
  });

  for (const q of queries.slice(0, 20)) await loadListing(db, index, index.sections.get(q.section)!, q.query); // warm-up
  const times: number[] = [];
  for (const q of queries) {
    t = performance.now();
    await loadListing(db, index, index.sections.get(q.section)!, q.query);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `[${label}] ${index.size} products: index built in ${buildMs.toFixed(0)} ms (~${heapMb.toFixed(0)} MB heap); ` +
      `listing p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms over ${times.length} requests`,
  );
}

const sqliteProducts = Number(args.products);
fs.mkdirSync(path.join(root, "data/bench"), { recursive: true });
const sqliteFile = path.join(root, `data/bench/catalog-${sqliteProducts}.db`);
const sqlite = openDatabase(sqliteFile);
await prepare(sqlite, sqliteProducts, "sqlite");
await measure(sqlite, "sqlite");
await sqlite.close();

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const pgProducts = Number(args["pg-products"] || sqliteProducts);
  const schema = `bench_catalog_${pgProducts}`;
  await ensurePgSchema(pgUrl, schema);
  const pg = openDatabase(pgUrl, { schema });
  await prepare(pg, pgProducts, "postgres");
  await measure(pg, "postgres");
  await pg.close();
} else {
  console.log("[postgres] skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure PostgreSQL too");
}

if (args.http) {
  spawnSync(process.execPath, ["scripts/bench.ts", "--path", "/catalog/divany-i-kresla/?direction=price_asc", "--products", String(sqliteProducts)], {
    cwd: root,
    stdio: "inherit",
  });
}
