// Shared by the back office's list benches (bench:orders, bench:products): time a list query for
// several URL filters and print p50/p95/p99, on SQLite and, when a PostgreSQL URL is set, on
// PostgreSQL in a schema of its own. Figures go in notes, never in tests.
import fs from "node:fs";
import path from "node:path";
import { dropPgSchema, ensurePgSchema, openDatabase, type Db } from "../app/db/database.server.ts";

const WARM_UP = 5;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Runs `list` for each [title, URL query] `runs` times (after a warm-up); `list` returns the total found. */
export async function timeListQueries(
  label: string,
  runs: number,
  queries: [string, string][],
  list: (query: URLSearchParams) => Promise<number>,
): Promise<void> {
  console.log(`\n${label}: ${runs} runs each (count + one page of 50)`);
  const width = Math.max(...queries.map(([title]) => title.length)) + 2;
  for (const [title, query] of queries) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < runs + WARM_UP; i++) {
      const t = performance.now();
      found = await list(new URLSearchParams(query));
      if (i >= WARM_UP) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const f = (ms: number) => `${ms.toFixed(1).padStart(6)} ms`;
    console.log(
      `${title.padEnd(width)} ${String(found).padStart(7)} found   p50 ${f(percentile(times, 50))}   p95 ${f(percentile(times, 95))}   p99 ${f(percentile(times, 99))}`,
    );
  }
}

/** `bench` on data/bench/<name>.db, then on PostgreSQL (schema vitrina_bench_<name>) when one is configured. `reopen` opens another connection to the same database, as a second app instance would. */
export async function onEachDialect(name: string, bench: (db: Db, label: string, reopen: () => Db) => Promise<void>): Promise<void> {
  const root = path.resolve(import.meta.dirname, "..");
  fs.mkdirSync(path.join(root, "data/bench"), { recursive: true });
  const file = path.join(root, `data/bench/${name}.db`);
  const sqlite = openDatabase(file);
  try {
    await bench(sqlite, "SQLite", () => openDatabase(file));
  } finally {
    await sqlite.close();
  }
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) return;
  const schema = `vitrina_bench_${name}`;
  await ensurePgSchema(pgUrl, schema);
  const pg = openDatabase(pgUrl, { schema });
  try {
    await bench(pg, "PostgreSQL", () => openDatabase(pgUrl, { schema }));
  } finally {
    await pg.close();
    if (process.env.BENCH_KEEP_SCHEMA !== "1") await dropPgSchema(pgUrl, schema);
  }
}
