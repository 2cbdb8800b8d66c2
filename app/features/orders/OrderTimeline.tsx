import type { CustomerTimelineEntry } from "./order-types.ts";
import { formatDateTime, formatPrice } from "../../lib/format.ts";
import { orderStatusName } from "./order-status.ts";
import "./OrderStatus.css";

/** Every status an order went through (and its payment and refunds) with date and time, oldest first; the last is where it is now. */
export function OrderTimeline({ history, label }: { history: CustomerTimelineEntry[]; label: string }) {
  return (
    <ol className="order-timeline" aria-label={label}>
      {history.map((h, i) => {
        // money in or back with its sum; an entry without one reads as the status it names
        const money = h.kind !== "status" && h.amount !== null ? h.amount : null;
        return (
          <li key={i} className="order-timeline__item" aria-current={i === history.length - 1 ? "step" : undefined}>
            <span className="order-timeline__status">
              {money !== null ? `${h.kind === "payment" ? "Оплачен онлайн" : "Возврат"} ${formatPrice(money)}` : orderStatusName(h.status)}
            </span>
            <time className="order-timeline__time" dateTime={new Date(h.at).toISOString()}>
              {formatDateTime(h.at)}
            </time>
            {h.note && !(money !== null && h.kind === "payment") ? <p className="order-timeline__note">{h.note}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
