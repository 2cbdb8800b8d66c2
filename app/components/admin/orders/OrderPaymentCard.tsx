import { Form } from "react-router";
import type { OrderPayment } from "../../../domain/payment-types.ts";
import { formatDateTime, formatPrice } from "../../../lib/format.ts";
import "./OrderPaymentCard.css";

interface Paid {
  amount: number;
  paidAt: number;
  refunded: number;
  refunds: { amount: number; status: string; at: number }[];
  settlementReceiptId: string | null;
}

const STATE_TEXT: Record<OrderPayment["state"], string> = {
  none: "Оплата при получении",
  pending: "Ожидает оплаты онлайн",
  canceled: "Оплата онлайн не прошла",
  paid: "Оплачен онлайн",
};

/** kopecks → what the amount field shows («1234,50») */
const fieldValue = (kopecks: number) => `${Math.floor(kopecks / 100)}${kopecks % 100 ? "," + String(kopecks % 100).padStart(2, "0") : ""}`;

/**
 * How the order is paid. For an order paid online: what came in, what went back, and a refund
 * form (all that is left, or a part) — offered first of all when the order is cancelled.
 */
export function OrderPaymentCard({
  payment,
  paid,
  total,
  cancelled,
  done,
  canRefund,
  error,
  settleError,
  value,
}: {
  payment: OrderPayment;
  paid: Paid | null;
  /** the order's total now: more than was paid (lifting priced after the payment) is due on delivery */
  total: number;
  cancelled: boolean;
  /** handed over («Выполнен»): the settlement receipt is due */
  done: boolean;
  /** a gateway is configured */
  canRefund: boolean;
  error?: string;
  /** why the settlement receipt could not be sent */
  settleError?: string;
  /** what was typed before a refused refund */
  value?: string;
}) {
  const left = paid ? paid.amount - paid.refunded : 0;
  const due = paid && !cancelled ? total - left : 0;
  return (
    <section className="order-card" aria-labelledby="order-payment-title">
      <h2 id="order-payment-title">Оплата</h2>
      <p>
        <strong>{payment.method === "on_receipt" && payment.state === "none" ? STATE_TEXT.none : STATE_TEXT[payment.state]}</strong>
      </p>
      {paid ? (
        <dl>
          <dt>Оплачено</dt>
          <dd>
            {formatPrice(paid.amount)}, {formatDateTime(paid.paidAt)}
          </dd>
          {paid.refunds.map((r, i) => (
            <div key={i} className="order-payment-card__refund">
              <dt>Возврат</dt>
              <dd>
                {formatPrice(r.amount)}, {formatDateTime(r.at)}
                {r.status === "pending" ? " (в обработке)" : r.status === "canceled" ? " (отклонён)" : ""}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {due > 0 ? (
        <p data-testid="order-amount-due">
          <strong>К доплате: {formatPrice(due)}</strong>
        </p>
      ) : null}
      {paid?.settlementReceiptId ? <p>Чек полного расчёта отправлен.</p> : null}
      {paid && done && !paid.settlementReceiptId && left > 0 && canRefund ? (
        <Form method="post" className="order-form">
          <input type="hidden" name="intent" value="settle" />
          {settleError ? (
            <p className="form-group__error" role="alert">
              {settleError}
            </p>
          ) : (
            <p>Заказ выдан: нужен чек полного расчёта (54-ФЗ).</p>
          )}
          <button type="submit" className="button button--ghost">
            Отправить чек полного расчёта
          </button>
        </Form>
      ) : null}
      {paid && left > 0 && canRefund ? (
        <Form method="post" className="order-form">
          <input type="hidden" name="intent" value="refund" />
          {cancelled ? <p>Заказ отменён: верните покупателю деньги.</p> : null}
          <div className={`form-group${error ? " form-group--error" : ""}`}>
            <label className="form-group__label" htmlFor="order-refund-amount">
              Сумма возврата, ₽
            </label>
            <input
              id="order-refund-amount"
              className="form-control"
              name="refundAmount"
              inputMode="decimal"
              defaultValue={value ?? fieldValue(left)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "order-refund-amount-error" : "order-refund-amount-hint"}
            />
            {error ? (
              <p id="order-refund-amount-error" className="form-group__error">
                {error}
              </p>
            ) : (
              <p id="order-refund-amount-hint" className="form-group__hint">
                Можно вернуть до {formatPrice(left)}
              </p>
            )}
          </div>
          <button type="submit" className="button button--ghost">
            Вернуть деньги
          </button>
        </Form>
      ) : null}
    </section>
  );
}
