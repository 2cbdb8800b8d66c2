import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/order";
import { servicesContext } from "../../context.ts";
import { notifyBackInStock } from "../../features/requests/index.server.ts";
import {
  AdminOrderError,
  changeOrderStatus,
  editOrderLines,
  findProductsToAdd,
  loadAdminOrder,
  setLiftingPrice,
  setManagerNote,
  sendStatusMail,
} from "../../features/orders/index.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { formatDateTime } from "../../lib/format.ts";
import { parseOrderForm, orderStatusName, linesEditable } from "../../features/orders/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { ManagerNoteForm, OrderStatusHistory, OrderInfo, OrderLines, OrderStatusForm } from "../../features/orders/components.ts";
import { OrderPaymentCard } from "../../features/payments/components.ts";
import type { StaffActor } from "../../features/audit/index.server.ts";
import {
  issueSettlementReceipt,
  loadOrderPayment,
  loadPaidPayment,
  previewRefund,
  refundOrderPayment,
  RefundError,
} from "../../features/payments/index.server.ts";
import { PaymentProviderError, parseRefundForm, refundPrefill, type RefundFormValues } from "../../features/payments/index.ts";
import { moneyInWords } from "../../lib/money-words.ts";
import "../../features/orders/admin/orders.css";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Заказ № ${loaderData.order.number}` : "Заказ");

const NUMBER = /^\d{2}-\d{6}$/;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "orders");
  const { db, payments } = args.context.get(servicesContext);
  const order = NUMBER.test(args.params.number) ? await loadAdminOrder(db, args.params.number) : null;
  if (!order) throw data({ message: "Такого заказа нет." }, { status: 404 });
  const params = new URL(args.request.url).searchParams;
  const find = (params.get("find") ?? "").trim().slice(0, 100);
  const found = find && linesEditable(order.status) ? await findProductsToAdd(db, find) : [];
  const payment = (await loadOrderPayment(db, order.number))!;
  const paid = await loadPaidPayment(db, order.number);
  // «Вернуть переплату» links here with the line and units to return filled in
  return { order, find, found, payment, paid, canRefund: payments !== null, refundPrefill: refundPrefill(params) };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "orders");
  const { db, mailer, logger, publicUrl } = args.context.get(servicesContext);
  const number = args.params.number;
  if (!NUMBER.test(number)) throw data({ message: "Такого заказа нет." }, { status: 404 });
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === "refund" || intent === "refund-review" || intent === "refund-edit") return refund(args, { id: staff.id, email: staff.email }, number, form);
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
  // a refused status change keeps the comment typed with it
  const note = form.get("intent") === "status" ? String(form.get("note") ?? "").slice(0, 500) : undefined;
  if (!parsed.ok) return data({ error: { field: parsed.field, message: parsed.message }, note, ...typed }, { status: 422 });
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
    return data({ error: { field: error.field ?? "order", message: error.message }, note, ...typed }, { status: error.status });
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

/**
 * The refund form's three steps, all plain form posts: «Вернуть деньги…» (refund-review) answers
 * with the lines and the sum in words to confirm; «Изменить» (refund-edit) brings the form back as
 * it was typed; «Подтвердить возврат» (refund) makes it. A refusal is shown at its field (422/409/503).
 */
async function refund(args: Route.ActionArgs, actor: StaffActor, number: string, form: FormData) {
  const { db, payments, receiptVatCode } = args.context.get(servicesContext);
  const parsed = parseRefundForm(form);
  const refused = (status: number, field: string, message: string) =>
    data({ error: { field, message }, refundValues: parsed.values, review: null }, { status });
  if (!payments) return refused(409, "refundLines", "Онлайн-оплата не настроена: вернуть деньги можно только в личном кабинете ЮKassa.");
  if (!parsed.ok) return refused(422, parsed.field, parsed.message);
  const intent = form.get("intent");
  if (intent === "refund-edit") return { error: null, refundValues: parsed.values, review: null };
  try {
    if (intent === "refund-review") {
      const preview = await previewRefund(db, { orderNumber: number, request: parsed.request, vatCode: receiptVatCode });
      return { error: null, refundValues: parsed.values, review: { ...preview, words: moneyInWords(preview.amount) } };
    }
    await refundOrderPayment(db, payments, actor, {
      orderNumber: number,
      request: parsed.request,
      expectedRefund: parsed.expectedRefund,
      vatCode: receiptVatCode,
    });
  } catch (error) {
    if (error instanceof RefundError) return refused(error.status, error.field, error.message);
    throw error;
  }
  return redirect(`/admin/orders/${number}/`, { status: 303 });
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, find, found, payment, paid, canRefund, refundPrefill: prefill } = loaderData;
  const error = actionData?.error ?? undefined;
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
              note={actionData && "note" in actionData && typeof actionData.note === "string" ? actionData.note : undefined}
            />
          </section>
          <OrderPaymentCard
            payment={payment}
            paid={paid}
            total={order.total}
            cancelled={order.status === "cancelled"}
            done={order.status === "done"}
            canRefund={canRefund}
            error={error && (error.field.startsWith("refund") || error.field.startsWith("goodwill")) ? error : undefined}
            settleError={error?.field === "settle" ? error.message : undefined}
            values={actionData && "refundValues" in actionData ? (actionData.refundValues as RefundFormValues) : prefill}
            review={actionData && "review" in actionData ? (actionData.review ?? null) : null}
          />
          <ManagerNoteForm note={order.managerNote} version={order.version} error={error?.field === "managerNote" ? error.message : undefined} />
          <OrderStatusHistory order={order} />
        </div>
      </div>
    </AdminPage>
  );
}
