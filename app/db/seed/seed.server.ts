// Fills a freshly migrated database with the deterministic demo shop and renders its images.
// Portable Kysely only (SQLite and PostgreSQL); ids of sections, properties and products are
// computed up front so products, values and sets can be built without reading ids back.
import { sql, type Insertable, type Kysely } from "kysely";
import type { Db } from "../database.server.ts";
import type { Database, NewProduct, ProductVariantTable } from "../schema.ts";
import { PROPERTIES } from "./catalog-data.ts";
import { PAGES } from "./content-data.ts";
import { createProductGenerator, type ProductSummary } from "./generate-products.ts";
import { generateSets, setCount } from "./generate-sets.ts";
import { renderNewsImages, renderProductImages } from "./images.ts";
import { HOME_HERO_SCENE } from "./scenes.ts";
import { PRODUCT_TYPES } from "./product-types.ts";
import { CONTACT_POINTS, NEWS_IMAGE_KEYS, NEWS_ROWS } from "./news-data.ts";
import { createRandom } from "./random.ts";
import { buildSections } from "./sections.ts";
import { REVIEW_PHOTO_SCENES } from "./reviews.ts";

export interface SeedOptions {
  /** folder served under /media/ (e.g. data/media) */
  mediaDir: string;
  /** plain products to create (sets come on top); default 320, at least one per product type (35) */
  products?: number;
  /** PRNG seed: the same seed gives the same shop */
  seed?: number;
  /** delete existing catalogue and content rows first (sessions are kept) */
  reset?: boolean;
  /** render images (default true); tests can skip it */
  images?: boolean;
  log?: (msg: string) => void;
}

export interface SeedResult {
  sections: number;
  products: number;
  sets: number;
}

export const DEFAULT_PRODUCTS = 320;
export const DEFAULT_SEED = 20261122;

/** At least one product of every type, so that every section has goods and sets can be built. */
const PRODUCT_MIN = PRODUCT_TYPES.length;
/** Products generated and inserted per transaction. */
const BATCH = 5000;
/** Bound parameters allowed in one statement. */
const PARAM_LIMIT = { sqlite: 32766, postgres: 65535 } as const;

/** Children before parents, so foreign keys never block a reset. */
const TABLES_IN_DELETE_ORDER = [
  "reviews",
  "variant_point_stock",
  "set_items",
  "product_variants",
  "product_values",
  "products",
  "properties",
  "section_facets",
  "sections",
  "pages",
  "news",
  "contact_points",
] as const;

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom("sections").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}

async function hasDemoRows(db: Db): Promise<boolean> {
  for (const table of ["sections", "products", "properties", "pages", "news", "contact_points"] as const) {
    if (await db.kysely.selectFrom(table).select("id").limit(1).executeTakeFirst()) return true;
  }
  return false;
}

/** Inserts rows in statements small enough for the dialect's bound-parameter limit. */
async function insertChunked<T extends keyof Database & string>(
  db: Db,
  k: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const size = Math.max(1, Math.floor(PARAM_LIMIT[db.dialect] / Object.keys(first).length));
  for (let i = 0; i < rows.length; i += size) {
    // Kysely cannot relate a generic table name to its row type, hence the cast.
    await k
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

/**
 * Every seeded product is a model with one variant that has the product's id, price, stock and
 * weight (decision 108); the summary triggers then leave the product's figures as they are.
 */
function soleVariant(row: NewProduct): Insertable<ProductVariantTable> {
  return {
    id: row.id!,
    product_id: row.id!,
    article: row.article ?? "",
    price: row.price,
    old_price: row.old_price ?? null,
    stock: row.stock ?? 0,
    weight: row.weight ?? 0,
    created_at: row.created_at,
    updated_at: row.created_at,
  };
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult> {
  const productCount = Math.max(PRODUCT_MIN, Math.floor(options.products ?? DEFAULT_PRODUCTS));
  const log = options.log ?? (() => {});
  const started = Date.now();

  if (await hasDemoRows(db)) {
    if (!options.reset) throw new Error("The database already has catalogue or content rows; seed an empty database or pass reset: true (--reset).");
    for (const table of TABLES_IN_DELETE_ORDER) await db.kysely.deleteFrom(table).execute();
    log("reset: old catalogue and content deleted");
  }

  const rng = createRandom(options.seed ?? DEFAULT_SEED);
  const sections = buildSections();
  await db.kysely.transaction().execute(async (trx) => {
    await insertChunked(db, trx, "sections", sections.rows);
    await insertChunked(
      db,
      trx,
      "properties",
      PROPERTIES.map((p, i) => ({ ...p, sort: (i + 1) * 10 })),
    );
    // before the products: their stock is spread over these points
    await insertChunked(db, trx, "contact_points", CONTACT_POINTS);
  });
  log(`sections: ${sections.rows.length}, properties: ${PROPERTIES.length}`);

  // Products: generated and inserted batch by batch so a 100 000-product catalogue stays small in memory.
  const generate = createProductGenerator(rng, sections);
  const summaries: ProductSummary[] = [];
  const imageKeys = new Set<string>();
  let reviewCount = 0;
  for (let start = 0; start < productCount; start += BATCH) {
    const end = Math.min(productCount, start + BATCH);
    const batch = Array.from({ length: end - start }, (_, i) => generate(start + i + 1, start + i));
    for (const p of batch) {
      summaries.push(p.summary);
      reviewCount += p.reviews.length;
      for (const key of p.imageKeys) imageKeys.add(key);
    }
    await db.kysely.transaction().execute(async (trx) => {
      await insertChunked(
        db,
        trx,
        "products",
        batch.map((p) => p.row),
      );
      await insertChunked(
        db,
        trx,
        "product_variants",
        batch.map((p) => soleVariant(p.row)),
      );
      await insertChunked(
        db,
        trx,
        "product_values",
        batch.flatMap((p) => p.values),
      );
      await insertChunked(
        db,
        trx,
        "variant_point_stock",
        batch.flatMap((p) => p.pointStock),
      );
      await insertChunked(
        db,
        trx,
        "reviews",
        batch.flatMap((p) => p.reviews),
      );
    });
    log(`products: ${end}/${productCount}`);
  }

  const sets = generateSets(rng, summaries, productCount + 1, setCount(productCount));
  for (const set of sets) reviewCount += set.reviews.length;
  await db.kysely.transaction().execute(async (trx) => {
    await insertChunked(
      db,
      trx,
      "products",
      sets.map((s) => s.row),
    );
    await insertChunked(
      db,
      trx,
      "product_variants",
      sets.map((s) => soleVariant(s.row)),
    );
    await insertChunked(
      db,
      trx,
      "set_items",
      sets.flatMap((s) => s.items),
    );
    await insertChunked(
      db,
      trx,
      "product_values",
      sets.flatMap((s) => s.values),
    );
    await insertChunked(
      db,
      trx,
      "reviews",
      sets.flatMap((s) => s.reviews),
    );
  });
  log(`sets: ${sets.length}`);

  await db.kysely.transaction().execute(async (trx) => {
    await insertChunked(db, trx, "pages", PAGES);
    await insertChunked(db, trx, "news", NEWS_ROWS);
  });
  log(`pages: ${PAGES.length}, news: ${NEWS_ROWS.length}, contact points: ${CONTACT_POINTS.length}`);

  if (db.dialect === "postgres") {
    // Explicit ids do not advance identity sequences; move them past the seeded rows.
    for (const table of ["sections", "properties", "products", "product_variants", "contact_points"] as const) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(db.kysely);
    }
  }
  log(`reviews: ${reviewCount}`);
  log(`database filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  if (options.images !== false) {
    const imagesStarted = Date.now();
    const products = await renderProductImages(options.mediaDir, imageKeys, log);
    const news = await renderNewsImages(options.mediaDir, [...NEWS_IMAGE_KEYS, ...REVIEW_PHOTO_SCENES, HOME_HERO_SCENE], log);
    log(
      `images: ${products.rendered + news.rendered} rendered, ${products.skipped + news.skipped} already there (${((Date.now() - imagesStarted) / 1000).toFixed(1)} s)`,
    );
  }

  return { sections: sections.rows.length, products: productCount, sets: sets.length };
}
