import { variantLabel } from "../../../lib/variant-values.ts";
import type { OrderRecord } from "../order-types.ts";
import { deliveryName, LIFT_TYPES, LIFTING_BY_MANAGER } from "../../delivery/index.ts";
import { formatDate, formatPrice } from "../../../lib/format.ts";
import "./order-sheet.css";

/** The sheet that goes with the order to the warehouse and the courier: lines, address, floor, phone, signatures. */
export function OrderSheet({ order }: { order: OrderRecord }) {
  return (
    <article className="order-sheet">
      <h1>
        Заказ № {order.number} от {formatDate(order.createdAt)}
      </h1>
      <p className="order-sheet__noprint">
        <button type="button" className="button" onClick={() => window.print()}>
          Напечатать
        </button>
      </p>
      <table className="order-sheet__lines">
        <thead>
          <tr>
            <th scope="col">№</th>
            <th scope="col">Товар</th>
            <th scope="col">Кол-во</th>
            <th scope="col">Цена</th>
            <th scope="col">Сумма</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l, i) => (
            <tr key={l.id}>
              <td>{i + 1}</td>
              <td>
                {l.title}
                {l.items.length ? <div>В комплекте: {l.items.join(", ")}</div> : null}
                {l.values.length ? <div>{variantLabel(l.values)}</div> : null}
                {l.article ? <div>Артикул: {l.article}</div> : null}
              </td>
              <td>{l.qty}</td>
              <td>{formatPrice(l.price)}</td>
              <td>{formatPrice(l.price * l.qty)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-sheet__facts">
        <dt>Покупатель</dt>
        <dd>{order.name}</dd>
        <dt>Телефон</dt>
        <dd>{order.phone}</dd>
        <dt>Доставка</dt>
        <dd>{deliveryName(order.deliveryType)}</dd>
        <dt>Адрес</dt>
        <dd>{order.deliveryType === "pickup" ? (order.pickupPoint ?? "самовывоз") : order.address}</dd>
        <dt>Этаж</dt>
        <dd>{order.floor ?? "—"}</dd>
        <dt>Лифт</dt>
        <dd>{order.lift ? LIFT_TYPES[order.lift] : "—"}</dd>
        <dt>Подъём</dt>
        <dd>{order.liftingPricing === "to_quote" ? LIFTING_BY_MANAGER : formatPrice(order.liftingCost)}</dd>
        <dt>Итого</dt>
        <dd>
          {formatPrice(order.total)}
          {order.liftingPricing === "to_quote" ? " без подъёма" : ""}
        </dd>
      </dl>
      <div className="order-sheet__signatures">
        <p>Отпустил: ____________________ / ____________________</p>
        <p>Товар получен, претензий к количеству и внешнему виду нет: ____________________ / ____________________</p>
      </div>
    </article>
  );
}
