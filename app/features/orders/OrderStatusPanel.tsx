import type { CustomerOrder } from "./order-types.ts";
import { orderStatusHint } from "./order-status.ts";
import { OrderStatusLabel } from "./OrderStatusLabel.tsx";
import { OrderTimeline } from "./OrderTimeline.tsx";
import "./OrderStatus.css";

/** Where the order stands: its status, what that means for this customer, and the timeline. */
export function OrderStatusPanel({ order, withHint }: { order: CustomerOrder; withHint: boolean }) {
  const hint = orderStatusHint(order.status, order.deliveryType);
  return (
    <section className="order-status" aria-labelledby="order-status-title">
      <h2 id="order-status-title" className="order-status__title">
        Статус: <OrderStatusLabel status={order.status} />
      </h2>
      {withHint && hint ? <p className="order-status__hint">{hint}</p> : null}
      <OrderTimeline history={order.history} label="История заказа" />
    </section>
  );
}
