// Product search on pre-stemmed words: FTS5 on SQLite, tsvector + GIN on PostgreSQL, both
// fed and queried through the same stemmer (app/lib/russian-words.ts), with prefix matching so
// a half-typed word already finds (docs/decisions/006-catalog-search.md). The documents are the
// catalogue's (catalog/search-documents.server.ts); on top of the match, the catalogue index ranks
// what was found and corrects typos and the wrong keyboard layout (catalog/search-index.server.ts,
// docs/decisions/066-forgiving-search.md).
import { sql } from "kysely";
import type { Db } from "../../db/database.server.ts";
import { Bitset, parseListingQuery } from "../catalog/index.ts";
import { queryStems } from "../../lib/russian-words.ts";
import { correctedQuery, getCatalogIndex, type CatalogIndex, knownFilters, loadListing, relevanceOrder } from "../catalog/index.server.ts";
import type { SearchListing } from "./search-types.ts";

export const MAX_SEARCH_RESULTS = 5000;

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
  const suggestion = correctedQuery(index, text, { typing });
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
