import type { Route } from "./+types/search";
import { servicesContext } from "../context.ts";
import { listingFor } from "../domain/listing-page.server.ts";
import { searchProductIds } from "../domain/search.server.ts";
import { Bitset } from "../lib/bitset.ts";
import { countOf, PRODUCT_FORMS } from "../lib/format.ts";
import { MAX_QUERY_LENGTH } from "../lib/listing-query.ts";
import { Breadcrumbs } from "../components/catalog/Breadcrumbs.tsx";
import { ListingLayout } from "../components/catalog/ListingLayout.tsx";
import "../components/catalog/SearchPage.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const text = (url.searchParams.get("q") ?? "").normalize("NFC").trim().slice(0, MAX_QUERY_LENGTH);
  const ids = text ? await searchProductIds(db, text) : [];
  const { query, listing } = await listingFor(db, url, (index) => {
    const base = new Bitset(index.size);
    for (const id of ids) {
      const pos = index.positionOf.get(id);
      if (pos !== undefined) base.add(pos);
    }
    return base;
  });
  return { query, listing };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.query.q ? `«${loaderData.query.q}» — поиск по каталогу Витрины` : "Поиск по каталогу — Витрина" },
  { name: "robots", content: "noindex, follow" },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, listing } = loaderData;
  return (
    <div className="container">
      <Breadcrumbs items={[{ href: "/", title: "Главная" }]} current="Поиск" />
      <h1>{query.q ? `Результаты поиска «${query.q}»` : "Поиск по каталогу"}</h1>
      <form method="get" action="/search/" role="search" className="search-page__form">
        <input type="search" name="q" defaultValue={query.q} maxLength={MAX_QUERY_LENGTH} aria-label="Что ищем" className="search-page__input" />
        <button type="submit" className="button">
          Найти
        </button>
      </form>
      {query.q ? (
        listing.total > 0 || Object.keys(query.facets).length > 0 || Object.keys(query.ranges).length > 0 ? (
          <>
            <p className="search-page__summary">Нашли {countOf(listing.total, PRODUCT_FORMS)}</p>
            <ListingLayout basePath="/search/" query={query} listing={listing} hidden={{ q: query.q }} />
          </>
        ) : (
          <p className="search-page__summary">По запросу «{query.q}» ничего не нашлось. Проверьте написание или загляните в каталог.</p>
        )
      ) : (
        <p className="search-page__summary">Введите название, бренд, материал или цвет.</p>
      )}
    </div>
  );
}
