import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { differs, type ComparisonTable } from "./compare-types.ts";
import { countOf, formatPrice } from "../../lib/format.ts";
import { formatRating } from "../../lib/rating.ts";
import { ProductPicture } from "../media/components.ts";
import { Icon } from "../../ui/Icon.tsx";
import { StarRating } from "../../ui/StarRating.tsx";
import { CompareBuyButton } from "./CompareBuyButton.tsx";
import "./Comparison.css";

const REVIEW_FORMS = ["отзыв", "отзыва", "отзывов"] as const;

export function ComparisonView({ tables, initialOnlyDiff }: { tables: ComparisonTable[]; initialOnlyDiff: boolean }) {
  const [onlyDiff, setOnlyDiff] = useState(initialOnlyDiff);
  if (!tables.length) {
    return (
      <div className="comparison-empty">
        <p>Вы пока ничего не сравниваете. Нажмите «Сравнить» на карточке товара.</p>
        <Link to="/catalog/" className="button">
          Перейти в каталог
        </Link>
      </div>
    );
  }
  return (
    <div className="comparison">
      <div className="comparison__controls">
        <label className="comparison__diff">
          <input type="checkbox" checked={onlyDiff} onChange={(e) => setOnlyDiff(e.target.checked)} />
          Только различия
        </label>
        <noscript>
          <a href={onlyDiff ? "/compare/" : "/compare/?diff=1"}>{onlyDiff ? "Показать все строки" : "Только различия"}</a>
        </noscript>
        <Form method="post" action="/compare/">
          <input type="hidden" name="remove" value="all" />
          <button type="submit" className="button button--ghost">
            Очистить сравнение
          </button>
        </Form>
      </div>
      {tables.map((t) => (
        <ComparisonSection key={t.sectionTitle} table={t} onlyDiff={onlyDiff} />
      ))}
    </div>
  );
}

/**
 * One section as one table: the first column is frozen while the product columns scroll, so every
 * row keeps one height across both; a copy of the header row follows the page once the table's
 * own header has scrolled past.
 */
function ComparisonSection({ table, onlyDiff }: { table: ComparisonTable; onlyDiff: boolean }) {
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const [stuck, setStuck] = useState(false);
  const [scrollLeft, setScrollLeft] = useState(0);
  useEffect(() => {
    const el = head.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        const box = entry!.boundingClientRect;
        const section = scroller.current?.getBoundingClientRect();
        setStuck(!entry!.isIntersecting && box.top < 0 && !!section && section.bottom > 140);
      },
      { rootMargin: "-72px 0px 0px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const rows = onlyDiff ? table.rows.filter((r) => differs(r.values)) : table.rows;
  const names = (sticky: boolean) => (
    <tr>
      <th scope="col" className="comparison__corner">
        {table.sectionTitle}
      </th>
      {table.products.map((p) => (
        <th key={p.id} scope="col" className="comparison__product">
          <Link to={`/product/${p.slug}/`} id={sticky ? undefined : `compare-title-${p.id}`}>
            {p.title}
          </Link>
        </th>
      ))}
    </tr>
  );
  return (
    <section className="comparison__section" aria-label={table.sectionTitle}>
      <h2>{table.sectionTitle}</h2>
      {stuck ? (
        <div className="comparison__sticky" aria-hidden="true">
          <table style={{ transform: `translateX(${-scrollLeft}px)` }}>
            <thead>{names(true)}</thead>
          </table>
        </div>
      ) : null}
      <div
        className="comparison__scroll"
        ref={scroller}
        onScroll={(e) => setScrollLeft(e.currentTarget.scrollLeft)}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard to scroll it
        tabIndex={0}
        role="region"
        aria-label={`Таблица сравнения: ${table.sectionTitle}`}
      >
        <table className="comparison__table">
          <thead ref={head}>
            {names(false)}
            <tr>
              <th scope="row">Товар</th>
              {table.products.map((p) => (
                <td key={p.id} className="comparison__card">
                  {p.image ? <ProductPicture image={p.image} sizes="160px" /> : null}
                  <p className="comparison__price">{formatPrice(p.price)}</p>
                  <Form method="post" action="/compare/">
                    <input type="hidden" name="remove" value={p.id} />
                    <button type="submit" className="icon-button comparison__remove">
                      <Icon name="trash-2" size={16} />
                      <span className="visually-hidden">Убрать из сравнения: {p.title}</span>
                    </button>
                  </Form>
                </td>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="comparison__buy-row">
              <th scope="row">Купить</th>
              {table.products.map((p) => (
                <td key={p.id}>
                  <CompareBuyButton product={p} />
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">Рейтинг</th>
              {table.products.map((p) => (
                <td key={p.id}>
                  {p.ratingCount > 0 ? (
                    <span className="comparison__rating">
                      <StarRating value={p.rating} label={`Оценка ${formatRating(p.rating)} из 5`} />
                      <span>
                        {formatRating(p.rating)} · {countOf(p.ratingCount, REVIEW_FORMS)}
                      </span>
                    </span>
                  ) : (
                    <span className="comparison__none">Нет оценок</span>
                  )}
                </td>
              ))}
            </tr>
            {rows.map((r) => (
              <tr key={r.title} className={differs(r.values) ? "comparison__row--differs" : undefined}>
                <th scope="row">{r.title}</th>
                {r.values.map((v, i) => (
                  <td key={table.products[i]!.id}>{v}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
