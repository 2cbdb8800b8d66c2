import { data, redirect } from "react-router";
import type { Route } from "./+types/order";
import { servicesContext, sessionContext } from "../context.ts";
import { cartOwner } from "../features/cart/index.server.ts";
import { loadOrder, PLACED_ORDER_KEY } from "../features/orders/index.server.ts";
import { OrderDetails, OrderStatusPanel } from "../features/orders/components.ts";
import { OrderPaymentPanel } from "../features/payments/components.ts";
import { PaymentProviderError } from "../features/payments/index.ts";
import { loadOrderPayment, loadPaidPayment, refreshOrderPayment, startPaymentPage } from "../features/payments/index.server.ts";

/** while the gateway has not said whether the payment went through, the page asks again this often */
const PAYMENT_REFRESH_SECONDS = 5;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Заказ № ${loaderData.order.number} — Витрина` : "Заказ — Витрина" },
  { name: "robots", content: "noindex" },
  // works without JavaScript: the browser reloads the page until the payment's outcome is known
  ...(loaderData?.payment.state === "pending" ? [{ httpEquiv: "refresh", content: String(PAYMENT_REFRESH_SECONDS) }] : []),
];

/**
 * The order page: only the session or account that placed the order may see it. Right after the
 * checkout (the session remembers that once) it thanks for the order; later visits show where
 * the order stands.
 */
async function ownOrder({ params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const order = /^[0-9]{2}-[0-9]{6}$/.test(params.number) ? await loadOrder(db, params.number, { owner: cartOwner(session), userId: session.userId }) : null;
  if (!order) throw data(null, { status: 404 });
  return order;
}

export async function loader(args: Route.LoaderArgs) {
  const services = args.context.get(servicesContext);
  const session = args.context.get(sessionContext);
  const order = await ownOrder(args);
  const justPlaced = session.data[PLACED_ORDER_KEY] === order.number;
  if (justPlaced) await session.update({ [PLACED_ORDER_KEY]: undefined });
  let payment = (await loadOrderPayment(services.db, order.number))!;
  // waiting for the gateway: ask its API now rather than only trusting a notification to come
  if (payment.state === "pending" && services.payments) {
    try {
      const outcome = await refreshOrderPayment(services.db, services.payments, order.number);
      if (outcome?.result === "mismatch") services.logger.error(outcome, "order page: payment amount differs from the order's, not applied");
      payment = (await loadOrderPayment(services.db, order.number))!;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      services.logger.warn({ number: order.number, code: error.code }, "order page: payment status could not be read");
    }
  }
  // paid online before the manager priced something more (lifting, decision 099): the rest is due on delivery
  const paid = payment.state === "paid" && order.status !== "cancelled" ? await loadPaidPayment(services.db, order.number) : null;
  const due = paid ? Math.max(0, order.total - (paid.amount - paid.refunded)) : 0;
  return { order, justPlaced, payment, due, canPayOnline: services.payments !== null };
}

/** «Оплатить» / «Оплатить ещё раз»: a new (or the pending) payment, and off to the gateway's page. */
export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  const order = await ownOrder(args);
  const page = await startPaymentPage(services, order.number);
  return redirect(page ?? `/order/${order.number}/`, 303);
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const { order, justPlaced, payment, due, canPayOnline } = loaderData;
  const pickup = order.deliveryType === "pickup";
  return (
    <div className="container page-section">
      {justPlaced ? (
        <>
          <h1>Спасибо! Заказ №&nbsp;{order.number} оформлен</h1>
          <p>
            Менеджер позвонит по номеру <span className="order-phone">{order.phone}</span>, чтобы подтвердить заказ
            {pickup ? " и сказать, когда его можно забрать в шоуруме." : " и время доставки."}
          </p>
        </>
      ) : (
        <h1>Заказ №&nbsp;{order.number}</h1>
      )}
      <OrderPaymentPanel payment={payment} due={due} canPayOnline={canPayOnline && order.status !== "cancelled"} />
      <OrderStatusPanel order={order} withHint={!(justPlaced && order.status === "new")} />
      <OrderDetails order={order} />
    </div>
  );
}
