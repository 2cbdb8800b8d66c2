// /news/<slug>/: one article with its gallery (lightbox), wrapped tables and share links.
import { data, Link } from "react-router";
import type { Route } from "./+types/news-article";
import { servicesContext } from "../context.ts";
import { findNews, listLatestNews, cleanRichText } from "../features/content/index.server.ts";
import { formatDate } from "../lib/format.ts";
import { SHARE_NETWORKS, shareUrl } from "../lib/share-links.ts";
import { RichText } from "../ui/RichText.tsx";
import { ScrollArea } from "../ui/ScrollArea.tsx";
import { NewsPicture, NewsGallery } from "../features/content/components.ts";
import "../features/content/News.css";

/** The height of one «Другие новости» item (News.css: .news-more__list li). */
const OTHER_NEWS_ITEM_PX = 100;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: `${loaderData.article.title} — Витрина` }, { name: "description", content: loaderData.article.summary }]
    : [{ title: "Новость не найдена — Витрина" }];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const article = /^[a-z0-9-]{1,160}$/.test(params.slug) ? await findNews(db, params.slug) : null;
  if (!article) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const more = (await listLatestNews(db, 13)).filter((n) => n.slug !== article.slug).slice(0, 12);
  return { article: { ...article, body: cleanRichText(article.body) }, more, url: `${url.origin}/news/${article.slug}/` };
}

export default function NewsArticle({ loaderData }: Route.ComponentProps) {
  const { article, more, url } = loaderData;
  return (
    <article className="container page-section news-article">
      <p>
        <Link to="/news/">← Все новости</Link>
      </p>
      <h1>{article.title}</h1>
      <p>
        <time className="news-article__date" dateTime={new Date(article.publishedAt).toISOString()}>
          {formatDate(article.publishedAt)}
        </time>
      </p>
      {article.image ? (
        <NewsPicture src={article.image} alt={article.imageAlt} sizes="(min-width: 900px) 860px, 100vw" eager className="news-article__cover" />
      ) : null}
      <RichText html={article.body} />
      <NewsGallery items={article.gallery} />
      <section className="news-share" aria-label="Поделиться">
        <span>Поделиться:</span>
        {SHARE_NETWORKS.map((n) => (
          <a key={n.id} className="button button--ghost" href={shareUrl(n.id, url, article.title)} target="_blank" rel="noopener noreferrer">
            {n.title}
          </a>
        ))}
      </section>
      {more.length ? (
        <aside className="news-more" aria-labelledby="news-more">
          <h2 id="news-more">Другие новости</h2>
          {/* three whole items: each is one fixed height (News.css), so the box never cuts a line */}
          <ScrollArea label="Список других новостей" maxHeight={3 * OTHER_NEWS_ITEM_PX} className="news-more__scroll">
            <ul className="news-more__list">
              {more.map((n) => (
                <li key={n.slug}>
                  <time dateTime={new Date(n.publishedAt).toISOString()}>{formatDate(n.publishedAt)}</time>
                  <Link to={`/news/${n.slug}/`}>{n.title}</Link>
                </li>
              ))}
            </ul>
          </ScrollArea>
        </aside>
      ) : null}
    </article>
  );
}
