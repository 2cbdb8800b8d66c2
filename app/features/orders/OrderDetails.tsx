import { variantLabel } from "../../lib/variant-values.ts";
import { Link } from "react-router";
import type { CustomerOrder } from "./order-types.ts";
import { deliveryName, isManagerPriced, LIFT_TYPES, LIFTING_BY_MANAGER, MANAGER_PRICES_DELIVERY } from "../delivery/index.ts";
import { formatDate, formatPrice, formatWeight } from "../../lib/format.ts";
import "./order-summary.css";

/** An order's lines, how it is received and its money. A pickup order says nothing of delivery. */
export function OrderDetails({ order }: { order: CustomerOrder }) {
  const pickup = order.deliveryType === "pickup";
  // a pre-order's delivery is agreed once the goods come (decision 084): no address or price yet
  const undecided = order.status === "preorder" && !order.address;
  const toQuote = order.liftingPricing === "to_quote";
  return (
    <div className="order-details checkout__summary">
      <p className="checkout__date">от {formatDate(order.createdAt)}</p>
      <ul className="checkout__lines">
        {order.lines.map((l, i) => (
          <li key={i}>
            <span>
              <Link to={`/product/${l.slug}/${l.values.length && l.variantId ? `?v=${l.variantId}` : ""}`}>{l.title}</Link> × {l.qty}
              {l.items.length ? <small> ({l.items.join(", ")})</small> : null}
              {l.values.length ? (
                <small className="order-details__variant">
                  {" "}
                  {variantLabel(l.values)}
                  {l.article ? `, артикул ${l.article}` : ""}
                </small>
              ) : null}
            </span>
            <span>{formatPrice(l.price * l.qty)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout__totals">
        <div>
          <dt>Получение</dt>
          <dd className="checkout__text-value">{undecided ? "согласует менеджер" : deliveryName(order.deliveryType)}</dd>
        </div>
        {undecided ? null : order.pickupPoint ? (
          <div>
            <dt>Пункт самовывоза</dt>
            <dd className="checkout__text-value">{order.pickupPoint}</dd>
          </div>
        ) : order.address ? (
          <div>
            <dt>Адрес</dt>
            <dd className="checkout__text-value">
              {order.address}
              {order.floor ? `, этаж ${order.floor}` : ""}
              {order.lift ? `, ${LIFT_TYPES[order.lift].toLowerCase()}` : ""}
            </dd>
          </div>
        ) : null}
        {order.date ? (
          <div>
            <dt>{pickup ? "Дата самовывоза" : "Дата доставки"}</dt>
            <dd className="checkout__text-value">
              {order.date.split("-").reverse().join(".")} {order.time}
            </dd>
          </div>
        ) : null}
        <div>
          {/* a product without weight makes the order's weight unknown, not lighter */}
          <dt>{order.lines.every((l) => l.weight > 0) ? `Товары (${formatWeight(order.weight)})` : "Товары"}</dt>
          <dd>{formatPrice(order.itemsTotal)}</dd>
        </div>
        {order.promoCode ? (
          <div>
            <dt>Промокод {order.promoCode}</dt>
            <dd data-testid="order-promo">{`−${formatPrice(order.promoDiscount)}`}</dd>
          </div>
        ) : null}
        {pickup || undecided ? null : (
          <div>
            <dt>Доставка</dt>
            <dd>{isManagerPriced(order.deliveryType) ? MANAGER_PRICES_DELIVERY : order.deliveryCost ? formatPrice(order.deliveryCost) : "бесплатно"}</dd>
          </div>
        )}
        {order.deliveryType === "floor" ? (
          <div>
            <dt>Подъём на этаж</dt>
            {/* a product without weight: the manager prices the lifting, it is not in the total yet (decision 099) */}
            <dd data-testid="order-lifting" className={toQuote ? "checkout__text-value" : undefined}>
              {toQuote ? LIFTING_BY_MANAGER : order.liftingCost ? formatPrice(order.liftingCost) : "бесплатно"}
            </dd>
          </div>
        ) : null}
        <div className="checkout__grand">
          <dt>{toQuote ? "Итого без подъёма" : "Итого"}</dt>
          <dd>{formatPrice(order.total)}</dd>
        </div>
      </dl>
    </div>
  );
}
