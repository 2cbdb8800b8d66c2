import { Form } from "react-router";
import type { OrderPayment, PaidPayment } from "../payment-types.ts";
import { formatDateTime, formatPrice } from "../../../lib/format.ts";
import { OrderRefundForm, type RefundReview } from "./OrderRefundForm.tsx";
import "./OrderPaymentCard.css";

const STATE_TEXT: Record<OrderPayment["state"], string> = {
  none: "Оплата при получении",
  pending: "Ожидает оплаты онлайн",
  canceled: "Оплата онлайн не прошла",
  paid: "Оплачен онлайн",
};

const lineText = (l: { title: string; qty: number }) => (l.qty > 1 ? `${l.title} × ${l.qty}` : l.title);

/**
 * How the order is paid. For an order paid online: what came in, what went back (and for which
 * goods), an overpayment when the order now costs less than was paid, and the refund form
 * (decision 101) — offered first of all when the order is cancelled.
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
  values,
  review,
}: {
  payment: OrderPayment;
  paid: PaidPayment | null;
  /** the order's total now: more than was paid (lifting priced after the payment) is due on delivery */
  total: number;
  cancelled: boolean;
  /** handed over («Выполнен»): the settlement receipt is due */
  done: boolean;
  /** a gateway is configured */
  canRefund: boolean;
  /** a refused refund: the field and why */
  error?: { field: string; message: string };
  /** why the settlement receipt could not be sent */
  settleError?: string;
  /** the refund form as typed (or pre-filled by «Вернуть переплату») */
  values: Record<string, string>;
  /** a refund waiting for confirmation */
  review: RefundReview | null;
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
                {r.lines.length ? <div className="order-table__muted">{r.lines.map(lineText).join(", ")}</div> : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {paid && canRefund && left > 0 && (paid.overpaid.length > 0 || paid.overpayment > 0) ? (
        <div className="order-payment-card__overpaid" role="status">
          <p>
            <strong>Переплата {formatPrice(paid.overpayment > 0 ? paid.overpayment : paid.overpaid.reduce((s, o) => s + o.amount, 0))}</strong>
          </p>
          {paid.overpaid.map((o) => (
            // a plain GET: the refund form below comes back with exactly this line and quantity filled in
            <Form key={o.key} method="get" preventScrollReset>
              <input type="hidden" name={`refund-${o.key}`} value={o.qty} />
              <button type="submit" className="button button--ghost">
                {`Вернуть переплату: ${lineText(o)} (${formatPrice(o.amount)})`}
              </button>
            </Form>
          ))}
        </div>
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
        <>
          {cancelled ? <p>Заказ отменён: верните покупателю деньги.</p> : null}
          {/* a new step or other values start a fresh form: its fields are uncontrolled */}
          <OrderRefundForm key={review ? "review" : JSON.stringify(values)} paid={paid} values={values} error={error} review={review} />
        </>
      ) : null}
    </section>
  );
}
