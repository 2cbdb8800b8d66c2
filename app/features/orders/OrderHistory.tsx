import { Link } from "react-router";
import type { OrderSummary } from "../accounts/index.ts";
import { formatDate, formatPrice } from "../../lib/format.ts";
import { OrderStatusLabel } from "./OrderStatusLabel.tsx";
import { OrderTimeline } from "./OrderTimeline.tsx";

/** The account's orders with their lines, delivery, status and its timeline (newest first). */
export function OrderHistory({ orders }: { orders: OrderSummary[] }) {
  return (
    <section className="profile-card" aria-labelledby="profile-orders-title" id="orders">
      <h2 id="profile-orders-title">Мои заказы</h2>
      {orders.length === 0 ? (
        <div className="profile-empty">
          <p>Заказов пока нет.</p>
          <Link to="/catalog/">Перейти в каталог</Link>
        </div>
      ) : (
        <ol className="order-list">
          {orders.map((o) => (
            <li key={o.number} className="order-list__item">
              <h3>
                <Link to={`/order/${o.number}/`}>Заказ № {o.number}</Link> от {formatDate(o.createdAt)}
              </h3>
              <p className="order-list__meta">
                <OrderStatusLabel status={o.status} /> · {o.delivery} · {formatPrice(o.total)}
              </p>
              <ul className="order-list__lines">
                {o.lines.map((l, i) => (
                  <li key={i}>
                    {l.title} × {l.qty} — {formatPrice(l.price * l.qty)}
                  </li>
                ))}
              </ul>
              {o.history.length ? <OrderTimeline history={o.history} label={`История заказа № ${o.number}`} /> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
