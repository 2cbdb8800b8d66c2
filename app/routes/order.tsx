import { data } from "react-router";
import type { Route } from "./+types/order";
import { servicesContext, sessionContext } from "../context.ts";
import { cartOwner } from "../domain/cart.server.ts";
import { loadOrder } from "../domain/orders.server.ts";
import { OrderDetails } from "../components/checkout/OrderDetails.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Заказ № ${loaderData.order.number} — Витрина` : "Заказ — Витрина" },
  { name: "robots", content: "noindex" },
];

/** The confirmation page: only the session or account that placed the order may see it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const order = /^[0-9]{2}-[0-9]{6}$/.test(params.number) ? await loadOrder(db, params.number, { owner: cartOwner(session), userId: session.userId }) : null;
  if (!order) throw data(null, { status: 404 });
  return { order };
}

export default function Order({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page-section">
      <h1>Спасибо! Заказ № {loaderData.order.number} оформлен</h1>
      <p>Менеджер позвонит по номеру {loaderData.order.phone}, чтобы подтвердить заказ и время доставки.</p>
      <OrderDetails order={loaderData.order} />
    </div>
  );
}
