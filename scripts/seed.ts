// Fills the database with the demo shop:
//   npm run seed -- [--products 100000] [--orders 100000] [--reset] [--seed 42] [--no-images] [--database URL]
// --orders adds demo order history for the back office; on an already seeded shop it adds only the orders.
// DATABASE_URL (default data/vitrina.db) and MEDIA_DIR (default data/media) come from the environment.
import { parseArgs } from "node:util";
import { ensurePgSchema, openDatabase } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";
import { seedDemoOrders } from "../app/db/seed/demo-orders.ts";
import { DEFAULT_PRODUCTS, isEmpty, seedDemo } from "../app/db/seed/seed.server.ts";
import { rebuildSearchIndex } from "../app/features/catalog/index.server.ts";

const { values: args } = parseArgs({
  options: {
    products: { type: "string" },
    orders: { type: "string" },
    seed: { type: "string" },
    reset: { type: "boolean", default: false },
    "no-images": { type: "boolean", default: false },
    database: { type: "string" },
  },
});

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`--${name} must be a positive whole number, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

const url = args.database ?? process.env.DATABASE_URL ?? "data/vitrina.db";
const mediaDir = process.env.MEDIA_DIR ?? "data/media";
const products = positiveInt("products", args.products, DEFAULT_PRODUCTS);
const seed = args.seed === undefined ? undefined : positiveInt("seed", args.seed, 1);
const log = (msg: string) => console.log(`[seed] ${msg}`);

const schema = process.env.DATABASE_SCHEMA;
if (schema) await ensurePgSchema(url, schema);
const db = openDatabase(url, { schema });
try {
  const started = Date.now();
  const applied = await migrateToLatest(db);
  if (applied.length) log(`migrations applied: ${applied.join(", ")}`);
  const orders = args.orders === undefined ? 0 : positiveInt("orders", args.orders, 0);
  if (orders && !args.reset && !(await isEmpty(db))) {
    log(`adding ${orders} demo orders to the shop already there`);
  } else {
    log(`seeding ${db.dialect === "postgres" ? "PostgreSQL" : url} with ${products} products, media in ${mediaDir}`);
    const result = await seedDemo(db, { mediaDir, products, seed, reset: args.reset, images: !args["no-images"], log });
    log(`search index: ${await rebuildSearchIndex(db)} documents`);
    log(`catalogue: ${result.sections} sections, ${result.products} products, ${result.sets} sets`);
  }
  if (orders) log(`orders: ${await seedDemoOrders(db, { count: orders, seed, log })} added`);
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(`[seed] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
