import { Form, Link } from "react-router";
import type { ModerationItem } from "../moderation-types.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { StarRating } from "../../../ui/StarRating.tsx";

/** One review in the queue with the decisions its state allows: each a plain POST form (303 back). */
export function ModerationCard({ item, error }: { item: ModerationItem; error: string | null }) {
  const reasonId = `review-${item.id}-reason`;
  return (
    <article className="moderation-card" aria-labelledby={`review-${item.id}-title`}>
      <header className="moderation-card__head">
        <h2 id={`review-${item.id}-title`} className="moderation-card__title">
          <Link to={`/product/${item.product.slug}/`}>{item.product.title}</Link>
        </h2>
        <StarRating value={item.rating} />
        <span className="moderation-card__meta">
          {item.name}, {formatDateTime(item.createdAt)}
        </span>
      </header>
      <p className="moderation-card__text">{item.text}</p>
      {item.pros ? (
        <p>
          <b>Достоинства:</b> {item.pros}
        </p>
      ) : null}
      {item.cons ? (
        <p>
          <b>Недостатки:</b> {item.cons}
        </p>
      ) : null}
      {item.photos.length > 0 ? (
        <ul className="moderation-card__photos">
          {item.photos.map((p) => (
            <li key={p.src}>
              <a href={p.src}>
                <img
                  src={p.src}
                  alt={p.alt || `Фото к отзыву: ${item.product.title}`}
                  width={96}
                  height={Math.round((96 * p.height) / (p.width || 1))}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {item.rejectedReason ? <p className="moderation-card__reason">{`Причина отклонения: ${item.rejectedReason}`}</p> : null}
      <div className="moderation-card__actions">
        {item.state !== "published" ? (
          <Form method="post">
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" name="intent" value="publish" className="button button--action">
              Опубликовать
            </button>
          </Form>
        ) : (
          <Form method="post">
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" name="intent" value="hide" className="button button--ghost">
              Скрыть
            </button>
          </Form>
        )}
        {item.state === "waiting" ? (
          <Form method="post" className="moderation-card__reject">
            <input type="hidden" name="id" value={item.id} />
            <div className={`form-group${error ? " form-group--error" : ""}`}>
              <label htmlFor={reasonId} className="form-group__label">
                Причина отклонения
              </label>
              <textarea
                id={reasonId}
                name="reason"
                rows={2}
                maxLength={500}
                className="form-control"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${reasonId}-error` : undefined}
              />
            </div>
            <button type="submit" name="intent" value="reject" className="button button--ghost">
              Отклонить
            </button>
          </Form>
        ) : null}
      </div>
      {error ? (
        <p id={`${reasonId}-error`} role="alert" className="form-group__error">
          {error}
        </p>
      ) : null}
    </article>
  );
}
