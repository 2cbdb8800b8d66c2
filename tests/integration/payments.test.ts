// Online payment of an order on both dialects, against the local ЮKassa stand-in: starting a
// payment (idempotent), the status read from the API applied once and in any order, a wrong
// amount or an unknown id never marking an order paid, a cancel followed by a new attempt.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../app/db/database.server.ts";
import { seedDemo } from "../../app/db/seed/seed.server.ts";
import { changeCart } from "../../app/domain/cart.server.ts";
import { placeOrder } from "../../app/domain/orders.server.ts";
import type { PaymentProvider } from "../../app/domain/payment-types.ts";
import {
  applyProviderPayment,
  issueSettlementReceipt,
  loadOrderPayment,
  loadPaidPayment,
  PAID_ONLINE_NOTE,
  refreshOrderPayment,
  refundOrderPayment,
  RefundError,
  startOnlinePayment,
} from "../../app/domain/payments.server.ts";
import { listAudit } from "../../app/domain/audit.server.ts";
import { checkoutSchema } from "../../app/lib/checkout-schema.ts";
import { kopecksToAmount } from "../../app/lib/payment-amount.ts";
import { createYookassaProvider } from "../../server/yookassa.ts";
import { dialects, MEDIA_DIR, openTestDb } from "../support/test-app.ts";
import { startYookassaStandIn, type YookassaStandIn } from "../support/yookassa-stand-in.ts";

let standIn: YookassaStandIn;
let provider: PaymentProvider;
beforeAll(async () => {
  standIn = await startYookassaStandIn();
  provider = createYookassaProvider({ shopId: standIn.shopId, secretKey: standIn.secretKey, apiUrl: standIn.apiUrl });
});
afterAll(() => standIn.stop());

/** The buyer presses a button on the stand-in's confirmation page. */
async function press(confirmationUrl: string, button: "pay" | "cancel") {
  const res = await fetch(new URL(button, confirmationUrl), { method: "POST", redirect: "manual" });
  expect(res.status).toBe(303);
}

describe.each(dialects)("online payment on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let productId: number;
  let n = 0;

  async function order(fields: Record<string, string> = {}): Promise<string> {
    const owner = `s:pay-${dialect}-${++n}`;
    await changeCart(db, owner, { productId, type: "product", cnt: 2 });
    const input = checkoutSchema().parse({
      name: "Анна Петрова",
      phone: "+7 (916) 123-45-67",
      email: "anna@example.ru",
      delivery: "floor",
      address: "Москва, ул. Тверская, д. 1, кв. 5",
      floor: "7",
      lift: "none",
      consent: "on",
      consentVersion: "2026-10-01",
      idempotencyKey: `pay-order-key-${dialect}-${n}-${Date.now()}`,
      ...fields,
    });
    return (await placeOrder(db, { owner, userId: null, input })).number;
  }
  const start = (number: string) => startOnlinePayment(db, provider, { orderNumber: number, returnUrl: `http://vitrina.test/order/${number}/`, vatCode: 1 });
  const confirmation = async (number: string) => {
    const r = await start(number);
    if (!r || !("confirmationUrl" in r)) throw new Error(`no payment page for ${number}`);
    return r.confirmationUrl;
  };
  const paymentIdOf = (url: string) => /payments\/([0-9a-f-]{36})\//.exec(url)![1]!;
  const orderRow = (number: string) =>
    db.kysely.selectFrom("orders").select(["id", "total", "paid_at", "payment_method"]).where("number", "=", number).executeTakeFirstOrThrow();
  const paidNotes = async (number: string) => {
    const { id } = await orderRow(number);
    return (await db.kysely.selectFrom("order_status_history").select("note").where("order_id", "=", id).execute()).filter((h) => h.note === PAID_ONLINE_NOTE)
      .length;
  };

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    await seedDemo(db, { mediaDir: MEDIA_DIR, images: false });
    const p = await db.kysely.selectFrom("products").select("id").where("kind", "=", "product").orderBy("id").executeTakeFirstOrThrow();
    await db.kysely.updateTable("products").set({ stock: 500 }).where("id", "=", p.id).execute();
    productId = p.id;
  });
  afterAll(async () => {
    await drop?.();
  });

  it("asks for the order's total with a 54-ФЗ receipt, a return URL and the order number, and reuses a pending payment", async () => {
    const number = await order();
    const { total } = await orderRow(number);
    const url = await confirmation(number);
    const p = standIn.payments.get(paymentIdOf(url))!;
    expect(p.amount).toEqual({ value: kopecksToAmount(Number(total)), currency: "RUB" });
    expect(p.metadata).toEqual({ orderNumber: number });
    expect(p.confirmation?.return_url).toBe(`http://vitrina.test/order/${number}/`);
    const items = (p.receipt as { items: { description: string; payment_subject: string; payment_mode: string }[] }).items;
    expect(items.map((i) => i.payment_subject)).toContain("commodity");
    // floor 7 without a lift: carrying it up is a service line of its own
    expect(items.find((i) => i.description === "Подъём на этаж")?.payment_subject).toBe("service");
    expect(items.every((i) => i.payment_mode === "full_prepayment")).toBe(true);
    expect(await loadOrderPayment(db, number)).toMatchObject({ method: "online", state: "pending", confirmationUrl: url });
    // a second click, a second tab: the same payment, not a new one
    const before = standIn.payments.size;
    expect(await confirmation(number)).toBe(url);
    expect(standIn.payments.size).toBe(before);
  });

  it("asks for the total after a promo code, with receipt lines that add up to it", async () => {
    await db.kysely
      .insertInto("promo_codes")
      .values({
        code: `PAY${dialect.toUpperCase()}`,
        kind: "percent",
        amount: 7,
        min_sum: 0,
        section_ids: "[]",
        valid_from: null,
        valid_to: null,
        total_limit: null,
        per_customer_limit: null,
        enabled: 1,
        created_at: Date.now(),
      })
      .execute();
    const owner = `s:pay-promo-${dialect}`;
    await changeCart(db, owner, { productId, type: "product", cnt: 3 });
    const input = checkoutSchema().parse({
      name: "Анна Петрова",
      phone: "+7 (916) 123-45-67",
      email: "anna@example.ru",
      delivery: "floor",
      address: "Москва, ул. Тверская, д. 1, кв. 5",
      floor: "3",
      lift: "none",
      consent: "on",
      consentVersion: "2026-10-01",
      idempotencyKey: `pay-promo-key-${dialect}-${Date.now()}`,
    });
    const { number } = await placeOrder(db, { owner, userId: null, input, promoCode: `PAY${dialect.toUpperCase()}` });
    const row = await db.kysely
      .selectFrom("orders")
      .select(["total", "promo_discount", "delivery_cost", "lifting_cost"])
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    expect(Number(row.promo_discount)).toBeGreaterThan(0);
    const p = standIn.payments.get(paymentIdOf(await confirmation(number)))!;
    // the buyer pays the discounted total, and the fiscal receipt says exactly that sum
    expect(p.amount.value).toBe(kopecksToAmount(Number(row.total)));
    const items = (p.receipt as { items: { quantity: number | string; amount: { value: string } }[] }).items;
    const receiptKopecks = items.reduce((sum, i) => sum + Math.round(Number(i.amount.value) * 100) * Number(i.quantity), 0);
    expect(receiptKopecks).toBe(Number(row.total));
  });

  it("makes one payment when two starts race", async () => {
    const number = await order();
    const before = standIn.payments.size;
    const [a, b] = await Promise.all([confirmation(number), confirmation(number)]);
    expect(a).toBe(b);
    expect(standIn.payments.size).toBe(before + 1);
    const { id } = await orderRow(number);
    expect(await db.kysely.selectFrom("payments").select("id").where("order_id", "=", id).execute()).toHaveLength(1);
  });

  it("marks the order paid once from the API's answer, whatever arrives later or again", async () => {
    const number = await order();
    const url = await confirmation(number);
    await press(url, "pay");
    const outcome = await refreshOrderPayment(db, provider, number);
    expect(outcome).toMatchObject({ result: "updated", status: "succeeded", orderNumber: number });
    expect(await loadOrderPayment(db, number)).toMatchObject({ state: "paid", confirmationUrl: null });
    const paidAt = (await orderRow(number)).paid_at;
    expect(paidAt).not.toBeNull();
    const current = (await provider.getPayment(paymentIdOf(url)))!;
    // a repeat, and out-of-order reports of an earlier or other state: nothing moves
    expect(await applyProviderPayment(db, current)).toMatchObject({ result: "unchanged" });
    expect(await applyProviderPayment(db, { ...current, status: "pending" })).toMatchObject({ result: "unchanged" });
    expect(await applyProviderPayment(db, { ...current, status: "canceled" })).toMatchObject({ result: "unchanged" });
    expect(await loadOrderPayment(db, number)).toMatchObject({ state: "paid" });
    expect((await orderRow(number)).paid_at).toBe(paidAt);
    expect(await paidNotes(number)).toBe(1);
    // a paid order is not asked to pay again
    expect(await start(number)).toEqual({ paid: true });
  });

  it("never takes a payment of another amount or currency as paying the order", async () => {
    const number = await order();
    const url = await confirmation(number);
    await press(url, "pay");
    const current = (await provider.getPayment(paymentIdOf(url)))!;
    expect(await applyProviderPayment(db, { ...current, amount: current.amount - 100 })).toMatchObject({ result: "mismatch", got: current.amount - 100 });
    expect(await applyProviderPayment(db, { ...current, currency: "USD" })).toMatchObject({ result: "mismatch" });
    expect(await loadOrderPayment(db, number)).toMatchObject({ state: "pending" });
    expect((await orderRow(number)).paid_at).toBeNull();
  });

  it("ignores a payment it never asked for", async () => {
    const number = await order();
    const url = await confirmation(number);
    const current = (await provider.getPayment(paymentIdOf(url)))!;
    expect(await applyProviderPayment(db, { ...current, id: "2ff0a8d9-000f-5000-8000-000000000000", status: "succeeded" })).toEqual({
      result: "unknown",
      paymentId: "2ff0a8d9-000f-5000-8000-000000000000",
    });
    expect((await orderRow(number)).paid_at).toBeNull();
  });

  it("leaves a canceled payment's order unpaid and starts a new payment on the next try", async () => {
    const number = await order();
    const first = await confirmation(number);
    await press(first, "cancel");
    expect(await refreshOrderPayment(db, provider, number)).toMatchObject({ result: "updated", status: "canceled" });
    expect(await loadOrderPayment(db, number)).toMatchObject({ state: "canceled", confirmationUrl: null });
    const second = await confirmation(number);
    expect(second).not.toBe(first);
    await press(second, "pay");
    await refreshOrderPayment(db, provider, number);
    expect(await loadOrderPayment(db, number)).toMatchObject({ state: "paid" });
    // the first payment, reported canceled again later, changes nothing
    expect(await applyProviderPayment(db, (await provider.getPayment(paymentIdOf(first)))!)).toMatchObject({ result: "unchanged" });
    expect(await loadOrderPayment(db, number)).toMatchObject({ state: "paid" });
  });

  it("makes a new payment when the order's sum changed while one was pending", async () => {
    const number = await order();
    const first = await confirmation(number);
    // staff edited the lines: the order now costs a little less
    const { id, total } = await orderRow(number);
    const line = await db.kysely.selectFrom("order_lines").select(["id", "price"]).where("order_id", "=", id).executeTakeFirstOrThrow();
    await db.kysely
      .updateTable("order_lines")
      .set({ price: Number(line.price) - 100 })
      .where("id", "=", line.id)
      .execute();
    await db.kysely
      .updateTable("orders")
      .set({ total: Number(total) - 200, items_total: (eb) => eb("items_total", "-", 200) })
      .where("id", "=", id)
      .execute();
    const second = await confirmation(number);
    expect(second).not.toBe(first);
    expect(standIn.payments.get(paymentIdOf(second))!.amount.value).toBe(kopecksToAmount(Number(total) - 200));
    await press(second, "pay");
    await refreshOrderPayment(db, provider, number);
    expect(await loadOrderPayment(db, number)).toMatchObject({ state: "paid" });
  });

  it("takes the gateway's word when a payment's row was lost after the buyer paid", async () => {
    const number = await order();
    const url = await confirmation(number);
    await press(url, "pay");
    // the shop lost its row (a crash between the gateway's answer and the insert)
    const { id } = await orderRow(number);
    await db.kysely.deleteFrom("payments").where("order_id", "=", id).execute();
    // the same key brings back the same payment (ЮKassa repeats its first answer), the row is
    // stored again, and the next look at the API marks the order paid
    expect(await confirmation(number)).toBe(url);
    expect(await refreshOrderPayment(db, provider, number)).toMatchObject({ result: "updated", status: "succeeded" });
    expect(await loadOrderPayment(db, number)).toMatchObject({ state: "paid" });
    expect(await paidNotes(number)).toBe(1);
  });

  it("sends the receipt to the phone when the order has no e-mail", async () => {
    const number = await order({ email: "" });
    const p = standIn.payments.get(paymentIdOf(await confirmation(number)))!;
    expect((p.receipt as { customer: unknown }).customer).toEqual({ phone: "79161234567" });
  });

  it("refunds part and then the rest of a paid order through the API, never more than was paid, with a receipt and an audit entry", async () => {
    const staff = { id: null, email: "owner@vitrina.test" };
    const number = await order();
    const url = await confirmation(number);
    await press(url, "pay");
    await refreshOrderPayment(db, provider, number);
    const total = Number((await orderRow(number)).total);
    expect(await refundOrderPayment(db, provider, staff, { orderNumber: number, amount: 1_000_00, vatCode: 1 })).toEqual({
      refunded: 1_000_00,
      left: total - 1_000_00,
    });
    const over = await refundOrderPayment(db, provider, staff, { orderNumber: number, amount: total, vatCode: 1 }).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(RefundError);
    expect(over).toMatchObject({ status: 422 });
    expect((over as Error).message).toMatch(/^Можно вернуть не больше /);
    expect(await refundOrderPayment(db, provider, staff, { orderNumber: number, amount: total - 1_000_00, vatCode: 1 })).toEqual({
      refunded: total - 1_000_00,
      left: 0,
    });
    // the gateway has both refunds, and the payment is returned in full
    const p = standIn.payments.get(paymentIdOf(url))!;
    expect(p.refunded_amount).toEqual({ value: kopecksToAmount(total), currency: "RUB" });
    expect(await loadPaidPayment(db, number)).toMatchObject({ amount: total, refunded: total, refunds: [{ amount: 1_000_00 }, { amount: total - 1_000_00 }] });
    const { entries } = await listAudit(db, {});
    expect(entries.filter((e) => e.action === "order.refund" && e.entityId === number)).toHaveLength(2);
    // the order is still the paid order it was: a refund is money back, not an unpaid order
    expect(await loadOrderPayment(db, number)).toMatchObject({ state: "paid" });
  });

  it("refuses to refund an order that was not paid online", async () => {
    const number = await order();
    const error = await refundOrderPayment(db, provider, { id: null, email: "owner@vitrina.test" }, { orderNumber: number, amount: 100, vatCode: 1 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 409, message: "Заказ не оплачен онлайн: возвращать нечего." });
  });

  it("sends the «полный расчёт» receipt of a prepaid order once, settled by what is left after refunds", async () => {
    const settle = (number: string) => issueSettlementReceipt(db, provider, { orderNumber: number, vatCode: 1 });
    expect(await settle(await order())).toBe("not_paid");
    const number = await order();
    const url = await confirmation(number);
    await press(url, "pay");
    await refreshOrderPayment(db, provider, number);
    const total = Number((await orderRow(number)).total);
    await refundOrderPayment(db, provider, { id: null, email: "owner@vitrina.test" }, { orderNumber: number, amount: 500_00, vatCode: 1 });
    const before = standIn.receipts.size;
    expect(await settle(number)).toBe("issued");
    expect(await settle(number)).toBe("already");
    expect(standIn.receipts.size).toBe(before + 1);
    const receipt = [...standIn.receipts.values()].at(-1)!;
    expect(receipt.payment_id).toBe(paymentIdOf(url));
    expect(receipt.settlements).toEqual([{ type: "prepayment", amount: { value: kopecksToAmount(total - 500_00), currency: "RUB" } }]);
    expect(receipt.items.every((i) => i.payment_mode === "full_payment")).toBe(true);
    expect((await loadPaidPayment(db, number))!.settlementReceiptId).toBe(receipt.id);
    // a fully refunded order has nothing to settle
    const gone = await order();
    await press(await confirmation(gone), "pay");
    await refreshOrderPayment(db, provider, gone);
    await refundOrderPayment(
      db,
      provider,
      { id: null, email: "owner@vitrina.test" },
      { orderNumber: gone, amount: Number((await orderRow(gone)).total), vatCode: 1 },
    );
    expect(await settle(gone)).toBe("refunded");
  });
});
