// Online payment of an order. The gateway is the source of truth: a payment's status is only
// ever taken from what its API answers (a notification merely says «ask again»), and applying a
// status is idempotent and order-independent — succeeded and canceled are final, a late or
// repeated report changes nothing, and a payment whose amount or currency is not the order's
// is never taken as paying it. See docs/decisions/082-online-payment.md.
import type { Db } from "../../db/database.server.ts";
import { formatPrice } from "../../lib/format.ts";
import { readJsonColumn } from "../../lib/json-columns.ts";
import {
  buildReceipt,
  planRefund,
  receiptCustomer,
  settlementReceipt,
  soldLines,
  SoldLinesSchema,
  unitsValue,
  type RefundLine,
  type RefundRequest,
  type SoldLine,
} from "./payment-receipt.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import {
  PaymentProviderError,
  type Overpaid,
  type OrderPayment,
  type PaidPayment,
  type OrderPaymentState,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type Receipt,
} from "./payment-types.ts";

/** what applying a gateway's report did; the caller logs anything but "updated"/"unchanged" */
export type ApplyOutcome =
  | { result: "unknown"; paymentId: string }
  | { result: "mismatch"; paymentId: string; orderNumber: string; expected: number; got: number; currency: string }
  | { result: "unchanged" | "updated"; paymentId: string; orderNumber: string; status: string };

/** the shop's three states of a gateway payment: waiting_for_capture cannot happen with capture: true, and would still be unpaid */
const localStatus = (p: ProviderPayment) => (p.status === "succeeded" || p.status === "canceled" ? p.status : "pending");

/** the note the order's timeline gets when money arrives */
export const PAID_ONLINE_NOTE = "Оплачен онлайн";

async function orderForPayment(db: Db, orderNumber: string) {
  return db.kysely
    .selectFrom("orders")
    .select(["id", "number", "status", "email", "phone", "delivery_cost", "lifting_cost", "total", "paid_at"])
    .where("number", "=", orderNumber)
    .executeTakeFirst();
}

type PaymentOrder = NonNullable<Awaited<ReturnType<typeof orderForPayment>>>;

/** The order's lines as a receipt sees them (with their ids, which name the sold lines). */
async function receiptLines(db: Db, orderId: number) {
  const lines = await db.kysely.selectFrom("order_lines").select(["id", "title", "qty", "price"]).where("order_id", "=", orderId).orderBy("id").execute();
  return lines.map((l) => ({ id: l.id, title: l.title, qty: l.qty, price: Number(l.price) }));
}

async function latestPayment(db: Db, orderId: number) {
  return db.kysely.selectFrom("payments").selectAll().where("order_id", "=", orderId).orderBy("id", "desc").executeTakeFirst();
}

/**
 * Starts paying an order online and returns the gateway page to send the buyer to. A pending
 * payment is reused (after asking the gateway whether it still is), so a double click or a
 * second tab never makes two payments; after a cancel a new one is made. Returns `paid` when
 * the order is already paid, null when there is no such order, it was cancelled, or the
 * gateway answered with a payment that had already been canceled (the next try makes a new one).
 */
export async function startOnlinePayment(
  db: Db,
  provider: PaymentProvider,
  args: { orderNumber: string; returnUrl: string; vatCode: number; now?: number },
): Promise<{ confirmationUrl: string } | { paid: true } | null> {
  const now = args.now ?? Date.now();
  const order = await orderForPayment(db, args.orderNumber);
  // a cancelled order is not paid for (staff cancelled it; its stock went back)
  if (!order || order.status === "cancelled") return null;
  if (order.paid_at !== null) return { paid: true };
  const total = Number(order.total);
  const last = await latestPayment(db, order.id);
  // a pending payment for another sum (staff changed the lines since) is not reused: paying it would not pay the order
  if (last?.status === "pending" && Number(last.amount) === total) {
    const current = await provider.getPayment(last.provider_payment_id);
    if (current) await applyProviderPayment(db, current, now);
    if (current && localStatus(current) === "pending" && current.confirmationUrl) return { confirmationUrl: current.confirmationUrl };
    if (current?.status === "succeeded") return { paid: true };
  }
  await db.kysely.updateTable("orders").set({ payment_method: "online" }).where("id", "=", order.id).execute();
  const paying = {
    email: order.email,
    phone: order.phone,
    lines: await receiptLines(db, order.id),
    deliveryCost: Number(order.delivery_cost),
    liftingCost: Number(order.lifting_cost),
    total,
  };
  // paid before the goods are handed over: a 100 % prepayment in 54-ФЗ terms
  const receipt = buildReceipt(paying, { vatCode: args.vatCode, paymentMode: "full_prepayment" });
  // One key per attempt of this order and sum, attempts counted by those that ended (canceled):
  // two starts racing for the same attempt send the same key — even if one has already stored
  // its pending row — and the gateway answers both with the one payment; a new sum is a new key.
  const attempts = await db.kysely
    .selectFrom("payments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("order_id", "=", order.id)
    .where("status", "=", "canceled")
    .executeTakeFirstOrThrow();
  const idempotenceKey = `order-${order.number}-${Number(attempts.n) + 1}-${total}`;
  const payment = await provider.createPayment(
    { amount: total, description: `Заказ № ${order.number}`, returnUrl: args.returnUrl, metadata: { orderNumber: order.number }, receipt },
    idempotenceKey,
  );
  await db.kysely
    .insertInto("payments")
    .values({
      order_id: order.id,
      provider: provider.name,
      provider_payment_id: payment.id,
      idempotence_key: idempotenceKey,
      amount: total,
      status: "pending",
      confirmation_url: payment.confirmationUrl ?? "",
      // what this payment sells: refunds and the settlement receipt are measured against it
      sold_lines: JSON.stringify(soldLines(paying)),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  // The key can bring back a payment that already ended (its row was lost after the gateway made
  // it): the row starts pending and takes the gateway's state the one way states are applied.
  if (localStatus(payment) !== "pending") {
    await applyProviderPayment(db, payment, now);
    return localStatus(payment) === "succeeded" ? { paid: true } : null;
  }
  if (!payment.confirmationUrl) throw new Error(`the gateway gave payment ${payment.id} no confirmation page`);
  return { confirmationUrl: payment.confirmationUrl };
}

/**
 * Takes a payment as the gateway's API reported it and records what it means for the order.
 * Only a pending payment moves (to succeeded or canceled), once; the order is marked paid only
 * when the amount and currency are exactly what the order costs.
 */
export async function applyProviderPayment(db: Db, payment: ProviderPayment, now = Date.now()): Promise<ApplyOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("payments")
      .innerJoin("orders", "orders.id", "payments.order_id")
      .select(["payments.id", "payments.status", "payments.amount", "orders.id as orderId", "orders.number", "orders.status as orderStatus", "orders.total"])
      .where("payments.provider_payment_id", "=", payment.id)
      .executeTakeFirst();
    if (!row) return { result: "unknown", paymentId: payment.id };
    const expected = Number(row.amount);
    if (payment.currency !== "RUB" || payment.amount !== expected || payment.amount !== Number(row.total)) {
      return {
        result: "mismatch",
        paymentId: payment.id,
        orderNumber: row.number,
        expected: Number(row.total),
        got: payment.amount,
        currency: payment.currency,
      };
    }
    const status = localStatus(payment);
    const base = { paymentId: payment.id, orderNumber: row.number };
    if (status === "pending" || row.status !== "pending") return { result: "unchanged", ...base, status: row.status };
    // the conditional update is the lock: of two reports racing, one moves the row, the other finds it moved
    const moved = await trx
      .updateTable("payments")
      .set({ status, updated_at: now })
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return { result: "unchanged", ...base, status };
    if (status === "succeeded") {
      const paid = await trx.updateTable("orders").set({ paid_at: now }).where("id", "=", row.orderId).where("paid_at", "is", null).executeTakeFirst();
      if (Number(paid.numUpdatedRows) === 1) {
        await trx
          .insertInto("order_status_history")
          // its own entry in the timeline, with the sum: not a second «Новый»
          .values({ order_id: row.orderId, status: row.orderStatus, kind: "payment", amount: expected, note: PAID_ONLINE_NOTE, created_at: now })
          .execute();
      }
    }
    return { result: "updated", ...base, status };
  });
}

/** Whether the shop asked the gateway for this payment (a notification about any other id is not ours to read). */
export async function isShopPayment(db: Db, providerPaymentId: string): Promise<boolean> {
  const row = await db.kysely.selectFrom("payments").select("id").where("provider_payment_id", "=", providerPaymentId).executeTakeFirst();
  return row !== undefined;
}

/** How the order is paid and where its online payment stands. */
export async function loadOrderPayment(db: Db, orderNumber: string): Promise<OrderPayment | null> {
  const order = await db.kysely.selectFrom("orders").select(["id", "payment_method", "paid_at"]).where("number", "=", orderNumber).executeTakeFirst();
  if (!order) return null;
  const last = await latestPayment(db, order.id);
  const paidAt = order.paid_at === null ? null : Number(order.paid_at);
  const state: OrderPaymentState =
    paidAt !== null ? "paid" : !last ? "none" : last.status === "pending" ? "pending" : last.status === "canceled" ? "canceled" : "paid";
  return {
    method: order.payment_method === "online" ? "online" : "on_receipt",
    state,
    confirmationUrl: state === "pending" && last?.confirmation_url ? last.confirmation_url : null,
    paidAt,
  };
}

/**
 * Asks the gateway about the order's pending payment and applies the answer: the order page
 * does this while it waits, so a lost notification never leaves a paid order looking unpaid.
 */
export async function refreshOrderPayment(db: Db, provider: PaymentProvider, orderNumber: string, now = Date.now()): Promise<ApplyOutcome | null> {
  const order = await db.kysely.selectFrom("orders").select(["id", "paid_at"]).where("number", "=", orderNumber).executeTakeFirst();
  if (!order || order.paid_at !== null) return null;
  const last = await latestPayment(db, order.id);
  if (last?.status !== "pending") return null;
  const current = await provider.getPayment(last.provider_payment_id);
  return current ? applyProviderPayment(db, current, now) : null;
}

/** A refund the back office cannot make; the message is for staff, next to `field` of the refund form. */
export class RefundError extends Error {
  readonly status: 409 | 422 | 503;
  readonly field: string;
  constructor(status: 409 | 422 | 503, message: string, field = "refundLines") {
    super(message);
    this.status = status;
    this.field = field;
  }
}

type Reader = Db["kysely"];

async function succeededPayment(db: Reader, orderId: number) {
  return db.selectFrom("payments").selectAll().where("order_id", "=", orderId).where("status", "=", "succeeded").orderBy("id", "desc").executeTakeFirst();
}

type PaymentRow = NonNullable<Awaited<ReturnType<typeof succeededPayment>>>;

/**
 * What the payment sold: recorded with it since migration 039; for an older payment, the order's
 * lines as they are now if they still add up to it (null when they were edited since). A recorded
 * list that cannot be read is null too: the order page still opens, and a refund by line is
 * refused rather than measured against a wrong list.
 */
async function soldOf(db: Reader, payment: PaymentRow, order: PaymentOrder): Promise<SoldLine[] | null> {
  if (payment.sold_lines) return readJsonColumn(payment.sold_lines, SoldLinesSchema, { fallback: null });
  const lines = await db.selectFrom("order_lines").select(["id", "title", "qty", "price"]).where("order_id", "=", order.id).orderBy("id").execute();
  try {
    return soldLines({
      email: order.email,
      phone: order.phone,
      lines: lines.map((l) => ({ id: l.id, title: l.title, qty: l.qty, price: Number(l.price) })),
      deliveryCost: Number(order.delivery_cost),
      liftingCost: Number(order.lifting_cost),
      total: Number(payment.amount),
    });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * Where the payment's refunds stand: units returned per sold line, the money gone back, and the
 * keys used. A refund's lines are written before the gateway is asked (so two refunds at once
 * see each other) and removed if it refuses; refunds made before migration 039 have no lines
 * and count by their sum only.
 */
async function refundState(db: Reader, paymentId: number) {
  const [lines, refunds] = await Promise.all([
    db.selectFrom("refund_lines").select(["idempotence_key", "line_key", "title", "qty", "amount"]).where("payment_id", "=", paymentId).orderBy("id").execute(),
    db.selectFrom("refunds").select(["idempotence_key", "amount", "status", "created_at"]).where("payment_id", "=", paymentId).orderBy("id").execute(),
  ]);
  const returned = new Map<string, number>();
  const keysWithLines = new Set<string>();
  let money = 0;
  for (const l of lines) {
    keysWithLines.add(l.idempotence_key);
    money += Number(l.amount);
    if (l.line_key !== "goodwill") returned.set(l.line_key, (returned.get(l.line_key) ?? 0) + l.qty);
  }
  for (const r of refunds) if (!keysWithLines.has(r.idempotence_key) && r.status !== "canceled") money += Number(r.amount);
  const keys = new Set([...keysWithLines, ...refunds.map((r) => r.idempotence_key)]);
  return { lines, refunds, returned, money, next: keys.size + 1 };
}

/** The unit prices of a sold line's units not yet returned, in the order they go back. */
const unitPricesLeft = (line: SoldLine, returned: number) => Array.from({ length: line.qty - returned }, (_, i) => unitsValue(line, returned + i, 1));

/** The order's succeeded online payment with its refunds, what it sold and any overpayment; null when it was not paid online. */
export async function loadPaidPayment(db: Db, orderNumber: string): Promise<PaidPayment | null> {
  const order = await orderForPayment(db, orderNumber);
  if (!order || order.paid_at === null) return null;
  const payment = await succeededPayment(db.kysely, order.id);
  if (!payment) return null;
  const [sold, state, current] = await Promise.all([soldOf(db.kysely, payment, order), refundState(db.kysely, payment.id), receiptLines(db, order.id)]);
  const amount = Number(payment.amount);
  // units the payment took money for that the order no longer has (a manager lowered a quantity or removed a line)
  const overpaid: Overpaid[] = [];
  for (const line of sold ?? []) {
    if (!line.key.startsWith("line:")) continue;
    const now = current.find((l) => `line:${l.id}` === line.key)?.qty ?? 0;
    const before = state.returned.get(line.key) ?? 0;
    const excess = line.qty - before - now;
    if (excess > 0) overpaid.push({ key: line.key, title: line.title, qty: excess, amount: unitsValue(line, before, excess) });
  }
  return {
    amount,
    paidAt: Number(order.paid_at),
    refunded: state.money,
    refunds: state.refunds.map((r) => ({
      amount: Number(r.amount),
      status: r.status,
      at: Number(r.created_at),
      lines: state.lines.filter((l) => l.idempotence_key === r.idempotence_key).map((l) => ({ title: l.title, qty: l.qty, amount: Number(l.amount) })),
    })),
    settlementReceiptId: payment.settlement_receipt_id,
    lines:
      sold?.map((l) => {
        const returned = state.returned.get(l.key) ?? 0;
        return { key: l.key, title: l.title, qty: l.qty, returned, unitPrices: unitPricesLeft(l, returned), subject: l.subject };
      }) ?? null,
    nextRefund: state.next,
    overpayment: Math.max(0, amount - state.money - Number(order.total)),
    overpaid,
  };
}

/** The refund the request makes of this payment as it stands, or the RefundError that refuses it. */
async function planFor(db: Reader, order: PaymentOrder, payment: PaymentRow, request: RefundRequest, vatCode: number) {
  const sold = await soldOf(db, payment, order);
  // paid before refunds were recorded by line, and the lines changed since: nothing says what was sold
  if (!sold) throw new RefundError(409, "Состав заказа изменился после оплаты: оформите возврат в личном кабинете ЮKassa.");
  if (!Number.isSafeInteger(request.goodwill) || request.goodwill < 0) throw new RefundError(422, "Укажите сумму компенсации в рублях", "goodwill");
  const state = await refundState(db, payment.id);
  // after handover the sale was settled in full: the refund reverses that receipt, else the prepayment
  const paymentMode = payment.settlement_receipt_id ? ("full_payment" as const) : ("full_prepayment" as const);
  const plan = planRefund(sold, state.returned, request, receiptCustomer(order), { vatCode, paymentMode });
  if (!plan.ok) throw new RefundError(422, plan.message, plan.field);
  const left = Number(payment.amount) - state.money;
  if (plan.amount <= 0) throw new RefundError(422, "Сумма возврата получилась нулевой: эти единицы были бесплатными.");
  if (plan.amount > left) throw new RefundError(422, `Можно вернуть не больше ${formatPrice(left)}, а выбрано на ${formatPrice(plan.amount)}.`);
  return { plan, state, left };
}

/** What a refund would return and for how much, for the manager to confirm; nothing is reserved yet. */
export async function previewRefund(
  db: Db,
  args: { orderNumber: string; request: RefundRequest; vatCode: number },
): Promise<{ lines: RefundLine[]; amount: number }> {
  const order = await orderForPayment(db, args.orderNumber);
  const payment = order ? await succeededPayment(db.kysely, order.id) : undefined;
  if (!order || !payment) throw new RefundError(409, "Заказ не оплачен онлайн: возвращать нечего.");
  const { plan } = await planFor(db.kysely, order, payment, args.request, args.vatCode);
  return { lines: plan.lines, amount: plan.amount };
}

/** «Кровать × 2, Доставка»: what a refund returned, for the timeline */
const refundSummary = (lines: readonly { title: string; qty: number }[]) => lines.map((l) => (l.qty > 1 ? `${l.title} × ${l.qty}` : l.title)).join(", ");

/**
 * Returns the units the manager picked of what the payment sold (and perhaps a goodwill sum)
 * through the gateway, with a 54-ФЗ refund receipt that lists exactly them; the amount follows
 * from the lines. The lines are reserved in one transaction that first locks the payment's row,
 * so of two refunds at once the second sees the first's units: a line never goes back more
 * times than it was sold, and the money never exceeds the payment. `expectedRefund` is the
 * number the form was shown (a double submit or a colleague's refund in between is refused).
 */
export async function refundOrderPayment(
  db: Db,
  provider: PaymentProvider,
  actor: StaffActor,
  args: { orderNumber: string; request: RefundRequest; expectedRefund?: number; vatCode: number; now?: number },
): Promise<{ refunded: number; left: number }> {
  const now = args.now ?? Date.now();
  const order = await orderForPayment(db, args.orderNumber);
  const found = order ? await succeededPayment(db.kysely, order.id) : undefined;
  if (!order || !found) throw new RefundError(409, "Заказ не оплачен онлайн: возвращать нечего.");
  const reserved = await db.kysely.transaction().execute(async (trx) => {
    // the lock: a write to the payment's row, held until commit (PostgreSQL makes a second refund
    // wait here, then read what the first reserved; SQLite's write lock serialises anyway)
    await trx.updateTable("payments").set({ updated_at: now }).where("id", "=", found.id).execute();
    const payment = (await succeededPayment(trx, order.id))!;
    if (args.expectedRefund !== undefined && args.expectedRefund !== (await refundState(trx, payment.id)).next)
      throw new RefundError(409, "Пока вы заполняли форму, по заказу оформили возврат: обновите страницу и проверьте, что ещё нужно вернуть.");
    const { plan, state, left } = await planFor(trx, order, payment, args.request, args.vatCode);
    // named by the gateway's payment id, unique across every database that shares the shop
    const key = `refund-${payment.provider_payment_id}-${state.next}`;
    await trx
      .insertInto("refund_lines")
      .values(
        plan.lines.map((l) => ({
          payment_id: payment.id,
          idempotence_key: key,
          line_key: l.key,
          title: l.title.slice(0, 200),
          qty: l.qty,
          amount: l.amount,
          created_at: now,
        })),
      )
      .execute();
    return { payment, plan, key, refundedBefore: state.money, left };
  });
  const { payment, plan, key } = reserved;
  const release = () => db.kysely.deleteFrom("refund_lines").where("idempotence_key", "=", key).execute();
  let refund: ProviderRefund;
  try {
    refund = await provider.createRefund(payment.provider_payment_id, plan.amount, key, plan.receipt);
  } catch (error) {
    // nothing went back: the units are free to return again (the same key next time, so a refund
    // the gateway did make despite a timeout is answered again, not made twice)
    await release();
    if (!(error instanceof PaymentProviderError)) throw error;
    throw new RefundError(
      error.retryable ? 503 : 409,
      error.retryable ? "ЮKassa сейчас не отвечает: попробуйте вернуть деньги через минуту." : `ЮKassa не приняла возврат (${error.code}).`,
    );
  }
  await db.kysely.transaction().execute(async (trx) => {
    const stored = await trx
      .insertInto("refunds")
      .values({
        payment_id: payment.id,
        provider_refund_id: refund.id,
        idempotence_key: key,
        amount: refund.amount,
        status: refund.status,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    // a twin submit already stored this refund (and its audit entry)
    if (Number(stored.numInsertedOrUpdatedRows ?? 0) === 0) return;
    if (refund.status === "canceled") await trx.deleteFrom("refund_lines").where("idempotence_key", "=", key).execute();
    const summary = refundSummary(plan.lines);
    await trx
      .insertInto("order_status_history")
      .values({
        order_id: order.id,
        status: order.status,
        kind: "refund",
        amount: refund.amount,
        note: summary.slice(0, 500),
        created_at: now,
        actor_id: actor.id,
        actor_label: actor.label ?? null,
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "order.refund",
        entity: "order",
        entityId: order.number,
        before: { refunded: reserved.refundedBefore },
        after: { refunded: reserved.refundedBefore + refund.amount, refund: refund.amount, status: refund.status, lines: plan.lines },
      },
      now,
    );
  });
  return { refunded: refund.amount, left: reserved.left - refund.amount };
}

/**
 * 54-ФЗ: an online payment was a 100 % prepayment, so when the goods are handed over the shop
 * registers a second receipt, «полный расчёт», settled by that prepayment: the units not returned,
 * for what is left of the money. Sent once per payment (the key is the gateway's payment id); the
 * back office calls this when the order becomes «Выполнен». Returns what happened; gateway
 * failures are thrown for the caller to log.
 */
export async function issueSettlementReceipt(
  db: Db,
  provider: PaymentProvider,
  args: { orderNumber: string; vatCode: number },
): Promise<"issued" | "already" | "not_paid" | "refunded" | "lines_changed"> {
  const order = await orderForPayment(db, args.orderNumber);
  const payment = order ? await succeededPayment(db.kysely, order.id) : undefined;
  if (!order || !payment) return "not_paid";
  if (payment.settlement_receipt_id) return "already";
  const [sold, state] = await Promise.all([soldOf(db.kysely, payment, order), refundState(db.kysely, payment.id)]);
  const left = Number(payment.amount) - state.money;
  if (left <= 0) return "refunded";
  if (!sold) return "lines_changed";
  let receipt: Receipt;
  try {
    receipt = settlementReceipt(sold, state.returned, left, receiptCustomer(order), { vatCode: args.vatCode, paymentMode: "full_payment" });
  } catch (error) {
    // refunds made before they were recorded by line leave money and goods out of step
    if (error instanceof RangeError) return "lines_changed";
    throw error;
  }
  const issued = await provider.createSettlementReceipt(payment.provider_payment_id, receipt, left, `settle-${payment.provider_payment_id}`);
  await db.kysely.updateTable("payments").set({ settlement_receipt_id: issued.id }).where("id", "=", payment.id).execute();
  return "issued";
}
