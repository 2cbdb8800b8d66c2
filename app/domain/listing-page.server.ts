// What the section and search routes share: read the URL against the catalogue index and
// compute the listing for a base set of products.
import type { Db } from "../db/database.server.ts";
import type { Bitset } from "../lib/bitset.ts";
import { parseListingQuery, type ListingQuery } from "../lib/listing-query.ts";
import type { ListingView } from "./catalog-types.ts";
import { getCatalogIndex, type CatalogIndex } from "./catalog-index.server.ts";
import { loadListing } from "./listing.server.ts";

export function knownFilters(index: CatalogIndex) {
  return { facets: new Set(index.facets.map((f) => f.code)), ranges: new Set(index.ranges.map((r) => r.code)) };
}

export async function listingFor(
  db: Db,
  url: URL,
  base: (index: CatalogIndex) => Bitset | Promise<Bitset>,
): Promise<{ query: ListingQuery; listing: ListingView }> {
  const index = await getCatalogIndex(db);
  const query = parseListingQuery(url.searchParams, knownFilters(index));
  const listing = await loadListing(db, index, await base(index), query);
  return { query, listing };
}
