import type { Route } from "./+types/orders";
import { servicesContext } from "../../context.ts";
import { listOrders } from "../../features/orders/index.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { countOf } from "../../lib/format.ts";
import { parseOrderListQuery } from "../../features/orders/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { OrderFilters, OrderTable } from "../../features/orders/components.ts";
import "../../features/orders/admin/orders.css";

export const meta: Route.MetaFunction = () => adminMeta("Заказы");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "orders");
  const filter = parseOrderListQuery(new URL(args.request.url).searchParams);
  const list = await listOrders(args.context.get(servicesContext).db, filter);
  return { filter: { ...filter, page: list.page }, list };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { filter, list } = loaderData;
  return (
    <AdminPage title="Заказы">
      <OrderFilters filter={filter} />
      <p role="status">{`Найдено: ${countOf(list.total, ["заказ", "заказа", "заказов"])}`}</p>
      <OrderTable list={list} filter={filter} />
    </AdminPage>
  );
}
