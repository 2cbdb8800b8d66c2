import type { TabContent } from "../../domain/product-types.ts";
import { countOf, formatDate } from "../../lib/format.ts";
import { descriptionParagraphs } from "../../lib/product-tabs.ts";
import { formatRating } from "../../lib/rating.ts";
import { RichText } from "../../ui/RichText.tsx";
import { StarRating } from "../../ui/StarRating.tsx";
import { ReviewForm, type ReviewFormInitial } from "./ReviewForm.tsx";

const REVIEW_FORMS = ["отзыв", "отзыва", "отзывов"] as const;
const RATING_FORMS = ["оценки", "оценок", "оценок"] as const;

interface Props {
  content: TabContent;
  slug: string;
  title: string;
  reviewForm?: ReviewFormInitial;
}

/** The body of one product tab, the same whether rendered on the server or loaded by POST. */
export function TabContents({ content, slug, title, reviewForm }: Props) {
  switch (content.tab) {
    case "description":
      return (
        <div className="product-description">
          {content.paragraphs.length ? content.paragraphs.map((p, i) => <p key={i}>{p}</p>) : <p>Описание скоро появится.</p>}
        </div>
      );
    case "specs":
      return (
        <dl className="product-specs">
          {content.rows.map((r) => (
            <div key={r.title} className="product-specs__row">
              <dt>{r.title}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
      );
    case "reviews": {
      const { summary, reviews } = content;
      return (
        <div className="product-reviews">
          <div className="product-reviews__summary">
            {summary.ratingCount > 0 ? (
              <>
                <StarRating value={summary.rating} size={32} />
                <p>
                  <strong className="product-reviews__average">{formatRating(summary.rating)}</strong> из 5 — средняя из{" "}
                  {countOf(summary.ratingCount, RATING_FORMS)}
                  {summary.reviewCount > 0 ? `, ${countOf(summary.reviewCount, REVIEW_FORMS)} с текстом` : ""}
                </p>
              </>
            ) : (
              <p>Оценок пока нет — станьте первым.</p>
            )}
          </div>
          {reviews.length ? (
            <ul className="product-reviews__list">
              {reviews.map((r) => (
                <li key={r.id} className="review">
                  <p className="review__head">
                    <strong>{r.name}</strong> <time dateTime={new Date(r.createdAt).toISOString().slice(0, 10)}>{formatDate(r.createdAt)}</time>
                  </p>
                  <StarRating value={r.rating} size={16} />
                  {descriptionParagraphs(r.text).map((p, i) => (
                    <p key={i} className="review__text">
                      {p}
                    </p>
                  ))}
                </li>
              ))}
            </ul>
          ) : (
            <p className="product-reviews__empty">Отзывов с текстом пока нет.</p>
          )}
          <ReviewForm slug={slug} productTitle={title} initial={reviewForm} />
        </div>
      );
    }
    case "delivery":
      return content.html ? <RichText html={content.html} /> : <p>Условия доставки уточняйте у менеджера.</p>;
  }
}
