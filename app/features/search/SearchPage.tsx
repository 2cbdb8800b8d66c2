import { Link } from "react-router";
import type { SearchListing } from "./search-types.ts";
import { countOf, PRODUCT_FORMS } from "../../lib/format.ts";
import { buildListingSearch, MAX_QUERY_LENGTH } from "../catalog/index.ts";
import { Breadcrumbs, ListingLayout } from "../catalog/components.ts";
import "./SearchPage.css";

/**
 * The search results: the visitor's words stay in the box and the heading; a corrected query
 * («Возможно, вы искали «диван»») is offered as a link, and its products are shown when the
 * visitor's words found nothing.
 */
export function SearchPage({ query, listing, suggestion, corrected }: SearchListing) {
  const filtered = Object.keys(query.facets).length > 0 || Object.keys(query.ranges).length > 0;
  return (
    <div className="container">
      <Breadcrumbs items={[{ href: "/", title: "Главная" }]} current="Поиск" />
      <h1>{query.q ? `Результаты поиска «${query.q}»` : "Поиск по каталогу"}</h1>
      <form method="get" action="/search/" role="search" className="search-page__form">
        <input key={query.q} type="search" name="q" defaultValue={query.q} maxLength={MAX_QUERY_LENGTH} aria-label="Что ищем" className="search-page__input" />
        <button type="submit" className="button">
          Найти
        </button>
      </form>
      {suggestion ? (
        <p className="search-page__suggestion">
          Возможно, вы искали «<Link to={`/search/${buildListingSearch({ q: suggestion })}`}>{suggestion}</Link>»
        </p>
      ) : null}
      {!query.q ? (
        <p className="search-page__summary">Введите название, бренд, материал или цвет.</p>
      ) : listing.total > 0 || filtered ? (
        <>
          <p className="search-page__summary">
            {corrected
              ? `По запросу «${query.q}» ничего не нашлось, показываем товары по запросу «${suggestion}».`
              : `Нашли ${countOf(listing.total, PRODUCT_FORMS)}`}
          </p>
          <ListingLayout basePath="/search/" query={query} listing={listing} hidden={{ q: query.q }} />
        </>
      ) : (
        <p className="search-page__summary">
          По запросу «{query.q}» ничего не нашлось. Проверьте написание или загляните в <Link to="/catalog/">каталог</Link>.
        </p>
      )}
    </div>
  );
}
