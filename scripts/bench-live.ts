// `npm run bench:live [-- --products 100000 --edits 30]`
// How long a staff save takes to reach the storefront's listings at 100 000 products
// (docs/decisions/081-catalogue-speed-at-scale.md): each edit commits like a back-office save
// (price, hide, publish, brand or title of one product), calls catalogChanged, and the clock runs
// until the listing query (computeListing over the catalogue index) shows it — on the instance
// that saved, and on a second instance (another connection with its own index) that learns of
// it from the catalogue generation. Prints p50/p99 of both and of the patch itself, and the full
// build for comparison. SQLite always; PostgreSQL too when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) is set. With REDIS_URL, a third instance that serves no request at all is
// told of each change over Redis (decision 094): the clock runs until its index has caught up.
// Figures go in notes, never in tests.
import { parseArgs } from "node:util";
import { pino } from "pino";
import type { Db } from "../app/db/database.server.ts";
import {
  catalogChanged,
  buildCatalogIndex,
  getCatalogIndex,
  readCatalogGeneration,
  type CatalogIndex,
  knownFilters,
  computeListing,
} from "../app/features/catalog/index.server.ts";
import { parseListingQuery } from "../app/features/catalog/index.ts";
import { onEachDialect } from "./list-bench.ts";
import { prepareProductBench } from "./product-bench-data.ts";
import { shareCatalogChanges } from "../server/catalog-notices.ts";
import { connectRedis, type SharedRedis } from "../server/redis.ts";

const { values: args } = parseArgs({ options: { products: { type: "string", default: "100000" }, edits: { type: "string", default: "30" } } });
const productCount = Number(args.products);
const edits = Number(args.edits);
/** a change not seen after this long counts as missed */
const GIVE_UP_MS = 20_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const figures = (times: number[]) => {
  const sorted = times.slice().sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms   p99 ${percentile(sorted, 99).toFixed(0).padStart(5)} ms   max ${sorted.at(-1)!.toFixed(0).padStart(5)} ms`;
};

interface Edit {
  /** performance.now() when the save began */
  started: number;
  id: number;
  sectionId: number;
  /** the listing of the product's section, as a shopper would query it, shows the edit */
  shown: (index: CatalogIndex) => boolean;
}

/** the product's section listing, filtered to its brand and price, lists it (or, for a hidden one, does not) */
function listed(index: CatalogIndex, sectionId: number, id: number, query: string): boolean {
  const base = index.sections.get(sectionId);
  if (!base) return false;
  const listing = computeListing(index, base, parseListingQuery(new URLSearchParams(query), knownFilters(index)));
  return listing.positions.some((pos) => index.ids[pos] === id);
}

async function makeEdit(db: Db, n: number): Promise<Edit> {
  const k = db.kysely;
  const p = await k
    .selectFrom("products")
    .select(["id", "section_id", "price", "brand", "title"])
    .where("published", "=", 1)
    .where("kind", "=", "product")
    .orderBy("id")
    .offset((n * 2917) % Math.floor(productCount * 0.8))
    .limit(1)
    .executeTakeFirstOrThrow();
  let started = 0;
  const save = (set: { price?: number; published?: number; brand?: string; title?: string }) => {
    started = performance.now();
    return k
      .updateTable("products")
      .set((eb) => ({ ...set, version: eb("version", "+", 1), updated_at: Date.now() }))
      .where("id", "=", p.id)
      .execute();
  };
  const price = 100 * (1_000_000 + n); // a rouble price no other product has
  const by = (extra: string) => (index: CatalogIndex) => listed(index, p.section_id, p.id, `direction=price_asc&num=60&${extra}`);
  switch (n % 4) {
    case 0:
      await save({ price });
      return { started, id: p.id, sectionId: p.section_id, shown: by(`price[min]=${price / 100}&price[max]=${price / 100}`) };
    case 1: {
      await save({ published: 0 });
      const rubles = Math.round(Number(p.price) / 100);
      const visible = by(`price[min]=${rubles}&price[max]=${rubles}`);
      return { started, id: p.id, sectionId: p.section_id, shown: (index) => !visible(index) };
    }
    case 2: {
      const brand = `Бренд правки ${n}`;
      await save({ brand, price });
      return { started, id: p.id, sectionId: p.section_id, shown: by(`brand=${encodeURIComponent(brand)}&price[min]=${price / 100}`) };
    }
    default:
      await save({ title: `${p.title} правка ${n}`, price });
      return {
        started,
        id: p.id,
        sectionId: p.section_id,
        shown: (index) =>
          by(`price[min]=${price / 100}&price[max]=${price / 100}`)(index) && index.patch.titles[index.positionOf.get(p.id)!]!.endsWith(` ${n}`),
      };
  }
}

/** ms until `shown` holds for the index a request on `db` gets; Infinity when it never does. */
async function untilShown(db: Db, started: number, shown: (index: CatalogIndex) => boolean): Promise<number> {
  while (performance.now() - started < GIVE_UP_MS) {
    if (shown(await getCatalogIndex(db))) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return Infinity;
}

const redisUrl = process.env.REDIS_URL;

/**
 * An instance nobody sends a request to, told of changes over Redis: when its index reached each
 * generation (performance.now()), from its "caught up" log lines.
 */
async function idleInstance(db: Db, reopen: () => Db, url: string) {
  const prefix = `vitrina-bench-${process.pid}-${Date.now()}:`;
  const quiet = pino({ level: "warn" });
  const caughtUp: { generation: number; at: number }[] = [];
  const listener = pino(
    { level: "debug" },
    {
      write(line: string) {
        const entry = JSON.parse(line) as { msg: string; generation?: number };
        if (entry.msg === "catalogue index caught up after a change notice") caughtUp.push({ generation: Number(entry.generation), at: performance.now() });
      },
    },
  );
  const idle = reopen();
  await getCatalogIndex(idle);
  const links: SharedRedis[] = [await connectRedis({ url, prefix }, quiet), await connectRedis({ url, prefix }, listener)];
  await shareCatalogChanges(db, links[0]!, quiet);
  await shareCatalogChanges(idle, links[1]!, listener);
  return {
    async reached(generation: number): Promise<number> {
      const until = performance.now() + GIVE_UP_MS;
      while (performance.now() < until) {
        const hit = caughtUp.find((c) => c.generation >= generation);
        if (hit) return hit.at;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return Infinity;
    },
    async close() {
      await Promise.all(links.map((l) => l.close()));
      await idle.close();
    },
  };
}

async function bench(db: Db, label: string, reopen: () => Db): Promise<void> {
  await prepareProductBench(db, label, productCount);
  const other = reopen();
  const idle = redisUrl ? await idleInstance(db, reopen, redisUrl) : null;
  try {
    let t = performance.now();
    const full = await buildCatalogIndex(db);
    console.log(`\n${label}: full index build ${(performance.now() - t).toFixed(0)} ms (${full.size} published products)`);
    t = performance.now();
    await Promise.all([getCatalogIndex(db), getCatalogIndex(other)]);
    console.log(`${label}: both instances' first index ${(performance.now() - t).toFixed(0)} ms`);

    const here: number[] = [];
    const there: number[] = [];
    const patch: number[] = [];
    const save: number[] = [];
    const told: number[] = [];
    for (let n = 0; n < edits; n++) {
      const edit = await makeEdit(db, n);
      await catalogChanged(db, [edit.id]);
      save.push(performance.now() - edit.started);
      const generation = await readCatalogGeneration(db);
      const [a, b, c] = await Promise.all([
        untilShown(db, edit.started, edit.shown),
        untilShown(other, edit.started, edit.shown),
        idle ? idle.reached(generation) : Promise.resolve(0),
      ]);
      here.push(a);
      there.push(b);
      if (idle) told.push(c - edit.started);
      const patched = (await getCatalogIndex(db)).patchMs;
      if (patched !== undefined) patch.push(patched);
    }
    console.log(`${label}: ${edits} edits, from the save's commit to the listing query showing it`);
    console.log(`  save + catalogChanged          ${figures(save)}`);
    console.log(`  this instance (patched)        ${figures(here)}`);
    console.log(`  another instance (generation)  ${figures(there)}`);
    if (told.length) console.log(`  an idle instance (Redis)       ${figures(told)}`);
    if (patch.length) console.log(`  the patch itself               ${figures(patch)}`);
  } finally {
    await idle?.close();
    await other.close();
  }
}

await onEachDialect("products", bench);
