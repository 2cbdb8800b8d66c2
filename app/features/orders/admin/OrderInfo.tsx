import { Form } from "react-router";
import type { OrderRecord } from "../order-types.ts";
import { deliveryName, LIFT_TYPES, LIFTING_BY_MANAGER } from "../../delivery/index.ts";
import { formatDateTime, formatPrice } from "../../../lib/format.ts";
import { ONE_CLICK_SOURCE, ONE_CLICK_SOURCE_NAME } from "../order-source.ts";
import { liftingPriceEditable } from "../order-workflow.ts";

/** kopecks → what the price field shows («1234,50») */
const fieldValue = (kopecks: number) => `${Math.floor(kopecks / 100)}${kopecks % 100 ? "," + String(kopecks % 100).padStart(2, "0") : ""}`;

/**
 * Customer, delivery (floor, lift, lifting cost), totals and the consent record. A floor delivery
 * names the products without weight and lets the manager enter the lifting price (decision 099).
 */
export function OrderInfo({ order, liftingError, liftingValue }: { order: OrderRecord; liftingError?: string; liftingValue?: string }) {
  const pickup = order.deliveryType === "pickup";
  const floor = order.deliveryType === "floor";
  const toQuote = order.liftingPricing === "to_quote";
  const unweighed = order.lines.filter((l) => !(l.weight > 0)).map((l) => l.title);
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
          <dd data-testid="admin-order-lifting">
            {toQuote ? LIFTING_BY_MANAGER : formatPrice(order.liftingCost)}
            {order.liftingPricing === "quoted" ? " (цена менеджера)" : ""}
          </dd>
          <dt>Итого</dt>
          <dd>
            <strong>{formatPrice(order.total)}</strong>
            {toQuote ? " без подъёма" : ""}
          </dd>
        </dl>
        {floor && unweighed.length ? (
          <p className="order-alert" data-testid="admin-order-unweighed">
            {`Вес не указан: ${unweighed.map((t) => `«${t}»`).join(", ")}. Подъём по тарифу не считается${toQuote ? ": укажите его стоимость ниже" : ""}.`}
          </p>
        ) : null}
        {liftingPriceEditable(order.status, order.deliveryType) ? (
          <Form method="post" className="order-form">
            <input type="hidden" name="intent" value="lifting" />
            <input type="hidden" name="version" value={order.version} />
            <div className={`form-group${liftingError ? " form-group--error" : ""}`}>
              <label className="form-group__label" htmlFor="order-lifting-price">
                Стоимость подъёма, ₽
              </label>
              <input
                id="order-lifting-price"
                className="form-control"
                name="liftingPrice"
                inputMode="decimal"
                defaultValue={liftingValue ?? (toQuote ? "" : fieldValue(order.liftingCost))}
                aria-invalid={liftingError ? true : undefined}
                aria-describedby={liftingError ? "order-lifting-price-error" : undefined}
              />
              {liftingError ? (
                <p id="order-lifting-price-error" className="form-group__error">
                  {liftingError}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button--ghost">
              Сохранить стоимость подъёма
            </button>
          </Form>
        ) : null}
      </section>
    </>
  );
}
