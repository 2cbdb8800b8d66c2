// What the section and search routes share: read the URL against the catalogue index and
// compute the listing for a base set of products.
import type { Db } from "../../db/database.server.ts";
import type { PositionSet } from "./posting-list.ts";
import { parseListingQuery, type ListingQuery } from "./listing-query.ts";
import { arrangeFilterGroups, hiddenCodes, type FacetChoice } from "./section-facets.ts";
import type { ListingView } from "./catalog-types.ts";
import { getCatalogIndex, type CatalogIndex } from "./catalog-index.server.ts";
import { loadListing } from "./listing.server.ts";

export function knownFilters(index: CatalogIndex) {
  return { facets: new Set(index.facets.map((f) => f.code)), ranges: new Set(index.ranges.map((r) => r.code)) };
}

/**
 * @param choice a section's filter choice (decision 079): hidden filters are neither offered nor
 *   applied from an old link, and the panel follows the chosen order. The index is not touched.
 */
export async function listingFor(
  db: Db,
  url: URL,
  base: (index: CatalogIndex) => PositionSet | Promise<PositionSet>,
  choice: readonly FacetChoice[] | null = null,
): Promise<{ query: ListingQuery; listing: ListingView }> {
  const index = await getCatalogIndex(db);
  const known = knownFilters(index);
  const hidden = hiddenCodes(choice);
  for (const code of hidden) {
    known.facets.delete(code);
    known.ranges.delete(code);
  }
  const query = parseListingQuery(url.searchParams, known);
  const listing = await loadListing(db, index, await base(index), query);
  if (!choice) return { query, listing };
  const facets = listing.facets.filter((f) => !hidden.has(f.code));
  const ranges = listing.ranges.filter((r) => !hidden.has(r.code));
  const filterOrder = arrangeFilterGroups(
    ranges.map((r) => r.code),
    facets.map((f) => f.code),
    choice,
  );
  return { query, listing: { ...listing, facets, ranges, filterOrder } };
}
