import { useState } from "react";
import type { ListingView } from "./catalog-types.ts";
import { buildListingSearch, type ListingQuery } from "./listing-query.ts";
import { ActiveFilters } from "./ActiveFilters.tsx";
import { FilterPanel } from "./FilterPanel.tsx";
import { ListingResults } from "./ListingResults.tsx";
import { ListingToolbar } from "./ListingToolbar.tsx";
import "./ListingLayout.css";

interface Props {
  basePath: string;
  query: ListingQuery;
  listing: ListingView;
  /** kept as hidden fields of the filter form (the search text) */
  hidden?: Record<string, string>;
}

/** Filters beside (or, below 992 px, over) the listing: toolbar, active filters, products, paging. */
export function ListingLayout({ basePath, query, listing, hidden }: Props) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const facetTitles = Object.fromEntries(listing.facets.map((f) => [f.code, f.title]));
  const resetHref = basePath + buildListingSearch({ q: query.q, direction: query.direction, num: query.num, view: query.view });
  return (
    <div className="listing-layout">
      <aside className="listing-layout__filters" aria-label="Фильтры">
        <FilterPanel
          action={basePath}
          facets={listing.facets}
          ranges={listing.ranges}
          order={listing.filterOrder}
          total={listing.total}
          resetHref={resetHref}
          hidden={hidden}
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
        />
      </aside>
      <div className="listing-layout__main">
        <ListingToolbar query={query} total={listing.total} onOpenFilters={() => setFiltersOpen(true)} />
        <ActiveFilters basePath={basePath} query={query} facetTitles={facetTitles} ranges={listing.ranges} />
        {/* the same list while «Показать ещё» adds pages (keeps focus and the cards); a new one for new filters */}
        <ListingResults key={buildListingSearch({ ...query, page: 1, from: 1 })} basePath={basePath} query={query} listing={listing} />
      </div>
    </div>
  );
}
