import { useState } from "react";
import { useFetcher } from "react-router";
import type { ListingView, ProductCardData } from "../../domain/catalog-types.ts";
import { buildListingSearch, type ListingQuery } from "../../lib/listing-query.ts";
import { ProductCard } from "./ProductCard.tsx";
import { Pagination } from "./Pagination.tsx";
import "./ListingResults.css";

/**
 * The products of a listing. «Показать ещё» appends the next page of the same listing: locked
 * while its request runs, page + 1 after each answer, gone once the server says isEnd.
 * The numbered links below serve visitors without JavaScript and crawlers.
 */
export function ListingResults({ basePath, query, listing }: { basePath: string; query: ListingQuery; listing: ListingView }) {
  const fetcher = useFetcher<{ listing: ListingView }>();
  const [more, setMore] = useState<ProductCardData[]>([]);
  const [page, setPage] = useState(listing.page);
  const [isEnd, setIsEnd] = useState(listing.isEnd);
  const [handled, setHandled] = useState<unknown>(null);
  const busy = fetcher.state !== "idle";

  const answer = fetcher.data;
  if (fetcher.state === "idle" && answer && answer !== handled) {
    setHandled(answer);
    if (answer.listing.page === page + 1) {
      setMore([...more, ...answer.listing.items]);
      setPage(answer.listing.page);
      setIsEnd(answer.listing.isEnd);
    }
  }

  const items = [...listing.items, ...more];
  if (!items.length) {
    return <p className="listing-results__empty">По этим условиям ничего не нашлось. Попробуйте убрать часть фильтров.</p>;
  }
  return (
    <>
      <ul className={`listing-results listing-results--${query.view}`}>
        {items.map((p, i) => (
          <li key={p.id}>
            <ProductCard product={p} layout={query.view} eager={i < 4} />
          </li>
        ))}
      </ul>
      {!isEnd ? (
        <div className="listing-results__more">
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            aria-busy={busy}
            onClick={() => {
              if (!busy) fetcher.load(basePath + buildListingSearch({ ...query, page: page + 1 }));
            }}
          >
            Показать ещё
          </button>
        </div>
      ) : null}
      <Pagination basePath={basePath} query={query} pageCount={listing.pageCount} />
    </>
  );
}
