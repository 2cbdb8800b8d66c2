import { data } from "react-router";
import type { Route } from "./+types/order";
import { servicesContext, sessionContext } from "../context.ts";
import { cartOwner } from "../domain/cart.server.ts";
import { loadOrder, PLACED_ORDER_KEY } from "../domain/orders.server.ts";
import { OrderDetails } from "../components/checkout/OrderDetails.tsx";
import { OrderStatusPanel } from "../components/checkout/OrderStatusPanel.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Заказ № ${loaderData.order.number} — Витрина` : "Заказ — Витрина" },
  { name: "robots", content: "noindex" },
];

/**
 * The order page: only the session or account that placed the order may see it. Right after the
 * checkout (the session remembers that once) it thanks for the order; later visits show where
 * the order stands.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const order = /^[0-9]{2}-[0-9]{6}$/.test(params.number) ? await loadOrder(db, params.number, { owner: cartOwner(session), userId: session.userId }) : null;
  if (!order) throw data(null, { status: 404 });
  const justPlaced = session.data[PLACED_ORDER_KEY] === order.number;
  if (justPlaced) await session.update({ [PLACED_ORDER_KEY]: undefined });
  return { order, justPlaced };
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const { order, justPlaced } = loaderData;
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
      <OrderStatusPanel order={order} withHint={!(justPlaced && order.status === "new")} />
      <OrderDetails order={order} />
    </div>
  );
}
