import { Link } from "react-router";
import { buildListingSearch, type ListingQuery } from "./listing-query.ts";
import "./Pagination.css";

/** Numbered page links for visitors without JavaScript and for crawlers. */
export function Pagination({ basePath, query, pageCount }: { basePath: string; query: ListingQuery; pageCount: number }) {
  if (pageCount <= 1) return null;
  // a numbered page is that page alone, whatever «Показать ещё» had added
  const href = (page: number) => basePath + buildListingSearch({ ...query, page, from: page });
  const pages = new Set([1, pageCount]);
  for (let p = query.page - 2; p <= query.page + 2; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const list = [...pages].sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label="Страницы">
      <ul>
        {list.map((p, i) => (
          <li key={p}>
            {i > 0 && p - list[i - 1]! > 1 ? <span className="pagination__gap">…</span> : null}
            {p === query.page ? (
              <span className="pagination__current" aria-current="page">
                {p}
              </span>
            ) : (
              <Link to={href(p)} aria-label={`Страница ${p}`}>
                {p}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
