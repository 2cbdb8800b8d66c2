// Product search on pre-stemmed words: FTS5 on SQLite, tsvector + GIN on PostgreSQL, both
// fed and queried through the same stemmer (app/lib/russian-words.ts), with prefix matching so
// a half-typed word already finds (docs/decisions/006-catalog-search.md). On top of it, the
// catalogue index ranks what was found and corrects typos and the wrong keyboard layout
// (search-index.server.ts, docs/decisions/066-forgiving-search.md).
import { sql, type Kysely } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import { Bitset, parseListingQuery } from "../catalog/index.ts";
import { documentStems, queryStems } from "../../lib/russian-words.ts";
import { correctQuery } from "./search-vocabulary.ts";
import { getCatalogIndex, type CatalogIndex, knownFilters, loadListing } from "../catalog/index.server.ts";
import { relevanceOrder } from "./search-index.server.ts";
import type { SearchListing } from "./search-types.ts";

const BATCH = 500;
export const MAX_SEARCH_RESULTS = 5000;

/** Products a rebuild reads and writes the documents of at a time (see rebuildSearchIndex). */
const REBUILD_SLICE = 2000;

/** Search documents (title, article, brand, section, properties, description) of the given products, or of an id range. */
async function searchDocuments(k: Kysely<Database>, ids: readonly number[] | { from: number; to: number }): Promise<{ product_id: number; stems: string }[]> {
  let products = k.selectFrom("products").select(["id", "section_id", "title", "article", "brand", "description"]);
  let valueRows = k.selectFrom("product_values").select(["product_id", "value_text"]).where("value_text", "is not", null);
  if ("from" in ids) {
    products = products.where("id", ">=", ids.from).where("id", "<=", ids.to);
    valueRows = valueRows.where("product_id", ">=", ids.from).where("product_id", "<=", ids.to);
  } else {
    products = products.where("id", "in", ids);
    valueRows = valueRows.where("product_id", "in", ids);
  }
  const [rows, sections, values] = await Promise.all([products.execute(), k.selectFrom("sections").select(["id", "title"]).execute(), valueRows.execute()]);
  const sectionTitle = new Map(sections.map((s) => [s.id, s.title]));
  const valuesOf = new Map<number, string[]>();
  for (const v of values) {
    const list = valuesOf.get(v.product_id) ?? [];
    list.push(v.value_text!);
    valuesOf.set(v.product_id, list);
  }
  return rows.map((p) => ({
    product_id: p.id,
    stems: documentStems([p.title, p.article, p.brand, sectionTitle.get(p.section_id) ?? "", ...(valuesOf.get(p.id) ?? []), p.description].join(" ")),
  }));
}

/**
 * Rebuilds every product's search document, a slice of products at a time inside the one
 * transaction: every document at once took more heap than the server has at 100 000 products
 * (descriptions and values for all of them), and an import or a section edit runs this in the
 * server (decision 093).
 */
export async function rebuildSearchIndex(db: Db): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("search_documents").execute();
    let written = 0;
    for (let after = 0; ;) {
      const slice = await trx.selectFrom("products").select("id").where("id", ">", after).orderBy("id").limit(REBUILD_SLICE).execute();
      if (!slice.length) return written;
      after = slice.at(-1)!.id;
      const docs = await searchDocuments(trx, { from: slice[0]!.id, to: after });
      for (let i = 0; i < docs.length; i += BATCH)
        await trx
          .insertInto("search_documents")
          .values(docs.slice(i, i + BATCH))
          .execute();
      written += docs.length;
    }
  });
}

/** Rewrites the documents of these products after an edit; a deleted product's document goes. */
export async function refreshSearchDocuments(db: Db, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH);
    const docs = await searchDocuments(db.kysely, chunk);
    await db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom("search_documents").where("product_id", "in", chunk).execute();
      if (docs.length) await trx.insertInto("search_documents").values(docs).execute();
    });
  }
}

/** Builds the index when it is missing or out of step with the products (first start, new seed). */
export async function ensureSearchIndex(db: Db): Promise<void> {
  const [docs, products] = await Promise.all([
    db.kysely
      .selectFrom("search_documents")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db.kysely
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(docs.n) !== Number(products.n)) await rebuildSearchIndex(db);
}

/** Ids of products whose documents contain every query word (as a prefix of a stem). */
export async function searchProductIds(db: Db, text: string, limit = MAX_SEARCH_RESULTS): Promise<number[]> {
  const stems = queryStems(text);
  if (!stems.length) return [];
  let rows: { product_id: number }[];
  if (db.dialect === "postgres") {
    const tsquery = stems.map((s) => `${s}:*`).join(" & ");
    rows = (
      await sql<{ product_id: number }>`select product_id from search_documents where tsv @@ to_tsquery('simple', ${tsquery}) limit ${limit}`.execute(db.kysely)
    ).rows;
  } else {
    const match = stems.map((s) => `"${s}"*`).join(" AND ");
    rows = (await sql<{ product_id: number }>`select product_id from search_documents where search_documents match ${match} limit ${limit}`.execute(db.kysely))
      .rows;
  }
  return rows.map((r) => Number(r.product_id));
}

export interface FoundProducts {
  /** positions in the catalogue index of the products found, best first */
  positions: number[];
  /** the words the results are for: the visitor's, or the correction when theirs found nothing */
  text: string;
  /** «Возможно, вы искали …»: the query with typos and layout corrected, when that differs */
  suggestion: string | null;
  /** the results are for the suggestion, since the visitor's words found nothing */
  corrected: boolean;
}

/**
 * Searches the visitor's words and, when a word is none the catalogue knows, the corrected
 * words too: their results replace an empty answer, and are offered as a suggestion when they
 * find more than the visitor's words did. `typing`: the last word is still being typed.
 */
export async function findProducts(db: Db, index: CatalogIndex, text: string, { typing = false } = {}): Promise<FoundProducts> {
  const found = positionsOf(index, await searchProductIds(db, text));
  const suggestion = correctQuery(text, index.search.vocabulary, { typing });
  let result: FoundProducts = { positions: found, text, suggestion: null, corrected: false };
  if (suggestion) {
    const better = positionsOf(index, await searchProductIds(db, suggestion));
    if (!found.length && better.length) result = { positions: better, text: suggestion, suggestion, corrected: true };
    else if (better.length > found.length) result = { ...result, suggestion };
  }
  return { ...result, positions: Array.from(relevanceOrder(index, result.positions, result.text)) };
}

function positionsOf(index: CatalogIndex, ids: number[]): number[] {
  return ids.flatMap((id) => {
    const pos = index.positionOf.get(id);
    return pos === undefined ? [] : [pos];
  });
}

/** The search page: the products found for `q`, with the same facets and orders as a section. */
export async function searchListing(db: Db, url: URL): Promise<SearchListing> {
  const index = await getCatalogIndex(db);
  const query = parseListingQuery(url.searchParams, knownFilters(index));
  const found = query.q ? await findProducts(db, index, query.q) : { positions: [], suggestion: null, corrected: false };
  const base = new Bitset(index.size);
  for (const pos of found.positions) base.add(pos);
  const listing = await loadListing(db, index, base, query, query.direction === "relevance" ? Int32Array.from(found.positions) : undefined);
  return { query, listing, suggestion: found.suggestion, corrected: found.corrected };
}
