import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/order";
import { servicesContext } from "../../context.ts";
import { notifyBackInStock } from "../../domain/stock-notices.server.ts";
import {
  AdminOrderError,
  changeOrderStatus,
  editOrderLines,
  findProductsToAdd,
  loadAdminOrder,
  setLiftingPrice,
  setManagerNote,
} from "../../domain/admin-orders.server.ts";
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
import { OrderPaymentCard } from "../../components/admin/orders/OrderPaymentCard.tsx";
import type { StaffActor } from "../../domain/audit.server.ts";
import { issueSettlementReceipt, loadOrderPayment, loadPaidPayment, refundOrderPayment, RefundError } from "../../domain/payments.server.ts";
import { PaymentProviderError } from "../../domain/payment-types.ts";
import { parseRoubles } from "../../lib/payment-amount.ts";
import "../../components/admin/orders/orders.css";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Заказ № ${loaderData.order.number}` : "Заказ");

const NUMBER = /^\d{2}-\d{6}$/;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "orders");
  const { db, payments } = args.context.get(servicesContext);
  const order = NUMBER.test(args.params.number) ? await loadAdminOrder(db, args.params.number) : null;
  if (!order) throw data({ message: "Такого заказа нет." }, { status: 404 });
  const find = (new URL(args.request.url).searchParams.get("find") ?? "").trim().slice(0, 100);
  const found = find && linesEditable(order.status) ? await findProductsToAdd(db, find) : [];
  const payment = (await loadOrderPayment(db, order.number))!;
  const paid = await loadPaidPayment(db, order.number);
  return { order, find, found, payment, paid, canRefund: payments !== null };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "orders");
  const { db, mailer, logger, publicUrl } = args.context.get(servicesContext);
  const number = args.params.number;
  if (!NUMBER.test(number)) throw data({ message: "Такого заказа нет." }, { status: 404 });
  const form = await args.request.formData();
  if (form.get("intent") === "refund") return refund(args, { id: staff.id, email: staff.email }, number, String(form.get("refundAmount") ?? "").slice(0, 40));
  if (form.get("intent") === "settle") {
    const outcome = await settle(args, number);
    if (outcome === "failed")
      return data({ error: { field: "settle", message: "ЮKassa не приняла чек полного расчёта: попробуйте ещё раз через минуту." } }, { status: 503 });
    if (outcome === "lines_changed")
      return data({ error: { field: "settle", message: "Состав заказа изменился после оплаты: оформите чек в личном кабинете ЮKassa." } }, { status: 409 });
    return redirect(`/admin/orders/${number}/`, { status: 303 });
  }
  // a refused lifting price comes back in its field: nothing the manager typed is lost
  const typed = form.get("intent") === "lifting" ? { liftingPrice: String(form.get("liftingPrice") ?? "").slice(0, 40) } : {};
  const parsed = parseOrderForm(form);
  if (!parsed.ok) return data({ error: { field: parsed.field, message: parsed.message }, ...typed }, { status: 422 });
  const actor = { id: staff.id, email: staff.email };
  const { command } = parsed;
  try {
    if (command.intent === "status") {
      await changeOrderStatus(db, actor, number, command.to, command.version, command.note);
      // handed over: a prepaid order gets its «полный расчёт» receipt (a failure leaves the button to retry)
      if (command.to === "done") await settle(args, number);
      const order = command.notify ? await loadAdminOrder(db, number) : null;
      // the change is saved; a letter that fails to go is logged, never a reason to undo it
      if (order)
        await sendStatusMail(mailer, order, command.to, command.note.trim()).catch((e: unknown) => logger.error({ err: e, number }, "status mail failed"));
    } else if (command.intent === "note") await setManagerNote(db, actor, number, command.version, command.note);
    else if (command.intent === "lifting") await setLiftingPrice(db, actor, number, command.version, command.price);
    else if (command.intent === "add")
      await editOrderLines(db, actor, number, command.version, { kind: "add", productId: command.productId, qty: command.qty });
    else if (command.intent === "qty") await editOrderLines(db, actor, number, command.version, { kind: "qty", lineId: command.lineId, qty: command.qty });
    else await editOrderLines(db, actor, number, command.version, { kind: "remove", lineId: command.lineId });
  } catch (error) {
    if (!(error instanceof AdminOrderError)) throw error;
    if (error.status === 404 && command.intent !== "qty" && command.intent !== "remove") throw data({ message: error.message }, { status: 404 });
    return data({ error: { field: error.field ?? "order", message: error.message }, ...typed }, { status: error.status });
  }
  // a cancelled or shortened order gives its pieces back: subscribers of products back in stock get their one letter (decision 084)
  if (command.intent !== "note" && command.intent !== "lifting")
    await notifyBackInStock(db, mailer, publicUrl).catch((err: unknown) => logger.error({ err }, "back-in-stock mail failed"));
  return redirect(`/admin/orders/${number}/`, { status: 303 });
}

/** The settlement receipt of an order paid online; a gateway failure is logged and answered "failed". */
async function settle(args: Route.ActionArgs, number: string) {
  const { db, payments, receiptVatCode, logger } = args.context.get(servicesContext);
  if (!payments) return "not_paid" as const;
  try {
    const outcome = await issueSettlementReceipt(db, payments, { orderNumber: number, vatCode: receiptVatCode });
    if (outcome === "lines_changed") logger.warn({ number }, "settlement receipt not sent: the lines changed after the payment");
    return outcome;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger.error({ number, code: error.code, status: error.httpStatus, reason: error.message }, "settlement receipt failed");
    return "failed" as const;
  }
}

/** «Вернуть деньги»: a refund through the gateway; a bad sum or a refusal is shown at the field (422/409/503). */
async function refund(args: Route.ActionArgs, actor: StaffActor, number: string, typed: string) {
  const { db, payments, receiptVatCode } = args.context.get(servicesContext);
  const refused = (status: number, message: string) => data({ error: { field: "refundAmount", message }, refundAmount: typed }, { status });
  if (!payments) return refused(409, "Онлайн-оплата не настроена: вернуть деньги можно только в личном кабинете ЮKassa.");
  const amount = parseRoubles(typed);
  if (amount === null) return refused(422, "Укажите сумму в рублях, например 1500 или 1500,50");
  try {
    await refundOrderPayment(db, payments, actor, { orderNumber: number, amount, vatCode: receiptVatCode });
  } catch (error) {
    if (error instanceof RefundError) return refused(error.status, error.message);
    throw error;
  }
  return redirect(`/admin/orders/${number}/`, { status: 303 });
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, find, found, payment, paid, canRefund } = loaderData;
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
          <OrderInfo
            order={order}
            liftingError={error?.field === "liftingPrice" ? error.message : undefined}
            liftingValue={actionData && "liftingPrice" in actionData ? String(actionData.liftingPrice) : undefined}
          />
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
          <OrderPaymentCard
            payment={payment}
            paid={paid}
            total={order.total}
            cancelled={order.status === "cancelled"}
            done={order.status === "done"}
            canRefund={canRefund}
            error={error?.field === "refundAmount" ? error.message : undefined}
            settleError={error?.field === "settle" ? error.message : undefined}
            value={actionData && "refundAmount" in actionData ? String(actionData.refundAmount) : undefined}
          />
          <ManagerNoteForm note={order.managerNote} version={order.version} error={error?.field === "managerNote" ? error.message : undefined} />
          <OrderHistory order={order} />
        </div>
      </div>
    </AdminPage>
  );
}
