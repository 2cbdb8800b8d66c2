import { Form } from "react-router";
import type { OrderPayment } from "./payment-types.ts";
import { formatDateTime, formatPrice } from "../../lib/format.ts";
import "./OrderPayment.css";

/**
 * How the order is paid and, for online payment, where it stands: paid, waiting for the gateway
 * (the page refreshes itself meanwhile, see routes/order.tsx), or not paid with a button to pay
 * (again). The button is a plain form post, so it works without JavaScript.
 */
export function OrderPaymentPanel({ payment, due = 0, canPayOnline }: { payment: OrderPayment; due?: number; canPayOnline: boolean }) {
  if (payment.method === "on_receipt" && payment.state === "none") {
    return (
      <section className="order-payment" aria-label="Оплата">
        <p className="order-payment__state">Оплата при получении</p>
      </section>
    );
  }
  const payButton = (label: string) =>
    canPayOnline ? (
      <Form method="post" className="order-payment__form">
        <input type="hidden" name="intent" value="pay" />
        <button type="submit" className="button button--action">
          {label}
        </button>
      </Form>
    ) : null;
  return (
    <section className="order-payment" aria-label="Оплата" aria-live="polite">
      {payment.state === "paid" ? (
        <>
          <p className="order-payment__state order-payment__state--paid">Оплачен онлайн{payment.paidAt ? `, ${formatDateTime(payment.paidAt)}` : ""}</p>
          {/* what the manager priced after the payment (lifting) is paid on delivery */}
          {due > 0 ? <p className="order-payment__hint">К доплате при получении: {formatPrice(due)}</p> : null}
        </>
      ) : payment.state === "pending" ? (
        <>
          <p className="order-payment__state">Ожидаем подтверждение оплаты</p>
          <p className="order-payment__hint">Страница обновится сама, как только ЮKassa сообщит результат.</p>
          {payment.confirmationUrl ? (
            <p className="order-payment__hint">
              Не завершили оплату? <a href={payment.confirmationUrl}>Перейти к оплате</a>
            </p>
          ) : null}
        </>
      ) : payment.state === "canceled" ? (
        <>
          <p className="order-payment__state order-payment__state--failed">Оплата не прошла</p>
          <p className="order-payment__hint">Деньги не списаны. Попробуйте ещё раз или оплатите при получении.</p>
          {payButton("Оплатить ещё раз")}
        </>
      ) : (
        <>
          <p className="order-payment__state">Заказ ещё не оплачен</p>
          {payButton("Оплатить")}
        </>
      )}
    </section>
  );
}
