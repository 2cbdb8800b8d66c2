import type { OrderRecord, OrderTimelineEntry } from "../order-types.ts";
import { formatDateTime, formatPrice } from "../../../lib/format.ts";
import { orderStatusName } from "../order-status.ts";

/** what an entry is: a status, or money in or back with its sum (never the status repeated, decision 101) */
function title(h: OrderTimelineEntry): string {
  const sum = h.amount === null ? "" : ` ${formatPrice(h.amount)}`;
  if (h.kind === "payment") return `Оплачен онлайн${sum}`;
  if (h.kind === "refund") return `Возврат${sum}`;
  return orderStatusName(h.status);
}

/** Every status the order went through, its payment and refunds, with who and when. */
export function OrderStatusHistory({ order }: { order: OrderRecord }) {
  return (
    <section className="order-card" aria-labelledby="order-history-title">
      <h2 id="order-history-title">История заказа</h2>
      <ol className="order-history">
        {order.history.map((h, i) => (
          <li key={i}>
            <strong>{title(h)}</strong> — {formatDateTime(h.at)}, {h.by ?? (h.kind === "payment" ? "через ЮKassa" : "покупатель на сайте")}
            {h.note && !(h.kind === "payment" && h.note === "Оплачен онлайн") ? <div className="order-table__muted">{h.note}</div> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
