import { useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { cartTotals, cartWeightText, type CartLineView } from "./cart-types.ts";
import { isOrderable } from "../delivery/index.ts";
import { LIFTING_BY_MANAGER } from "../delivery/index.ts";
import { countOf, formatPrice, PRODUCT_FORMS } from "../../lib/format.ts";
import { cartPromoDiscount, type CartPromo } from "../promo/index.ts";
import { CartLineRow } from "./CartLineRow.tsx";
import { PromoCodeForm } from "../promo/components.ts";
import "./Cart.css";

const LINE_FORMS = ["позиция", "позиции", "позиций"] as const;

/**
 * The cart page's state lives here: quantities change optimistically and «Удалить» only marks a
 * line (its input disabled) until «Вернуть»; totals are recomputed from the lines that remain.
 * A line the stock no longer covers stays listed, marked, and out of the totals until it is
 * removed or lowered (the header and the checkout leave it out the same way). `oneClick` is the
 * checkout's «Купить в 1 клик», shown while a line can be ordered: the page hands it in, since the
 * checkout imports the cart.
 */
export function CartView({
  lines,
  promo,
  promoForm,
  oneClick,
}: {
  lines: CartLineView[];
  promo: CartPromo | null;
  promoForm?: { error?: string; typed?: string };
  oneClick?: ReactNode;
}) {
  const [qty, setQty] = useState(() => new Map(lines.map((l) => [l.id, l.qty])));
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set());
  const mark = (id: number, on: boolean) =>
    setDeleted((cur) => {
      const next = new Set(cur);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const live = lines.filter((l) => !deleted.has(l.id)).map((l) => ({ ...l, qty: qty.get(l.id) ?? l.qty }));
  const totals = cartTotals(live);
  // the promo discount follows the quantities shown, counted as checkout will count it
  const promoOutcome = cartPromoDiscount(promo, live);
  const promoOff = promoOutcome?.ok ? promoOutcome.total : 0;
  const promoNote = promo && "error" in promo ? promo.error : promoOutcome && !promoOutcome.ok ? promoOutcome.message : undefined;
  const orderable = live.filter(isOrderable);
  const blocking = live.filter((l) => !isOrderable(l));

  if (!lines.length) {
    return (
      <div className="cart-empty">
        <p>В корзине пока пусто.</p>
        <Link to="/catalog/" className="button">
          Перейти в каталог
        </Link>
      </div>
    );
  }
  return (
    <div className="cart">
      <ul className="cart__lines">
        {lines.map((l) => (
          <CartLineRow
            key={l.id}
            line={l}
            qty={qty.get(l.id) ?? l.qty}
            deleted={deleted.has(l.id)}
            promoOff={promoOutcome?.ok && !deleted.has(l.id) ? (promoOutcome.perLine[l.id] ?? 0) : 0}
            onQty={(q) => setQty((cur) => new Map(cur).set(l.id, q))}
            onDelete={() => mark(l.id, true)}
            onRestore={() => mark(l.id, false)}
          />
        ))}
      </ul>
      {/* on phones this wrapper steps aside (display: contents), so the checkout bar sticks to the
          bottom of the screen over the whole cart and settles under the totals at the end */}
      <div className="cart__side">
        <aside className="cart__summary" aria-label="Итого">
          <dl className="cart__totals">
            <div>
              <dt>Товары</dt>
              <dd data-testid="cart-count">{countOf(totals.count, PRODUCT_FORMS)}</dd>
            </div>
            <div>
              <dt>Вес</dt>
              <dd data-testid="cart-weight">{cartWeightText(totals)}</dd>
            </div>
            {totals.discount > 0 ? (
              <div>
                <dt>Скидка</dt>
                <dd data-testid="cart-discount">−{formatPrice(totals.discount)}</dd>
              </div>
            ) : null}
            {promoOff > 0 && promo ? (
              <div>
                <dt>Промокод {promo.code}</dt>
                <dd data-testid="cart-promo">{`−${formatPrice(promoOff)}`}</dd>
              </div>
            ) : null}
            <div className="cart__total">
              <dt>Итого</dt>
              <dd data-testid="cart-sum">{formatPrice(totals.sum - promoOff)}</dd>
            </div>
          </dl>
          {blocking.length ? (
            <p className="cart__blocked" data-testid="cart-blocked">
              Не {blocking.length > 1 ? "входят" : "входит"} в итог: {countOf(blocking.length, LINE_FORMS)} с пометкой выше. Удалите{" "}
              {blocking.length > 1 ? "их" : "её"} или уменьшите количество, чтобы оформить заказ.
            </p>
          ) : null}
          <PromoCodeForm applied={promo?.code ?? null} error={promoForm?.error ?? promoNote} typed={promoForm?.typed} />
        </aside>
        <div className="cart__checkout-bar" data-scroll-top-dock>
          <p className="cart__bar-total" aria-hidden="true">
            <span>Итого</span> <strong>{formatPrice(totals.sum - promoOff)}</strong>
          </p>
          <Form method="get" action="/checkout/" className="cart__checkout-form">
            <button type="submit" className="button button--action cart__checkout" disabled={orderable.length === 0}>
              Оформить заказ
            </button>
          </Form>
        </div>
        {orderable.length ? oneClick : null}
        <p className="cart__hint">Стоимость доставки и подъёма на этаж посчитаем при оформлении.</p>
        {totals.unweighed.length ? (
          <p className="cart__hint" data-testid="cart-lifting-to-quote">
            {`${LIFTING_BY_MANAGER}: у ${totals.unweighed.map((t) => `«${t}»`).join(", ")} не указан вес.`}
          </p>
        ) : null}
      </div>
    </div>
  );
}
