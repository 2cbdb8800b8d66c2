import { Link } from "react-router";
import type { ReviewListView, ReviewsSummary } from "../product/index.ts";
import { countOf, formatDate, plural } from "../../lib/format.ts";
import { formatRating } from "../../lib/rating.ts";
import { plainTextParagraphs } from "../../lib/plain-text.ts";
import { REVIEW_SORTS, reviewQueryString, type ReviewQuery } from "./review-query.ts";
import { StarRating } from "../../ui/StarRating.tsx";

const REVIEW_FORMS = ["отзыв", "отзыва", "отзывов"] as const;
const STAR_WORDS = ["звезда", "звезды", "звёзд"] as const;

/** «5★ 15» on screen, «5 звёзд 15 отзывов» for screen readers (the visible words stay in the name). */
function StarsLabel({ n, count }: { n: number; count: number }) {
  return (
    <>
      {n}
      <span aria-hidden="true">★</span>
      <span className="visually-hidden"> {plural(n, STAR_WORDS)}</span> <span className="review-filters__count">{count}</span>
      <span className="visually-hidden"> {plural(count, REVIEW_FORMS)}</span>
    </>
  );
}

/**
 * The reviews tab's summary and list: every rating shown is one of these reviews, so the
 * count beside the stars is the count of texts. Sorting, the star filter and the pages are
 * links (?sort, ?stars, ?page) on `path`, the product's reviews tab (the product page gives its
 * address), so they work without JavaScript and can be shared.
 */
export function ReviewList({ path, summary, list }: { path: string; summary: ReviewsSummary; list: ReviewListView }) {
  const href = (q: Partial<ReviewQuery>) => `${path}${reviewQueryString({ ...list.query, page: 1, ...q })}#reviews-list`;
  const total = summary.reviewCount;
  const { query } = list;
  return (
    <>
      <div className="product-reviews__summary">
        {total > 0 ? (
          <>
            <StarRating value={summary.rating} size={32} />
            <p>
              <strong className="product-reviews__average">{formatRating(summary.rating)}</strong> из 5 —{" "}
              <span data-testid="review-total">{countOf(total, REVIEW_FORMS)}</span>
            </p>
          </>
        ) : (
          <p>Отзывов пока нет — станьте первым.</p>
        )}
      </div>
      {total > 0 ? (
        <nav className="review-filters" aria-label="Отбор и сортировка отзывов">
          <ul className="review-filters__stars" aria-label="Оценка">
            <li>
              <Link to={href({ stars: null })} aria-current={query.stars === null ? "true" : undefined} preventScrollReset>
                Все <span className="review-filters__count">{total}</span>
              </Link>
            </li>
            {[5, 4, 3, 2, 1].map((n) => {
              const count = summary.byStars[n - 1] ?? 0;
              return (
                <li key={n}>
                  {count > 0 ? (
                    <Link to={href({ stars: n })} aria-current={query.stars === n ? "true" : undefined} preventScrollReset>
                      <StarsLabel n={n} count={count} />
                    </Link>
                  ) : (
                    <span className="review-filters__empty">
                      <StarsLabel n={n} count={0} />
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          <ul className="review-filters__sort" aria-label="Сортировка отзывов">
            {REVIEW_SORTS.map((s) => (
              <li key={s.id}>
                <Link to={href({ sort: s.id })} aria-current={query.sort === s.id ? "true" : undefined} preventScrollReset>
                  {s.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div id="reviews-list">
        {query.stars !== null ? (
          <p className="product-reviews__shown">
            С оценкой {query.stars}★: {countOf(list.matching, REVIEW_FORMS)}
          </p>
        ) : null}
        {list.items.length ? (
          <ul className="product-reviews__list">
            {list.items.map((r) => (
              <li key={r.id} className="review">
                <p className="review__head">
                  <strong>{r.name}</strong> <time dateTime={new Date(r.createdAt).toISOString().slice(0, 10)}>{formatDate(r.createdAt)}</time>
                </p>
                <StarRating value={r.rating} size={16} />
                {plainTextParagraphs(r.text).map((p, i) => (
                  <p key={i} className="review__text">
                    {p}
                  </p>
                ))}
                {r.pros || r.cons ? (
                  <dl className="review__pros-cons">
                    {r.pros ? (
                      <div>
                        <dt>Достоинства</dt>
                        <dd>{r.pros}</dd>
                      </div>
                    ) : null}
                    {r.cons ? (
                      <div>
                        <dt>Недостатки</dt>
                        <dd>{r.cons}</dd>
                      </div>
                    ) : null}
                  </dl>
                ) : null}
                {r.photos.length ? (
                  <ul className="review__photos" aria-label={`Фото от покупателя: ${r.name}`}>
                    {r.photos.map((ph, i) => (
                      <li key={i}>
                        <a href={`${ph.src}-1440.webp`} target="_blank" rel="noopener">
                          <img
                            src={`${ph.src}-480.webp`}
                            alt={`${ph.alt} (откроется в новой вкладке)`}
                            width={160}
                            height={90}
                            loading="lazy"
                            decoding="async"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {r.helpful > 0 ? <p className="review__helpful">Полезно: {r.helpful}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="product-reviews__empty">{total > 0 ? "Отзывов с такой оценкой нет." : "Отзывов с текстом пока нет."}</p>
        )}
        {list.pages > 1 ? (
          <nav className="review-pages" aria-label="Страницы отзывов">
            {query.page > 1 ? (
              <Link to={href({ page: query.page - 1 })} preventScrollReset rel="prev">
                Назад
              </Link>
            ) : null}
            <span>
              Страница {query.page} из {list.pages}
            </span>
            {query.page < list.pages ? (
              <Link to={href({ page: query.page + 1 })} preventScrollReset rel="next">
                Дальше
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </>
  );
}
