import { cartWeightText, type CartLineView, type CartTotals } from "../cart/index.ts";
import { countOf, formatPrice, PRODUCT_FORMS } from "../../lib/format.ts";
import { variantLabel } from "../../lib/variant-values.ts";
import { LIFTING_BY_MANAGER, type DeliveryQuote } from "../delivery/index.ts";
import "../orders/order-summary.css";

export function OrderSummary({
  lines,
  totals,
  promo,
  promoNote = null,
  quote,
  delivery,
}: {
  lines: CartLineView[];
  totals: CartTotals;
  promo: { code: string; discount: number } | null;
  promoNote?: string | null;
  quote: DeliveryQuote;
  delivery: string;
}) {
  const promoOff = promo?.discount ?? 0;
  return (
    <aside className="checkout__summary" aria-label="Ваш заказ">
      <h2>Ваш заказ</h2>
      <ul className="checkout__lines">
        {lines.map((l) => (
          <li key={l.id}>
            <span>
              {l.title} × {l.qty}
              {l.values.length ? <small className="checkout__line-variant"> {variantLabel(l.values)}</small> : null}
            </span>
            <span>{formatPrice(l.price * l.qty)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout__totals">
        <div>
          <dt>Товары ({countOf(totals.count, PRODUCT_FORMS)})</dt>
          <dd>{formatPrice(totals.sum)}</dd>
        </div>
        <div>
          <dt>Вес</dt>
          <dd className={totals.unweighed.length ? "checkout__text-value" : undefined}>{cartWeightText(totals)}</dd>
        </div>
        {promo ? (
          <div>
            <dt>Промокод {promo.code}</dt>
            <dd data-testid="promo-discount">{`−${formatPrice(promo.discount)}`}</dd>
          </div>
        ) : null}
        <div>
          <dt>Доставка</dt>
          <dd data-testid="delivery-cost">{delivery === "pickup" || quote.delivery === 0 ? "бесплатно" : formatPrice(quote.delivery)}</dd>
        </div>
        {delivery === "floor" ? (
          <div>
            <dt>Подъём на этаж</dt>
            <dd data-testid="lifting-cost" className={quote.liftingToQuote ? "checkout__text-value" : undefined}>
              {quote.liftingToQuote ? LIFTING_BY_MANAGER : quote.lifting === 0 ? "бесплатно" : formatPrice(quote.lifting)}
            </dd>
          </div>
        ) : null}
        <div className="checkout__grand">
          <dt>{delivery === "floor" && quote.liftingToQuote ? "Итого без подъёма" : "Итого"}</dt>
          <dd data-testid="order-total">{formatPrice(totals.sum - promoOff + quote.total)}</dd>
        </div>
      </dl>
      {promoNote ? (
        <p className="form-group__error" data-testid="promo-note">
          {promoNote}
        </p>
      ) : null}
    </aside>
  );
}
