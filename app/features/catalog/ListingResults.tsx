import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { ListingView } from "./catalog-types.ts";
import { buildListingSearch, type ListingQuery } from "./listing-query.ts";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { ProductCard } from "./ProductCard.tsx";
import { Pagination } from "./Pagination.tsx";
import "./ListingResults.css";

/** The id of the card at a position of the whole listing (1-based), the anchor «Показать ещё» lands on. */
const itemId = (position: number) => `listing-item-${position}`;

/**
 * The products of a listing. «Показать ещё» is a GET form for the same listing with one more page
 * (`page` + 1, `from` kept): the URL then says what is shown, so a reload, the back button or a
 * shared link bring back every loaded product. Without JavaScript it is an ordinary page load that
 * lands on the first new card; with it, the router loads the same address in place (locked while
 * it runs) and focus moves to the first new card. The numbered links serve crawlers.
 */
export function ListingResults({ basePath, query, listing }: { basePath: string; query: ListingQuery; listing: ListingView }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle";
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const items = listing.items;
  const firstPosition = (query.from - 1) * query.num + 1;
  const nextPosition = query.page * query.num + 1;

  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || items.length <= index) return;
    focusFrom.current = null;
    list.current?.children[index]?.querySelector<HTMLElement>(".product-card__title a")?.focus();
  }, [items]);

  if (!items.length) {
    return <p className="listing-results__empty">По этим условиям ничего не нашлось. Попробуйте убрать часть фильтров.</p>;
  }
  const next = new URLSearchParams(buildListingSearch({ ...query, page: query.page + 1, from: query.from }));
  return (
    <>
      {/* the cards' titles are h3: on phones the filters' h2 is folded away, so the list has its own */}
      <h2 className="visually-hidden">Список товаров</h2>
      <ul ref={list} className={`listing-results listing-results--${query.view}`}>
        {items.map((p, i) => (
          <li key={p.id} id={itemId(firstPosition + i)}>
            <ProductCard product={p} layout={query.view} eager={i < 4} priority={i < 2} />
          </li>
        ))}
      </ul>
      {!listing.isEnd ? (
        <Form
          method="get"
          // without JavaScript the new page opens at its first new card; with it nothing scrolls
          action={hydrated ? basePath : `${basePath}#${itemId(nextPosition)}`}
          preventScrollReset
          replace
          className="listing-results__more"
          onSubmit={(e) => {
            if (busy) e.preventDefault();
            else focusFrom.current = items.length;
          }}
        >
          {[...next].map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button--ghost" disabled={busy} aria-busy={busy}>
            Показать ещё
          </button>
        </Form>
      ) : null}
      <Pagination basePath={basePath} query={query} pageCount={listing.pageCount} />
    </>
  );
}
