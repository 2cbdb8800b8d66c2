// Online payment of an order. The gateway is the source of truth: a payment's status is only
// ever taken from what its API answers (a notification merely says «ask again»), and applying a
// status is idempotent and order-independent — succeeded and canceled are final, a late or
// repeated report changes nothing, and a payment whose amount or currency is not the order's
// is never taken as paying it. See docs/decisions/082-online-payment.md.
import type { Db } from "../db/database.server.ts";
import { formatPrice } from "../lib/format.ts";
import { buildReceipt, receiptForAmount, type ReceiptSettings } from "../lib/payment-receipt.ts";
import { recordAudit, type StaffActor } from "./audit.server.ts";
import {
  PaymentProviderError,
  type OrderPayment,
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

/**
 * The receipt for `amount` out of `paidAmount` paid for the order's lines as they stand now; null
 * when the lines were edited after the payment and no longer add up to it.
 */
async function paidOrderReceipt(db: Db, order: PaymentOrder, paidAmount: number, amount: number, settings: ReceiptSettings): Promise<Receipt | null> {
  const lines = await db.kysely.selectFrom("order_lines").select(["title", "qty", "price"]).where("order_id", "=", order.id).orderBy("id").execute();
  try {
    return receiptForAmount(
      {
        email: order.email,
        phone: order.phone,
        lines: lines.map((l) => ({ title: l.title, qty: l.qty, price: Number(l.price) })),
        deliveryCost: Number(order.delivery_cost),
        liftingCost: Number(order.lifting_cost),
        total: paidAmount,
      },
      amount,
      settings,
    );
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
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
  const lines = await db.kysely.selectFrom("order_lines").select(["title", "qty", "price"]).where("order_id", "=", order.id).orderBy("id").execute();
  const receipt = buildReceipt(
    {
      email: order.email,
      phone: order.phone,
      lines: lines.map((l) => ({ title: l.title, qty: l.qty, price: Number(l.price) })),
      deliveryCost: Number(order.delivery_cost),
      liftingCost: Number(order.lifting_cost),
      total,
    },
    // paid before the goods are handed over: a 100 % prepayment in 54-ФЗ terms
    { vatCode: args.vatCode, paymentMode: "full_prepayment" },
  );
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
          .values({ order_id: row.orderId, status: row.orderStatus, note: PAID_ONLINE_NOTE, created_at: now })
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

/** A refund the back office cannot make; the message is for staff, next to the amount field. */
export class RefundError extends Error {
  readonly status: 409 | 422 | 503;
  constructor(status: 409 | 422 | 503, message: string) {
    super(message);
    this.status = status;
  }
}

export interface PaidPayment {
  /** kopecks paid online */
  amount: number;
  paidAt: number;
  /** kopecks returned so far */
  refunded: number;
  refunds: { amount: number; status: string; at: number }[];
  /** the settlement receipt sent on handover; null until then */
  settlementReceiptId: string | null;
}

async function succeededPayment(db: Db, orderId: number) {
  return db.kysely
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("status", "=", "succeeded")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** The order's succeeded online payment with its refunds; null when it was not paid online. */
export async function loadPaidPayment(db: Db, orderNumber: string): Promise<PaidPayment | null> {
  const order = await db.kysely.selectFrom("orders").select(["id", "paid_at"]).where("number", "=", orderNumber).executeTakeFirst();
  if (!order || order.paid_at === null) return null;
  const payment = await succeededPayment(db, order.id);
  if (!payment) return null;
  const refunds = await db.kysely.selectFrom("refunds").select(["amount", "status", "created_at"]).where("payment_id", "=", payment.id).orderBy("id").execute();
  return {
    amount: Number(payment.amount),
    paidAt: Number(order.paid_at),
    refunded: refunds.filter((r) => r.status !== "canceled").reduce((sum, r) => sum + Number(r.amount), 0),
    refunds: refunds.map((r) => ({ amount: Number(r.amount), status: r.status, at: Number(r.created_at) })),
    settlementReceiptId: payment.settlement_receipt_id,
  };
}

/**
 * Returns `amount` kopecks of the order's online payment through the gateway (all of it or a
 * part), with its 54-ФЗ refund receipt, and records it with the staff member in the audit log.
 * Never more than is left; a repeated submit of the same refund makes one refund (the
 * idempotence key is per payment and attempt).
 */
export async function refundOrderPayment(
  db: Db,
  provider: PaymentProvider,
  actor: StaffActor,
  args: { orderNumber: string; amount: number; vatCode: number; now?: number },
): Promise<{ refunded: number; left: number }> {
  const now = args.now ?? Date.now();
  const order = await orderForPayment(db, args.orderNumber);
  const payment = order ? await succeededPayment(db, order.id) : undefined;
  if (!order || !payment) throw new RefundError(409, "Заказ не оплачен онлайн: возвращать нечего.");
  const paid = (await loadPaidPayment(db, order.number))!;
  const left = paid.amount - paid.refunded;
  if (!Number.isSafeInteger(args.amount) || args.amount <= 0) throw new RefundError(422, "Укажите сумму возврата больше нуля");
  if (args.amount > left) throw new RefundError(422, `Можно вернуть не больше ${formatPrice(left)}`);
  const receipt = await paidOrderReceipt(db, order, paid.amount, args.amount, { vatCode: args.vatCode, paymentMode: "full_prepayment" });
  // the lines were edited after the payment: the receipt would not match what was paid
  if (!receipt) throw new RefundError(409, "Состав заказа изменился после оплаты: оформите возврат в личном кабинете ЮKassa.");
  // named by the gateway's payment id, unique across every database that shares the shop
  const key = `refund-${payment.provider_payment_id}-${paid.refunds.length + 1}`;
  let refund: ProviderRefund;
  try {
    refund = await provider.createRefund(payment.provider_payment_id, args.amount, key, receipt);
  } catch (error) {
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
    await recordAudit(
      trx,
      actor,
      {
        action: "order.refund",
        entity: "order",
        entityId: order.number,
        before: { refunded: paid.refunded },
        after: { refunded: paid.refunded + refund.amount, refund: refund.amount, status: refund.status },
      },
      now,
    );
  });
  return { refunded: refund.amount, left: left - refund.amount };
}

/**
 * 54-ФЗ: an online payment was a 100 % prepayment, so when the goods are handed over the shop
 * registers a second receipt, «полный расчёт», settled by that prepayment (less any refund).
 * Sent once per payment (the key is the gateway's payment id); the back office calls this when
 * the order becomes «Выполнен». Returns what happened; gateway failures are thrown for the caller to log.
 */
export async function issueSettlementReceipt(
  db: Db,
  provider: PaymentProvider,
  args: { orderNumber: string; vatCode: number },
): Promise<"issued" | "already" | "not_paid" | "refunded" | "lines_changed"> {
  const order = await orderForPayment(db, args.orderNumber);
  const payment = order ? await succeededPayment(db, order.id) : undefined;
  if (!order || !payment) return "not_paid";
  if (payment.settlement_receipt_id) return "already";
  const paid = (await loadPaidPayment(db, order.number))!;
  const left = paid.amount - paid.refunded;
  if (left <= 0) return "refunded";
  // the goods as they were paid for (less a refund): what was prepaid is what is now settled
  const receipt = await paidOrderReceipt(db, order, paid.amount, left, { vatCode: args.vatCode, paymentMode: "full_payment" });
  if (!receipt) return "lines_changed";
  const issued = await provider.createSettlementReceipt(payment.provider_payment_id, receipt, left, `settle-${payment.provider_payment_id}`);
  await db.kysely.updateTable("payments").set({ settlement_receipt_id: issued.id }).where("id", "=", payment.id).execute();
  return "issued";
}
