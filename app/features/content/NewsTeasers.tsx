import { Link } from "react-router";
import { formatDate } from "../../lib/format.ts";

interface NewsTeaser {
  slug: string;
  title: string;
  summary: string;
  publishedAt: number;
}

export function NewsTeasers({ news }: { news: NewsTeaser[] }) {
  return (
    <ul className="news-teasers">
      {news.map((n) => (
        <li key={n.slug} className="news-teasers__item">
          <time className="news-teasers__date" dateTime={new Date(n.publishedAt).toISOString()}>
            {formatDate(n.publishedAt)}
          </time>
          <h3 className="news-teasers__title">
            <Link to={`/news/${n.slug}/`}>{n.title}</Link>
          </h3>
          <p className="news-teasers__summary">{n.summary}</p>
        </li>
      ))}
    </ul>
  );
}
