import { data } from "react-router";
import type { Route } from "./+types/order-print";
import { servicesContext } from "../../context.ts";
import { loadAdminOrder } from "../../features/orders/index.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { OrderSheet } from "../../features/orders/components.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Бланк заказа № ${loaderData.order.number}` : "Бланк заказа");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "orders");
  const order = /^\d{2}-\d{6}$/.test(args.params.number) ? await loadAdminOrder(args.context.get(servicesContext).db, args.params.number) : null;
  if (!order) throw data({ message: "Такого заказа нет." }, { status: 404 });
  return { order };
}

export default function OrderPrint({ loaderData }: Route.ComponentProps) {
  return <OrderSheet order={loaderData.order} />;
}
