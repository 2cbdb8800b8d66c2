// In-memory facet index of the whole catalogue, built from the database and kept per process.
// Every product gets a position; each facet value is a set of positions (a PostingList: a sorted
// array when small, a bitset when large, decision 093), each numeric
// property an array of values, each sort order a precomputed array of positions. A listing
// (page, all facet counts, range bounds, total) is then set work of microseconds to a few
// milliseconds, the same on SQLite and PostgreSQL. See docs/decisions/005-facet-index.md.
// Only published products are in it, so hidden ones leave listings, facet counts, search and
// suggestions together; it follows catalogue changes as docs/decisions/074-live-storefront.md says.
import type { Selectable } from "kysely";
import type { Db } from "../../db/database.server.ts";
import { PostingList } from "./posting-list.ts";
import type { Direction } from "./listing-query.ts";
import type { ProductTable, ProductValueTable, PropertyTable } from "../../db/schema.ts";
import { buildSearchIndex, patchSearchIndex, type SearchIndex } from "./search-index.server.ts";

export interface FacetIndex {
  code: string;
  title: string;
  /** values in display order */
  values: string[];
  sets: PostingList[];
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
  all: PostingList;
  /** section id → positions of products in it or any subsection */
  sections: Map<number, PostingList>;
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
  /** how long the patch that made it took, ms, when a patch did */
  patchMs?: number;
  patch: PatchState;
}

const collator = new Intl.Collator("ru", { sensitivity: "base", numeric: true });

/** What patching an index needs beyond what listings read (decision 081). */
export interface PatchState {
  sections: { id: number; title: string }[];
  parentOf: Map<number, number | null>;
  /** property id → its facet (text) or range (number): where a changed product's values go */
  propertyFacets: Map<number, FacetIndex>;
  propertyRanges: Map<number, RangeIndex>;
  /** brand, then every text property in display order, with or without values */
  allFacets: FacetIndex[];
  /** per position, for the sort orders: a hole (a product gone since the build) has "" and 0 */
  titles: string[];
  popularity: Float64Array;
  createdAt: Float64Array;
  /** positions left empty by products hidden or deleted since the full build */
  holes: number;
}

type ProductRow = Pick<Selectable<ProductTable>, "id" | "section_id" | "kind" | "title" | "brand" | "price" | "popularity" | "created_at">;
type ValueRow = Pick<Selectable<ProductValueTable>, "product_id" | "property_id" | "value_text" | "value_num">;
type PropertyRow = Pick<Selectable<PropertyTable>, "id" | "code" | "title" | "unit">;

export async function buildCatalogIndex(db: Db): Promise<CatalogIndex> {
  const k = db.kysely;
  const started = Date.now();
  // read first: a change committed while the rows are read bumps it past this, and is built again
  const generation = await readCatalogGeneration(db);
  const [sections, products, properties] = await Promise.all([
    k.selectFrom("sections").select(["id", "parent_id", "title"]).execute(),
    k
      .selectFrom("products")
      .select(["id", "section_id", "kind", "title", "brand", "price", "popularity", "created_at"])
      .where("published", "=", 1)
      .orderBy("id")
      .execute(),
    k.selectFrom("properties").select(["id", "code", "title", "kind", "unit", "sort"]).orderBy("sort").orderBy("id").execute(),
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
  const sectionMembers = new Map<number, number[]>(sections.map((s) => [s.id, []]));
  products.forEach((p, i) => addToSections(parentOf, sectionMembers, p.section_id, i));
  const sectionSets = new Map([...sectionMembers].map(([id, list]) => [id, PostingList.of(list, size)]));

  // Brand is a column, shown as a facet like the properties.
  const brand = emptyFacet("brand", "Бренд");
  const propertyFacets = new Map<number, FacetIndex>();
  const propertyRanges = new Map<number, RangeIndex>();
  for (const prop of properties) {
    if (prop.kind === "number") propertyRanges.set(prop.id, emptyRange(prop, size));
    else propertyFacets.set(prop.id, emptyFacet(prop.code, prop.title));
  }
  const allFacets = [brand, ...propertyFacets.values()];
  // collect each facet's members by value, then lay them out in display order
  const members = new Map<FacetIndex, Map<string, number[]>>(allFacets.map((f) => [f, new Map()]));
  const join = (facet: FacetIndex, value: string, pos: number) => {
    const byValue = members.get(facet)!;
    const list = byValue.get(value);
    if (list) list.push(pos);
    else byValue.set(value, [pos]);
  };
  products.forEach((p, i) => p.brand && join(brand, p.brand, i));
  // The values are read a slice of products at a time: all at once they were a row object each,
  // eight per product — some 120 MB of short-lived heap at 100 000 products, more than the
  // server's heap limit at a million (decision 093). A slice is a few megabytes.
  for (let from = 0; from < size; from += VALUE_SLICE) {
    const values = await k
      .selectFrom("product_values")
      .select(["product_id", "property_id", "value_text", "value_num"])
      .where("product_id", ">=", ids[from]!)
      .where("product_id", "<=", ids[Math.min(size, from + VALUE_SLICE) - 1]!)
      .execute();
    for (const v of values) {
      const pos = positionOf.get(v.product_id);
      if (pos === undefined) continue;
      const range = propertyRanges.get(v.property_id);
      if (range) {
        if (v.value_num !== null) range.values[pos] = v.value_num;
        continue;
      }
      const facet = propertyFacets.get(v.property_id);
      if (facet && v.value_text) join(facet, v.value_text, pos);
    }
  }
  for (const [facet, byValue] of members) {
    facet.values = [...byValue.keys()].sort(collator.compare);
    // a product's values were pushed in position order, but a product may repeat a value
    facet.sets = facet.values.map((value) => PostingList.of(byValue.get(value)!, size));
  }

  const price = priceRange(size);
  products.forEach((p, i) => (price.values[i] = Math.round(Number(p.price) / 100)));
  const ranges = [price, ...propertyRanges.values()];
  for (const r of ranges) {
    r.step = r === price ? 1 : inferStep(r.values);
    const withValue: number[] = [];
    for (let i = 0; i < size; i++) if (!Number.isNaN(r.values[i]!)) withValue.push(i);
    r.ascending = Int32Array.from(withValue.sort((a, b) => r.values[a]! - r.values[b]! || a - b));
  }

  const titles = products.map((p) => p.title);
  const popularity = Float64Array.from(products, (p) => p.popularity);
  const createdAt = Float64Array.from(products, (p) => Number(p.created_at));
  const cmp = orderComparators(ids, price.values, titles, popularity, createdAt);
  const positions = Array.from({ length: size }, (_, i) => i);
  const orders = Object.fromEntries(DIRECTIONS.map((d) => [d, Int32Array.from(positions.slice().sort(cmp[d]))])) as Record<Direction, Int32Array>;

  const facets = allFacets.filter((f) => f.values.length > 0);
  return {
    size,
    ids,
    positionOf,
    all: PostingList.full(size),
    sections: sectionSets,
    facets,
    ranges,
    orders,
    search: buildSearchIndex({ products, sections, sectionSets, facets, popular: orders.popular }),
    builtAt: Date.now(),
    generation,
    buildMs: Date.now() - started,
    patch: { sections, parentOf, propertyFacets, propertyRanges, allFacets, titles, popularity, createdAt, holes: 0 },
  };
}

/** Products whose property values one query of a full build reads. */
const VALUE_SLICE = 20_000;

const DIRECTIONS = ["popular", "price_asc", "price_desc", "new", "name"] as const satisfies readonly Direction[];

/** The listing orders, each broken by id: the full build and a patch must order alike. */
function orderComparators(ids: Int32Array, price: Float64Array, titles: string[], popularity: Float64Array, createdAt: Float64Array) {
  const by =
    (cmp: (a: number, b: number) => number) =>
    (a: number, b: number): number =>
      cmp(a, b) || ids[a]! - ids[b]!;
  return {
    popular: by((a, b) => popularity[b]! - popularity[a]!),
    price_asc: by((a, b) => price[a]! - price[b]!),
    price_desc: by((a, b) => price[b]! - price[a]!),
    new: by((a, b) => createdAt[b]! - createdAt[a]!),
    name: by((a, b) => collator.compare(titles[a]!, titles[b]!)),
  } satisfies Record<Direction, (a: number, b: number) => number>;
}

function addToSections(parentOf: Map<number, number | null>, members: Map<number, number[]>, section: number, pos: number): void {
  for (let s: number | null | undefined = section, guard = 0; s != null && guard < 32; s = parentOf.get(s), guard++) members.get(s)?.push(pos);
}

function emptyFacet(code: string, title: string): FacetIndex {
  return { code, title, values: [], sets: [] };
}

function emptyRange(prop: PropertyRow, size: number): RangeIndex {
  return { code: prop.code, title: prop.title, unit: prop.unit, step: 1, values: new Float64Array(size).fill(NaN), ascending: new Int32Array(0) };
}

function priceRange(size: number): RangeIndex {
  return { code: "price", title: "Цена", unit: "₽", step: 1, values: new Float64Array(size), ascending: new Int32Array(0) };
}

/** The products of some changed ids as they are now: the published ones with their values. */
export interface ChangedProducts {
  ids: readonly number[];
  products: ProductRow[];
  values: ValueRow[];
}

/**
 * A new index equal (for every listing, count, bound and search) to a full build, made from
 * `index` and the current rows of the products that changed: each keeps its position, a new or
 * re-published one takes a position at the end, a hidden or deleted one leaves a hole. Copies
 * what it changes, so requests holding the old index keep a consistent one. Null when a patch
 * cannot say it right — a section or property the index does not know (those changes rebuild),
 * or too many holes — and the caller builds afresh.
 */
export function patchCatalogIndex(index: CatalogIndex, change: ChangedProducts, generation: number): CatalogIndex | null {
  const started = Date.now();
  const state = index.patch;
  const published = new Map(change.products.map((p) => [p.id, p]));
  for (const p of change.products) if (!state.parentOf.has(p.section_id)) return null;
  for (const v of change.values)
    if (published.has(v.product_id) && !state.propertyFacets.has(v.property_id) && !state.propertyRanges.has(v.property_id)) return null;

  // positions: cleared ones lose every membership; placed ones then gain their current ones
  const cleared: number[] = [];
  const placed = new Map<number, ProductRow>();
  let size = index.size;
  let holes = state.holes;
  const positionOf = new Map(index.positionOf);
  const gone: number[] = [];
  for (const id of new Set(change.ids)) {
    const old = index.positionOf.get(id);
    const row = published.get(id);
    if (old !== undefined) cleared.push(old);
    if (row) {
      const pos = old ?? size++;
      positionOf.set(id, pos);
      placed.set(pos, row);
    } else if (old !== undefined) {
      positionOf.delete(id);
      gone.push(old);
      holes++;
    }
  }
  if (holes > Math.max(MAX_HOLES, size / 10)) return null;

  const ids = new Int32Array(size);
  ids.set(index.ids);
  for (const pos of gone) ids[pos] = 0;
  for (const [pos, row] of placed) ids[pos] = row.id;

  // Stored sets are immutable: each one a cleared position was in or a placed one joins is
  // edited into a new one, every other is shared with the old index. Additions are gathered
  // first, per section and per facet value, then each set is edited once.
  const sectionAdds = new Map<number, number[]>([...index.sections.keys()].map((id) => [id, []]));
  const allAdds: number[] = [];
  const ranges = index.ranges.map((r) => {
    const values = new Float64Array(size).fill(NaN);
    values.set(r.values);
    for (const pos of cleared) values[pos] = NaN;
    return { ...r, values };
  });
  const rangeOf = new Map(index.ranges.map((r, i) => [r, ranges[i]!]));
  const price = ranges[0]!;
  const propertyRanges = new Map([...state.propertyRanges].map(([id, r]) => [id, rangeOf.get(r)!]));

  const titles = state.titles.slice();
  const popularity = new Float64Array(size);
  popularity.set(state.popularity);
  const createdAt = new Float64Array(size);
  createdAt.set(state.createdAt);
  for (const pos of gone) {
    titles[pos] = "";
    popularity[pos] = 0;
    createdAt[pos] = 0;
  }

  // per facet: its values (new ones spliced in at their place) and what each value gains
  interface FacetEdit {
    values: string[];
    adds: number[][];
  }
  const edits = new Map<FacetIndex, FacetEdit>(state.allFacets.map((f) => [f, { values: f.values.slice(), adds: f.values.map(() => []) }]));
  const join = (facet: FacetIndex, value: string, pos: number) => {
    const edit = edits.get(facet)!;
    // the collator ranks some distinct strings equal («Ёлка», «Елка»): look for the exact one among them
    let i = lowerBound(edit.values, value);
    while (i < edit.values.length && edit.values[i] !== value && collator.compare(edit.values[i]!, value) === 0) i++;
    if (edit.values[i] !== value) {
      edit.values.splice(i, 0, value);
      edit.adds.splice(i, 0, []);
    }
    edit.adds[i]!.push(pos);
  };
  const brand = state.allFacets[0]!;
  const valuesOf = new Map<number, ValueRow[]>();
  for (const v of change.values) valuesOf.set(v.product_id, [...(valuesOf.get(v.product_id) ?? []), v]);
  for (const [pos, row] of placed) {
    allAdds.push(pos);
    addToSections(state.parentOf, sectionAdds, row.section_id, pos);
    if (row.brand) join(brand, row.brand, pos);
    price.values[pos] = Math.round(Number(row.price) / 100);
    titles[pos] = row.title;
    popularity[pos] = row.popularity;
    createdAt[pos] = Number(row.created_at);
    for (const v of valuesOf.get(row.id) ?? []) {
      const range = propertyRanges.get(v.property_id);
      if (range) {
        if (v.value_num !== null) range.values[pos] = v.value_num;
        continue;
      }
      const facet = state.propertyFacets.get(v.property_id);
      if (facet && v.value_text) join(facet, v.value_text, pos);
    }
  }

  const all = index.all.edit(cleared, allAdds, size);
  const sections = new Map([...index.sections].map(([id, set]) => [id, set.edit(cleared, sectionAdds.get(id)!, size)]));
  const facetOf = new Map<FacetIndex, FacetIndex>();
  const allFacets = state.allFacets.map((f) => {
    const edit = edits.get(f)!;
    const old = new Map(f.values.map((value, i) => [value, f.sets[i]!]));
    const next: FacetIndex = { code: f.code, title: f.title, values: [], sets: [] };
    edit.values.forEach((value, i) => {
      const was = old.get(value);
      const set = was ? was.edit(cleared, edit.adds[i]!, size) : PostingList.of(edit.adds[i]!, size);
      // a value that lost its last member: a full build would not list it
      if (set.count() === 0) return;
      next.values.push(value);
      next.sets.push(set);
    });
    facetOf.set(f, next);
    return next;
  });
  const propertyFacets = new Map([...state.propertyFacets].map(([id, f]) => [id, facetOf.get(f)!]));

  // sorted arrays: drop the cleared positions, merge the placed ones in at their place
  const changed = new Uint8Array(size);
  for (const pos of cleared) changed[pos] = 1;
  const placedPositions = [...placed.keys()];
  const resort = (sorted: Int32Array, cmp: (a: number, b: number) => number, keep: (pos: number) => boolean) =>
    mergeSorted(sorted, changed, placedPositions.filter(keep).sort(cmp), cmp);
  for (const r of ranges) {
    r.step = r === price ? 1 : inferStep(r.values);
    r.ascending = resort(
      r.ascending,
      (a, b) => r.values[a]! - r.values[b]! || a - b,
      (pos) => !Number.isNaN(r.values[pos]!),
    );
  }
  const cmp = orderComparators(ids, price.values, titles, popularity, createdAt);
  const orders = Object.fromEntries(DIRECTIONS.map((d) => [d, resort(index.orders[d], cmp[d], () => true)])) as Record<Direction, Int32Array>;

  const facets = allFacets.filter((f) => f.values.length > 0);
  const search = patchSearchIndex(index.search, {
    size,
    cleared: cleared.map((pos) => [pos, state.titles[pos]!] as const),
    placed: [...placed].map(([pos, row]) => ({ pos, title: row.title, kind: row.kind })),
    sections: state.sections,
    sectionSets: sections,
    facets,
    popular: orders.popular,
  });
  return {
    size,
    ids,
    positionOf,
    all,
    sections,
    facets,
    ranges,
    orders,
    search,
    builtAt: Date.now(),
    generation,
    // a patch does not tell how long a full build would take: keep the last build's time
    buildMs: index.buildMs,
    patchMs: Date.now() - started,
    patch: { sections: state.sections, parentOf: state.parentOf, propertyFacets, propertyRanges, allFacets, titles, popularity, createdAt, holes },
  };

  function lowerBound(values: string[], value: string): number {
    let lo = 0;
    let hi = values.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (collator.compare(values[mid]!, value) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * `sorted` without the `drop` positions, with `add` (sorted by `cmp`) merged in. Each added
 * position finds its place by binary search: a few dozen comparisons, not one per product (the
 * name order's collator would make that half a second at 100 000 products).
 */
function mergeSorted(sorted: Int32Array, drop: Uint8Array, add: number[], cmp: (a: number, b: number) => number): Int32Array {
  let n = 0;
  const kept = new Int32Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) if (drop[sorted[i]!] === 0) kept[n++] = sorted[i]!;
  if (!add.length) return kept.slice(0, n);
  const out = new Int32Array(n + add.length);
  let from = 0;
  let o = 0;
  for (const pos of add) {
    let lo = from;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(kept[mid]!, pos) < 0) lo = mid + 1;
      else hi = mid;
    }
    out.set(kept.subarray(from, lo), o);
    o += lo - from;
    out[o++] = pos;
    from = lo;
  }
  out.set(kept.subarray(from, n), o);
  return out;
}

/** Beyond this many holes (or a tenth of the index) a full rebuild compacts the positions. */
const MAX_HOLES = 1000;

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
// primary-key row); when this instance or another has moved it on, the index catches up: by a
// patch for the products the missed generations changed (catalog_changes, a few milliseconds to
// a few hundred at 100 000 products), or by a full build when a generation changed everything
// (an import, a section or property edit) or is no longer listed. A small catalogue (its last
// full build took under INLINE_BUILD_MS) is brought up to date while that request waits, so the
// change shows on the very next page; for a large one the old index serves until the new one is
// ready. Changes arriving meanwhile are coalesced into one more update.
const CHECK_MS = 250;
const INLINE_BUILD_MS = 150;
/** a patch is for a handful of products: more than this many, and a full build is as quick */
export const PATCH_MAX_PRODUCTS = 2000;
/** an instance this many generations behind rebuilds rather than reading them all */
const PATCH_MAX_GENERATIONS = 500;

interface CacheEntry {
  index: Promise<CatalogIndex>;
  checkedAt: number;
  /** the update under way, if any */
  building: Promise<void> | null;
  /** a change arrived during the update: update once more when it ends */
  again: boolean;
}

const cache = new WeakMap<Db, CacheEntry>();

/** how an index came up to date and how long it took, ms (the reads included) */
export type CatalogIndexUpdate = { kind: "build" | "patch"; ms: number };
const observers = new WeakMap<Db, (update: CatalogIndexUpdate) => void>();

/** Tells `listener` of every build and patch of this database's index (server/metrics.ts times them). */
export function observeCatalogIndex(db: Db, listener: (update: CatalogIndexUpdate) => void): void {
  observers.set(db, listener);
}

async function timedBuild(db: Db): Promise<CatalogIndex> {
  const index = await buildCatalogIndex(db);
  observers.get(db)?.({ kind: "build", ms: index.buildMs });
  return index;
}

export async function getCatalogIndex(db: Db): Promise<CatalogIndex> {
  let entry = cache.get(db);
  if (!entry) {
    entry = { index: timedBuild(db), checkedAt: Date.now(), building: null, again: false };
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
  const update = updateCatalogIndex(db, entry);
  if (small) await update;
  return entry.index;
}

/**
 * Brings this instance's index up to date (called by catalogChanged on the instance that made
 * the change, so it need not wait for the next check); the current one serves until then.
 */
export function refreshCatalogIndex(db: Db): Promise<void> {
  const entry = cache.get(db);
  return entry ? updateCatalogIndex(db, entry) : Promise.resolve();
}

/**
 * Brings this instance's index up to the database's generation now, without waiting for a request
 * to check (another instance announced a change, decision 094), and resolves with the index once
 * no update is left under way — including the further one a change arriving meanwhile asked for.
 * Null when this instance has not built an index yet (its first build reads the latest).
 */
export async function catchUpCatalogIndex(db: Db): Promise<CatalogIndex | null> {
  const entry = cache.get(db);
  if (!entry) return null;
  await updateCatalogIndex(db, entry);
  while (entry.building) await entry.building;
  return entry.index;
}

function updateCatalogIndex(db: Db, entry: CacheEntry): Promise<void> {
  if (entry.building) {
    entry.again = true;
    return entry.building;
  }
  entry.again = false;
  const update = entry.index
    .then(async (current) => {
      const started = performance.now();
      const patched = await patchedIndex(db, current);
      if (!patched) return timedBuild(db);
      if (patched !== current) observers.get(db)?.({ kind: "patch", ms: performance.now() - started });
      return patched;
    })
    .then((fresh) => {
      entry.index = Promise.resolve(fresh);
    })
    .catch(() => undefined) // keep serving the old one; the next generation check tries again
    .finally(() => {
      entry.building = null;
      entry.checkedAt = Date.now();
      if (entry.again) void updateCatalogIndex(db, entry);
    });
  entry.building = update;
  return update;
}

/**
 * The index patched with the products changed since it was made, or null when it must be
 * built afresh: a generation without listed products (everything changed, or pruned), too many
 * generations or products, or a change a patch cannot place.
 */
export async function patchedIndex(db: Db, index: CatalogIndex): Promise<CatalogIndex | null> {
  const k = db.kysely;
  // read first, as a full build does: a change committed meanwhile is caught by the next update
  const generation = await readCatalogGeneration(db);
  if (generation === index.generation) return index;
  if (generation < index.generation || generation - index.generation > PATCH_MAX_GENERATIONS) return null;
  const listed = await k
    .selectFrom("catalog_changes")
    .select(["generation", "product_id"])
    .where("generation", ">", index.generation)
    .where("generation", "<=", generation)
    .execute();
  const generations = new Set(listed.map((r) => Number(r.generation)));
  if (generations.size !== generation - index.generation) return null;
  const ids = [...new Set(listed.map((r) => r.product_id))];
  if (ids.length > PATCH_MAX_PRODUCTS) return null;
  const [products, values] = await Promise.all([
    k
      .selectFrom("products")
      .select(["id", "section_id", "kind", "title", "brand", "price", "popularity", "created_at"])
      .where("id", "in", ids)
      .where("published", "=", 1)
      .execute(),
    k.selectFrom("product_values").select(["product_id", "property_id", "value_text", "value_num"]).where("product_id", "in", ids).execute(),
  ]);
  return patchCatalogIndex(index, { ids, products, values }, generation);
}
