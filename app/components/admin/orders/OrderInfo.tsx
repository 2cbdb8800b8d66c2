import type { AdminOrderView } from "../../../domain/admin-order-types.ts";
import { deliveryName, LIFT_TYPES } from "../../../lib/delivery-pricing.ts";
import { formatDateTime, formatPrice } from "../../../lib/format.ts";
import { ONE_CLICK_SOURCE, ONE_CLICK_SOURCE_NAME } from "../../../lib/one-click.ts";

/** Customer, delivery (floor, lift, lifting cost), totals and the consent record. */
export function OrderInfo({ order }: { order: AdminOrderView }) {
  const pickup = order.deliveryType === "pickup";
  return (
    <>
      <section className="order-card" aria-labelledby="order-customer-title">
        <h2 id="order-customer-title">Покупатель</h2>
        <dl>
          <dt>Имя</dt>
          <dd>{order.name}</dd>
          <dt>Телефон</dt>
          <dd>
            <a href={`tel:${order.phone.replace(/[^\d+]/g, "")}`}>{order.phone}</a>
          </dd>
          <dt>E-mail</dt>
          <dd>{order.email || "не указан"}</dd>
          <dt>Согласие</dt>
          <dd>
            версия {order.consentVersion}, {formatDateTime(order.consentAt)}
          </dd>
        </dl>
      </section>
      <section className="order-card" aria-labelledby="order-delivery-title">
        <h2 id="order-delivery-title">Доставка</h2>
        <dl>
          <dt>Способ</dt>
          <dd>{deliveryName(order.deliveryType)}</dd>
          {order.source === ONE_CLICK_SOURCE ? (
            <>
              <dt>Оформлен</dt>
              <dd>{ONE_CLICK_SOURCE_NAME}</dd>
            </>
          ) : null}
          {pickup ? (
            <>
              <dt>Шоурум</dt>
              <dd>{order.pickupPoint ?? "—"}</dd>
            </>
          ) : (
            <>
              <dt>Адрес</dt>
              <dd>{order.address}</dd>
            </>
          )}
          {order.floor !== null ? (
            <>
              <dt>Этаж</dt>
              <dd>{order.floor}</dd>
              <dt>Лифт</dt>
              <dd>{order.lift ? LIFT_TYPES[order.lift] : "—"}</dd>
            </>
          ) : null}
          {order.date ? (
            <>
              <dt>Когда</dt>
              <dd>
                {order.date}
                {order.time ? `, ${order.time}` : ""}
              </dd>
            </>
          ) : null}
          {order.comment ? (
            <>
              <dt>Комментарий</dt>
              <dd>{order.comment}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="order-card" aria-labelledby="order-totals-title">
        <h2 id="order-totals-title">Сумма</h2>
        <dl>
          <dt>Товары</dt>
          <dd>{formatPrice(order.itemsTotal)}</dd>
          {order.discount ? (
            <>
              <dt>Скидка</dt>
              <dd>{formatPrice(order.discount)}</dd>
            </>
          ) : null}
          {order.promoCode ? (
            <>
              <dt>Промокод {order.promoCode}</dt>
              <dd data-testid="order-promo">{`−${formatPrice(order.promoDiscount)}`}</dd>
            </>
          ) : null}
          <dt>Доставка</dt>
          <dd>{formatPrice(order.deliveryCost)}</dd>
          <dt>Подъём</dt>
          <dd>{formatPrice(order.liftingCost)}</dd>
          <dt>Итого</dt>
          <dd>
            <strong>{formatPrice(order.total)}</strong>
          </dd>
        </dl>
      </section>
    </>
  );
}
