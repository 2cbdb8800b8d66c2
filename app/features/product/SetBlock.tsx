import { Link } from "react-router";
import type { SetItemView } from "./product-types.ts";
import type { SetTotals } from "./set-price.ts";
import { formatPrice, formatWeight } from "../../lib/format.ts";
import { ProductPicture } from "../media/components.ts";
import { BUY_FORM_ID } from "./PriceBlock.tsx";

interface Props {
  items: SetItemView[];
  discount: number;
  totals: SetTotals;
  excluded: ReadonlySet<number>;
  onToggle: (id: number, included: boolean) => void;
}

/**
 * The set's items with their own prices and weights; optional items can be left out and the
 * totals follow. Each included item is an `item` field of the cart form (form attribute), so a
 * post without JavaScript sends exactly the ticked items as well.
 */
export function SetBlock({ items, discount, totals, excluded, onToggle }: Props) {
  return (
    <section id="set" className="product-section set-block" aria-labelledby="set-title">
      <h2 id="set-title">Состав комплекта</h2>
      {items.some((i) => i.optional) ? (
        <p className="set-block__hint">Предметы с пометкой «по желанию» можно убрать из комплекта — цена и вес пересчитаются.</p>
      ) : null}
      <ul className="set-block__items">
        {items.map((item) => {
          const included = !(item.optional && excluded.has(item.id));
          return (
            <li key={item.id} className={`set-item${included ? "" : " set-item--excluded"}`}>
              <Link to={`/product/${item.slug}/`} className="set-item__image" tabIndex={-1} aria-hidden="true">
                {item.image ? <ProductPicture image={item.image} sizes="96px" /> : null}
              </Link>
              <div className="set-item__body">
                <Link to={`/product/${item.slug}/`} className="set-item__title">
                  {item.title}
                </Link>
                <p className="set-item__meta">
                  {item.qty > 1 ? `${item.qty} шт. × ` : ""}
                  {formatPrice(item.price)} · {formatWeight(item.weight * item.qty)}
                </p>
              </div>
              <div className="set-item__choice">
                {item.optional ? (
                  <label className="set-item__toggle">
                    <input
                      type="checkbox"
                      name="item"
                      value={item.id}
                      form={BUY_FORM_ID}
                      checked={included}
                      aria-label={`В комплекте по желанию: ${item.title}`}
                      onChange={(e) => onToggle(item.id, e.target.checked)}
                    />
                    <span>В комплекте</span>
                    <span className="set-item__optional">по желанию</span>
                  </label>
                ) : (
                  <>
                    <input type="hidden" name="item" value={item.id} form={BUY_FORM_ID} />
                    <span className="set-item__required">входит всегда</span>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="set-block__totals" aria-live="polite">
        <div>
          <dt>По отдельности</dt>
          <dd>
            <s>{formatPrice(totals.oldPrice)}</s>
          </dd>
        </div>
        <div>
          <dt>Скидка комплекта {discount}&nbsp;%</dt>
          <dd className="set-block__saving">−{formatPrice(totals.saving)}</dd>
        </div>
        <div>
          <dt>Вес комплекта</dt>
          <dd>{formatWeight(totals.weight)}</dd>
        </div>
        <div className="set-block__total">
          <dt>Цена комплекта</dt>
          <dd data-testid="set-total">{formatPrice(totals.price)}</dd>
        </div>
      </dl>
    </section>
  );
}
