import { orderStatusName } from "./order-status.ts";
import "./OrderStatus.css";

/** The status as a coloured label with its name (never colour alone). */
export function OrderStatusLabel({ status }: { status: string }) {
  return <span className={`order-status-label order-status-label--${status}`}>{orderStatusName(status)}</span>;
}
