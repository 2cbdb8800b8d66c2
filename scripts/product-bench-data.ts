// The catalogue the product benches (bench:products, bench:live) run on: built once with the
// seed's generator at the size asked for, some products hidden, statistics up to date.
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";
import { seedDemo } from "../app/db/seed/seed.server.ts";
import { rebuildSearchIndex } from "../app/features/catalog/index.server.ts";

const root = path.resolve(import.meta.dirname, "..");

export async function prepareProductBench(db: Db, label: string, productCount: number): Promise<void> {
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
    await rebuildSearchIndex(db);
    console.log(`${label}: ${productCount} products seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // as a live database would be after autovacuum: statistics for the planner
  await sql`analyze`.execute(db.kysely);
  if (db.dialect === "postgres") await sql`vacuum analyze products`.execute(db.kysely);
}
