import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/order";
import { servicesContext } from "../../context.ts";
import { AdminOrderError, changeOrderStatus, editOrderLines, findProductsToAdd, loadAdminOrder, setManagerNote } from "../../domain/admin-orders.server.ts";
import { sendStatusMail } from "../../domain/order-status-mail.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../lib/admin-nav.ts";
import { formatDateTime } from "../../lib/format.ts";
import { parseOrderForm } from "../../lib/order-admin-form.ts";
import { orderStatusName } from "../../lib/order-status.ts";
import { linesEditable } from "../../lib/order-workflow.ts";
import { AdminPage } from "../../components/admin/AdminPage.tsx";
import { ManagerNoteForm } from "../../components/admin/orders/ManagerNoteForm.tsx";
import { OrderHistory } from "../../components/admin/orders/OrderHistory.tsx";
import { OrderInfo } from "../../components/admin/orders/OrderInfo.tsx";
import { OrderLines } from "../../components/admin/orders/OrderLines.tsx";
import { OrderStatusForm } from "../../components/admin/orders/OrderStatusForm.tsx";
import "../../components/admin/orders/orders.css";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Заказ № ${loaderData.order.number}` : "Заказ");

const NUMBER = /^\d{2}-\d{6}$/;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "orders");
  const { db } = args.context.get(servicesContext);
  const order = NUMBER.test(args.params.number) ? await loadAdminOrder(db, args.params.number) : null;
  if (!order) throw data({ message: "Такого заказа нет." }, { status: 404 });
  const find = (new URL(args.request.url).searchParams.get("find") ?? "").trim().slice(0, 100);
  const found = find && linesEditable(order.status) ? await findProductsToAdd(db, find) : [];
  return { order, find, found };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "orders");
  const { db, mailer, logger } = args.context.get(servicesContext);
  const number = args.params.number;
  if (!NUMBER.test(number)) throw data({ message: "Такого заказа нет." }, { status: 404 });
  const parsed = parseOrderForm(await args.request.formData());
  if (!parsed.ok) return data({ error: { field: parsed.field, message: parsed.message } }, { status: 422 });
  const actor = { id: staff.id, email: staff.email };
  const { command } = parsed;
  try {
    if (command.intent === "status") {
      await changeOrderStatus(db, actor, number, command.to, command.version, command.note);
      const order = command.notify ? await loadAdminOrder(db, number) : null;
      // the change is saved; a letter that fails to go is logged, never a reason to undo it
      if (order)
        await sendStatusMail(mailer, order, command.to, command.note.trim()).catch((e: unknown) => logger.error({ err: e, number }, "status mail failed"));
    } else if (command.intent === "note") await setManagerNote(db, actor, number, command.version, command.note);
    else if (command.intent === "add")
      await editOrderLines(db, actor, number, command.version, { kind: "add", productId: command.productId, qty: command.qty });
    else if (command.intent === "qty") await editOrderLines(db, actor, number, command.version, { kind: "qty", lineId: command.lineId, qty: command.qty });
    else await editOrderLines(db, actor, number, command.version, { kind: "remove", lineId: command.lineId });
  } catch (error) {
    if (!(error instanceof AdminOrderError)) throw error;
    if (error.status === 404 && command.intent !== "qty" && command.intent !== "remove") throw data({ message: error.message }, { status: 404 });
    return data({ error: { field: error.field ?? "order", message: error.message } }, { status: error.status });
  }
  return redirect(`/admin/orders/${number}/`, { status: 303 });
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, find, found } = loaderData;
  const error = actionData?.error;
  const editable = linesEditable(order.status);
  return (
    <AdminPage
      title={`Заказ № ${order.number}`}
      actions={
        <Link className="button button--ghost" to={`/admin/orders/${order.number}/print/`}>
          Печать
        </Link>
      }
    >
      <p>
        {formatDateTime(order.createdAt)} · <strong>{orderStatusName(order.status)}</strong> · <Link to="/admin/orders/">Все заказы</Link>
      </p>
      {error && (error.field === "order" || error.field === "version" || error.field === "intent") ? (
        <p className="order-alert" role="alert">
          {error.message}
        </p>
      ) : null}
      <div className="order-page">
        <div className="order-page__main">
          <OrderLines order={order} editable={editable} found={found} find={find} error={error} />
          <OrderInfo order={order} />
        </div>
        <div className="order-page__side">
          <section className="order-card" aria-labelledby="order-status-title">
            <h2 id="order-status-title">{`Статус: ${orderStatusName(order.status)}`}</h2>
            <OrderStatusForm
              status={order.status}
              version={order.version}
              hasEmail={Boolean(order.email)}
              error={error?.field === "status" ? error.message : undefined}
            />
          </section>
          <ManagerNoteForm note={order.managerNote} version={order.version} error={error?.field === "managerNote" ? error.message : undefined} />
          <OrderHistory order={order} />
        </div>
      </div>
    </AdminPage>
  );
}
