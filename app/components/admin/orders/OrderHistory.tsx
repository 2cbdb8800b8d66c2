import type { AdminOrderView } from "../../../domain/admin-order-types.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { orderStatusName } from "../../../lib/order-status.ts";

/** Every status the order went through, with who set it and when. */
export function OrderHistory({ order }: { order: AdminOrderView }) {
  return (
    <section className="order-card" aria-labelledby="order-history-title">
      <h2 id="order-history-title">История статусов</h2>
      <ol className="order-history">
        {order.history.map((h, i) => (
          <li key={i}>
            <strong>{orderStatusName(h.status)}</strong> — {formatDateTime(h.at)}, {h.by ?? "покупатель на сайте"}
            {h.note ? <div className="order-table__muted">{h.note}</div> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
