// In-memory facet index of the whole catalogue, built from the database and kept per process.
// Every product gets a position; each facet value is a bitset of positions, each numeric
// property an array of values, each sort order a precomputed array of positions. A listing
// (page, all facet counts, range bounds, total) is then bitset work of microseconds to a few
// milliseconds, the same on SQLite and PostgreSQL. See docs/decisions/005-facet-index.md.
// Only published products are in it, so hidden ones leave listings, facet counts, search and
// suggestions together; it follows catalogue changes as docs/decisions/074-live-storefront.md says.
import type { Db } from "../db/database.server.ts";
import { Bitset } from "../lib/bitset.ts";
import type { Direction } from "../lib/listing-query.ts";
import { buildSearchIndex, type SearchIndex } from "./search-index.server.ts";

export interface FacetIndex {
  code: string;
  title: string;
  /** values in display order */
  values: string[];
  sets: Bitset[];
}

export interface RangeIndex {
  code: string;
  title: string;
  unit: string;
  step: number;
  /** per position; NaN where the product has no value */
  values: Float64Array;
  /** positions that have a value, ascending by it: bounds are the first and last member of a set */
  ascending: Int32Array;
}

export interface CatalogIndex {
  size: number;
  /** position → product id */
  ids: Int32Array;
  positionOf: Map<number, number>;
  all: Bitset;
  /** section id → positions of products in it or any subsection */
  sections: Map<number, Bitset>;
  facets: FacetIndex[];
  ranges: RangeIndex[];
  orders: Record<Direction, Int32Array>;
  /** title words, fields, section names and vocabulary for ranking and correcting searches */
  search: SearchIndex;
  builtAt: number;
  /** the catalogue generation (catalog_generation) the index was read at */
  generation: number;
  /** how long building it took, ms: decides whether a request may wait for the next build */
  buildMs: number;
}

const collator = new Intl.Collator("ru", { sensitivity: "base", numeric: true });

export async function buildCatalogIndex(db: Db): Promise<CatalogIndex> {
  const k = db.kysely;
  const started = Date.now();
  // read first: a change committed while the rows are read bumps it past this, and is built again
  const generation = await readCatalogGeneration(db);
  const [sections, products, properties, values] = await Promise.all([
    k.selectFrom("sections").select(["id", "parent_id", "title"]).execute(),
    k
      .selectFrom("products")
      .select(["id", "section_id", "kind", "title", "brand", "price", "popularity", "created_at"])
      .where("published", "=", 1)
      .orderBy("id")
      .execute(),
    k.selectFrom("properties").select(["id", "code", "title", "kind", "unit", "sort"]).orderBy("sort").orderBy("id").execute(),
    k.selectFrom("product_values").select(["product_id", "property_id", "value_text", "value_num"]).execute(),
  ]);

  const size = products.length;
  const ids = new Int32Array(size);
  const positionOf = new Map<number, number>();
  products.forEach((p, i) => {
    ids[i] = p.id;
    positionOf.set(p.id, i);
  });

  // Section subtrees: a product counts in its section and in every ancestor.
  const parentOf = new Map(sections.map((s) => [s.id, s.parent_id]));
  const sectionSets = new Map<number, Bitset>(sections.map((s) => [s.id, new Bitset(size)]));
  products.forEach((p, i) => {
    for (let s: number | null | undefined = p.section_id, guard = 0; s != null && guard < 32; s = parentOf.get(s), guard++) {
      sectionSets.get(s)?.add(i);
    }
  });

  // Brand is a column, shown as a facet like the properties.
  const brand = textFacet("brand", "Бренд");
  products.forEach((p, i) => p.brand && brand.add(p.brand, i));

  const textFacets = new Map<number, ReturnType<typeof textFacet>>();
  const numeric = new Map<number, RangeIndex>();
  for (const prop of properties) {
    if (prop.kind === "number") {
      numeric.set(prop.id, {
        code: prop.code,
        title: prop.title,
        unit: prop.unit,
        step: 1,
        values: new Float64Array(size).fill(NaN),
        ascending: new Int32Array(0),
      });
    } else {
      textFacets.set(prop.id, textFacet(prop.code, prop.title));
    }
  }
  for (const v of values) {
    const pos = positionOf.get(v.product_id);
    if (pos === undefined) continue;
    const range = numeric.get(v.property_id);
    if (range) {
      if (v.value_num !== null) range.values[pos] = v.value_num;
      continue;
    }
    if (v.value_text) textFacets.get(v.property_id)?.add(v.value_text, pos);
  }

  const price: RangeIndex = { code: "price", title: "Цена", unit: "₽", step: 1, values: new Float64Array(size), ascending: new Int32Array(0) };
  products.forEach((p, i) => (price.values[i] = Math.round(Number(p.price) / 100)));
  for (const r of [price, ...numeric.values()]) {
    r.step = r === price ? 1 : inferStep(r.values);
    const withValue: number[] = [];
    for (let i = 0; i < size; i++) if (!Number.isNaN(r.values[i]!)) withValue.push(i);
    r.ascending = Int32Array.from(withValue.sort((a, b) => r.values[a]! - r.values[b]! || a - b));
  }

  const positions = () => Array.from({ length: size }, (_, i) => i);
  const by = (cmp: (a: number, b: number) => number) => Int32Array.from(positions().sort((a, b) => cmp(a, b) || ids[a]! - ids[b]!));
  const orders: Record<Direction, Int32Array> = {
    popular: by((a, b) => products[b]!.popularity - products[a]!.popularity),
    price_asc: by((a, b) => price.values[a]! - price.values[b]!),
    price_desc: by((a, b) => price.values[b]! - price.values[a]!),
    new: by((a, b) => Number(products[b]!.created_at) - Number(products[a]!.created_at)),
    name: by((a, b) => collator.compare(products[a]!.title, products[b]!.title)),
  };

  const facets = [brand, ...textFacets.values()].map((f) => f.done()).filter((f) => f.values.length > 0);
  return {
    size,
    ids,
    positionOf,
    all: Bitset.full(size),
    sections: sectionSets,
    facets,
    ranges: [price, ...numeric.values()],
    orders,
    search: buildSearchIndex({ products, sections, sectionSets, facets, popular: orders.popular }),
    builtAt: Date.now(),
    generation,
    buildMs: Date.now() - started,
  };

  function textFacet(code: string, title: string) {
    const byValue = new Map<string, Bitset>();
    return {
      add(value: string, pos: number) {
        let set = byValue.get(value);
        if (!set) byValue.set(value, (set = new Bitset(size)));
        set.add(pos);
      },
      done(): FacetIndex {
        const values = [...byValue.keys()].sort(collator.compare);
        return { code, title, values, sets: values.map((v) => byValue.get(v)!) };
      },
    };
  }
}

/** The largest step that every value is a multiple of: whole centimetres give 1, halves 0.5. */
function inferStep(values: Float64Array): number {
  for (const v of values) if (!Number.isNaN(v) && !Number.isInteger(v)) return 0.1;
  return 1;
}

/** How many catalogue changes the database has seen (bumped by catalogChanged). */
export async function readCatalogGeneration(db: Db): Promise<number> {
  const row = await db.kysely.selectFrom("catalog_generation").select("generation").where("id", "=", 1).executeTakeFirst();
  return Number(row?.generation ?? 0);
}

// One index per database. At most every CHECK_MS a request reads the catalogue generation (one
// primary-key row); when this instance or another has moved it on, a fresh index is built. A
// small catalogue (its last build took under INLINE_BUILD_MS) is rebuilt while that request waits,
// so the change shows on the very next page; a large one is rebuilt in the background while the
// old index keeps serving. Changes arriving during a build are coalesced into one more build.
// Another instance's change thus shows after at most CHECK_MS + one build (+ one request for a
// large catalogue).
const CHECK_MS = 250;
const INLINE_BUILD_MS = 150;

interface CacheEntry {
  index: Promise<CatalogIndex>;
  checkedAt: number;
  /** the build under way, if any */
  building: Promise<void> | null;
  /** a change arrived during the build: build once more when it ends */
  again: boolean;
}

const cache = new WeakMap<Db, CacheEntry>();

export async function getCatalogIndex(db: Db): Promise<CatalogIndex> {
  let entry = cache.get(db);
  if (!entry) {
    entry = { index: buildCatalogIndex(db), checkedAt: Date.now(), building: null, again: false };
    cache.set(db, entry);
    entry.index.catch(() => cache.delete(db));
    return entry.index;
  }
  const index = await entry.index;
  const small = index.buildMs <= INLINE_BUILD_MS;
  if (entry.building) {
    if (small) await entry.building;
    return entry.index;
  }
  const now = Date.now();
  if (now - entry.checkedAt < CHECK_MS) return index;
  entry.checkedAt = now;
  let generation: number;
  try {
    generation = await readCatalogGeneration(db);
  } catch {
    return index; // the index at hand keeps serving; the next check tries again
  }
  if (generation === index.generation) return index;
  const build = rebuildCatalogIndex(db, entry);
  if (small) await build;
  return entry.index;
}

/**
 * Builds a fresh index (called by catalogChanged on the instance that made the change, so it need
 * not wait for the next check); the current one serves until it is ready.
 */
export function refreshCatalogIndex(db: Db): void {
  const entry = cache.get(db);
  if (entry) void rebuildCatalogIndex(db, entry);
}

function rebuildCatalogIndex(db: Db, entry: CacheEntry): Promise<void> {
  if (entry.building) {
    entry.again = true;
    return entry.building;
  }
  entry.again = false;
  const build = buildCatalogIndex(db)
    .then((fresh) => {
      entry.index = Promise.resolve(fresh);
    })
    .catch(() => undefined) // keep serving the old one; the next generation check tries again
    .finally(() => {
      entry.building = null;
      entry.checkedAt = Date.now();
      if (entry.again) void rebuildCatalogIndex(db, entry);
    });
  entry.building = build;
  return build;
}
