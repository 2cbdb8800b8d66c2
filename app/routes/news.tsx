// /news/: the news, newest first, six to a page (?page=N).
import { Link } from "react-router";
import type { Route } from "./+types/news";
import { servicesContext } from "../context.ts";
import { listNewsPage } from "../features/content/index.server.ts";
import { formatDate } from "../lib/format.ts";
import { readPageNumber } from "../lib/paging.ts";
import { NewsPicture } from "../features/content/components.ts";
import "../features/content/News.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData && loaderData.page > 1 ? `Новости, страница ${loaderData.page} — Витрина` : "Новости — Витрина" },
  { name: "description", content: "Новости магазина «Витрина»: открытия шоурумов, коллекции, советы по выбору мебели." },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = readPageNumber(new URL(request.url).searchParams.get("page"));
  return listNewsPage(context.get(servicesContext).db, page);
}

const pageHref = (n: number) => (n === 1 ? "/news/" : `/news/?page=${n}`);

export default function News({ loaderData }: Route.ComponentProps) {
  const { items, page, pages } = loaderData;
  return (
    <div className="container page-section">
      <h1>Новости</h1>
      <ul className="news-list">
        {items.map((n, i) => (
          <li key={n.slug}>
            <article className="news-card">
              {n.image ? <NewsPicture src={n.image} alt={n.imageAlt} sizes="(min-width: 1200px) 400px, (min-width: 768px) 45vw, 100vw" eager={i < 3} /> : null}
              <div className="news-card__body">
                <time className="news-card__date" dateTime={new Date(n.publishedAt).toISOString()}>
                  {formatDate(n.publishedAt)}
                </time>
                <h2 className="news-card__title">
                  <Link to={`/news/${n.slug}/`}>{n.title}</Link>
                </h2>
                <p className="news-card__summary">{n.summary}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label="Страницы новостей">
          <ul className="pager">
            {page > 1 ? (
              <li>
                <Link to={pageHref(page - 1)} rel="prev">
                  Назад
                </Link>
              </li>
            ) : null}
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
              <li key={n}>
                {n === page ? (
                  <span aria-current="page">{n}</span>
                ) : (
                  <Link to={pageHref(n)} aria-label={`Страница ${n}`}>
                    {n}
                  </Link>
                )}
              </li>
            ))}
            {page < pages ? (
              <li>
                <Link to={pageHref(page + 1)} rel="next">
                  Дальше
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
