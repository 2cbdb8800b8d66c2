// 1C «Обмен с сайтом», orders (decision 089): `type=sale&mode=query` hands 1C the new
// and changed orders as CommerceML documents, `mode=success` marks exactly those (as they were
// sent) exported, and `mode=file` applies the status changes 1C sends back through the back
// office's own workflow (changeOrderStatus: its allowed transitions, stock, history and audit),
// with «1С» named as the one who acted.
//
// «Changed» is judged by the document itself: each order keeps the fingerprint of the document 1C
// last confirmed, and an order whose document now reads differently is due again. Payments,
// refunds and checkout do not bump `orders.version`, so no counter would catch everything 1C shows.
// Only orders that can still change are read again: one never exported, one the workflow can still
// move (not Выполнен/Отменён), and one with a status, payment or refund recorded since the query
// that exported it.
import crypto from "node:crypto";
import { z } from "zod";
import type { Db } from "../../db/database.server.ts";
import { CommerceMlError } from "./commerceml.ts";
import { decodeXmlBytes, exportOrderOf, orderDocumentXml, ordersXml, parseOrderChanges, statusFrom1C, statusPath } from "./commerceml-orders.ts";
import { safeExchangeName } from "./exchange-1c.ts";
import { orderStatusName, type OrderStatus } from "../orders/index.ts";
import type { DeliveryType } from "../delivery/index.ts";
import { AdminOrderError, changeOrderStatus, readOrders, sendStatusMail } from "../orders/index.server.ts";
import type { StaffActor } from "../audit/index.server.ts";
import { EXCHANGE_MESSAGES, exchangeFailed, saveExchangeSession, type ExchangeSession } from "./exchange-1c.server.ts";
import { PaymentProviderError, type PaymentProvider } from "../payments/index.ts";
import { issueSettlementReceipt } from "../payments/index.server.ts";
import type { Mailer } from "../../lib/ports.ts";
import { readJsonColumn } from "../../lib/json-columns.ts";
import { notifyBackInStock } from "../requests/index.server.ts";

/** at most this many orders in one `query` answer; the rest come in the next exchange */
export const ORDERS_PER_QUERY = 500;
/** orders read (and fingerprinted) at a time while looking for changed ones */
const PAGE = 200;
/**
 * A payment written with a time just before the query may commit just after it: counting the
 * query a minute earlier keeps such an order among those read again (its fingerprint decides).
 */
const WRITE_MARGIN_MS = 60_000;
/** who the order history and the audit log name for a change that came from 1C */
export const ACTOR_1C = "1С";

const ORDER_NUMBER = /^\d{2}-\d{6}$/;

/** The exchange account acting as «1С»: the audit keeps its id, the history and the log show «1С». */
export function actorOf1C(account: StaffActor): StaffActor {
  return { id: account.id, email: ACTOR_1C, label: ACTOR_1C };
}

const fingerprint = (xml: string) => crypto.createHash("sha256").update(xml).digest("hex");

const addCount = (session: ExchangeSession, key: string, n: number) => {
  session.counts[key] = (session.counts[key] ?? 0) + n;
};

/** what a session's last query sent: when it read the orders, and each order's fingerprint */
interface SentOrders {
  at: number;
  orders: Record<string, string>;
}

// "{}" until the session's first query; a row that is neither fails the request with
// JsonColumnError: orders marked exported from a wrong list would never reach 1C
const SentOrdersSchema = z.object({ at: z.number(), orders: z.record(z.string(), z.string()) }).partial() satisfies z.ZodType<Partial<SentOrders>>;

async function readSent(db: Db, sessionId: string): Promise<SentOrders> {
  const row = await db.kysely.selectFrom("exchange_sessions").select("sent_orders").where("id", "=", sessionId).executeTakeFirst();
  const sent = row ? readJsonColumn(row.sent_orders, SentOrdersSchema, `exchange_sessions.sent_orders of session ${sessionId.slice(0, 8)}`) : {};
  return { at: sent.at ?? 0, orders: sent.orders ?? {} };
}

/** statuses the workflow never leaves: only a payment or refund can change such an order's document */
const FINAL_STATUSES = ["done", "cancelled"];

/** One page of orders (by id, after `afterId`) as the documents 1C reads, each with its id. */
async function exportPage(db: Db, afterId: number): Promise<{ id: number; hash: string | null; xml: string }[]> {
  const due = await db.kysely
    .selectFrom("orders")
    .select(["orders.id", "orders.number", "orders.exported_1c_hash"])
    .where("orders.id", ">", afterId)
    .where((eb) =>
      eb.or([
        eb("orders.exported_1c_at", "is", null),
        eb("orders.status", "not in", FINAL_STATUSES),
        eb("orders.paid_at", ">=", eb.ref("orders.exported_1c_at")),
        // every status change writes the history: one made after the query (to a final status too)
        eb.exists(
          eb
            .selectFrom("order_status_history")
            .select("order_status_history.id")
            .whereRef("order_status_history.order_id", "=", "orders.id")
            .whereRef("order_status_history.created_at", ">=", "orders.exported_1c_at"),
        ),
        eb.exists(
          eb
            .selectFrom("payments")
            .select("payments.id")
            .whereRef("payments.order_id", "=", "orders.id")
            .whereRef("payments.updated_at", ">=", "orders.exported_1c_at"),
        ),
        eb.exists(
          eb
            .selectFrom("refunds")
            .innerJoin("payments as refunded", "refunded.id", "refunds.payment_id")
            .select("refunds.id")
            .whereRef("refunded.order_id", "=", "orders.id")
            .whereRef("refunds.updated_at", ">=", "orders.exported_1c_at"),
        ),
      ]),
    )
    .orderBy("orders.id")
    .limit(PAGE)
    .execute();
  if (due.length === 0) return [];
  const ids = due.map((o) => o.id);
  // the orders as the shop keeps them (the same record the back office shows); what only 1C reads
  // beside them: the products' 1C ids and articles as they are now, and the money returned
  const records = new Map((await readOrders(db, { ids })).map((r) => [r.number, r]));
  const productIds = [...new Set([...records.values()].flatMap((r) => r.lines.map((l) => l.productId)))];
  const [products, refunds] = await Promise.all([
    productIds.length ? db.kysely.selectFrom("products").select(["id", "external_id", "article"]).where("id", "in", productIds).execute() : Promise.resolve([]),
    db.kysely
      .selectFrom("refunds")
      .innerJoin("payments", "payments.id", "refunds.payment_id")
      .select(["payments.order_id", "refunds.amount"])
      .where("payments.order_id", "in", ids)
      .where("refunds.status", "=", "succeeded")
      .execute(),
  ]);
  const codes = new Map(products.map((p) => [p.id, { externalId: p.external_id, article: p.article }]));
  const refunded = new Map<number, number>();
  for (const r of refunds) refunded.set(r.order_id, (refunded.get(r.order_id) ?? 0) + Number(r.amount));
  return due.flatMap((o) => {
    const record = records.get(o.number);
    if (!record) return [];
    return [{ id: o.id, hash: o.exported_1c_hash, xml: orderDocumentXml(exportOrderOf(record, codes, refunded.get(o.id) ?? 0)) }];
  });
}

/**
 * `mode=query`: the orders 1C has not confirmed as they read now (new, or changed since), oldest
 * first, at most ORDERS_PER_QUERY. The session remembers what it sent for `mode=success`.
 */
export async function queryOrdersFor1C(db: Db, session: ExchangeSession, now = Date.now()): Promise<string> {
  const documents: string[] = [];
  const sent: Record<string, string> = {};
  let afterId = 0;
  while (documents.length < ORDERS_PER_QUERY) {
    const page = await exportPage(db, afterId);
    if (page.length === 0) break;
    for (const doc of page) {
      const hash = fingerprint(doc.xml);
      if (hash === doc.hash) continue;
      documents.push(doc.xml);
      sent[String(doc.id)] = hash;
      if (documents.length === ORDERS_PER_QUERY) break;
    }
    afterId = page.at(-1)!.id;
  }
  await db.kysely
    .updateTable("exchange_sessions")
    .set({ sent_orders: JSON.stringify({ at: now - WRITE_MARGIN_MS, orders: sent } satisfies SentOrders) })
    .where("id", "=", session.id)
    .execute();
  addCount(session, "ordersSent", documents.length);
  await saveExchangeSession(db, session, now);
  return ordersXml(documents, now);
}

/**
 * `mode=success`: 1C has read the last query's answer. Each order sent is marked exported as it
 * was sent; one changed since keeps a different fingerprint and so comes again.
 */
export async function markOrdersExported(db: Db, session: ExchangeSession, now = Date.now()): Promise<number> {
  const sent = await readSent(db, session.id);
  const entries = Object.entries(sent.orders);
  await db.kysely.transaction().execute(async (trx) => {
    // the query's time, not now: a payment recorded between query and success is looked at again
    for (const [id, hash] of entries)
      await trx.updateTable("orders").set({ exported_1c_hash: hash, exported_1c_at: sent.at }).where("id", "=", Number(id)).execute();
    await trx.updateTable("exchange_sessions").set({ sent_orders: "{}" }).where("id", "=", session.id).execute();
  });
  addCount(session, "ordersExported", entries.length);
  if (session.status === "open") session.status = "done";
  await saveExchangeSession(db, session, now);
  return entries.length;
}

export interface OrdersFileDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  payments: PaymentProvider | null;
  receiptVatCode: number;
}

export type OrdersFileAnswer = { kind: "success"; message: string } | { kind: "failure"; reason: string };

/**
 * `mode=file` of the orders exchange: 1C's documents with status changes, applied one by one.
 * A file that does not parse changes nothing (`failure`); in one that does, an unknown order or a
 * move the workflow refuses is an error line on the session and the other documents still apply.
 */
export async function applyOrdersFile(
  deps: OrdersFileDeps,
  session: ExchangeSession,
  account: StaffActor,
  filename: string,
  bytes: Uint8Array,
): Promise<OrdersFileAnswer> {
  const { db } = deps;
  if (!safeExchangeName(filename) || filename.includes("/")) return { kind: "failure", reason: await exchangeFailed(db, session, EXCHANGE_MESSAGES.badName) };
  let documents;
  try {
    documents = parseOrderChanges(decodeXmlBytes(bytes));
  } catch (error) {
    if (!(error instanceof CommerceMlError)) throw error;
    return { kind: "failure", reason: await exchangeFailed(db, session, `${filename}: ${error.message}`) };
  }
  const actor = actorOf1C(account);
  const errors: string[] = [];
  let applied = 0;
  let unchanged = 0;
  let skipped = 0;
  let gaveStockBack = false;
  for (const doc of documents) {
    // 1C may put its own documents (shipments, payments) next to the orders: they are not ours to apply
    if (doc.operation && doc.operation !== "Заказ товара") {
      skipped++;
      continue;
    }
    const label = doc.number || doc.id || "без номера";
    const keys = [doc.id, doc.number].filter((k) => ORDER_NUMBER.test(k));
    const order = keys.length
      ? await db.kysely
          .selectFrom("orders")
          .select(["number", "status", "version", "name", "email", "delivery_type"])
          .where("number", "in", keys)
          .executeTakeFirst()
      : undefined;
    if (!order) {
      errors.push(`Документ ${label}: заказ с таким номером не найден`);
      continue;
    }
    const wanted = statusFrom1C(doc.requisites, order.status);
    if (wanted.kind === "unknown-status") {
      errors.push(`Заказ № ${order.number}: неизвестный статус «${wanted.value}»`);
      continue;
    }
    if (wanted.kind === "none") {
      unchanged++;
      continue;
    }
    const path = statusPath(order.status, wanted.to);
    if (path === null) {
      errors.push(
        `Заказ № ${order.number}: переход «${orderStatusName(order.status)}» → «${orderStatusName(wanted.to)}» (${wanted.because}) невозможен по правилам обработки заказов`,
      );
      continue;
    }
    if (path.length === 0) {
      unchanged++;
      continue;
    }
    const done = await walk(deps, actor, order.number, order.version, path, errors);
    if (!done) continue;
    applied++;
    if (wanted.to === "cancelled") gaveStockBack = true;
    await afterStatusChange(
      deps,
      { number: order.number, name: order.name, email: order.email, deliveryType: order.delivery_type as DeliveryType },
      wanted.to,
      errors,
    );
  }
  // a cancelled order gave its pieces back: subscribers of products back in stock get their letter (decision 084)
  if (gaveStockBack) await notifyBackInStock(db, deps.mailer, deps.publicUrl).catch(() => errors.push("Письма о поступлении товара не отправлены"));
  addCount(session, "statusesApplied", applied);
  addCount(session, "orderErrors", errors.length);
  session.errors.push(...errors);
  await saveExchangeSession(db, session);
  return {
    kind: "success",
    message: `Документов: ${documents.length}, статусов применено: ${applied}, без изменений: ${unchanged}, пропущено: ${skipped}, ошибок: ${errors.length}`,
  };
}

/** Each step through changeOrderStatus, as a manager would click them; false (with the reason) when one is refused. */
async function walk(
  deps: OrdersFileDeps,
  actor: StaffActor,
  number: string,
  version: number,
  path: readonly OrderStatus[],
  errors: string[],
): Promise<boolean> {
  let at = version;
  for (const step of path) {
    try {
      at = (await changeOrderStatus(deps.db, actor, number, step, at)).version;
    } catch (error) {
      if (!(error instanceof AdminOrderError)) throw error;
      errors.push(`Заказ № ${number}: «${orderStatusName(step)}» не установлен: ${error.message}`);
      return false;
    }
  }
  return true;
}

/**
 * What the back office does after a status change, here too: the settlement receipt when a
 * prepaid order is handed over, and the customer's letter (the back office's «Сообщить
 * покупателю» is ticked by default). Neither undoes the change when it fails; it is noted.
 */
async function afterStatusChange(
  deps: OrdersFileDeps,
  order: { number: string; name: string; email: string; deliveryType: DeliveryType },
  to: OrderStatus,
  errors: string[],
): Promise<void> {
  if (to === "done" && deps.payments) {
    try {
      await issueSettlementReceipt(deps.db, deps.payments, { orderNumber: order.number, vatCode: deps.receiptVatCode });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      errors.push(`Заказ № ${order.number}: ЮKassa не приняла чек полного расчёта, оформите его в заказе`);
    }
  }
  try {
    await sendStatusMail(deps.mailer, order, to, "");
  } catch {
    errors.push(`Заказ № ${order.number}: письмо покупателю не отправлено`);
  }
}
