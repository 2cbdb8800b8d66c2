// Online payment of an order on both dialects, against the local ЮKassa stand-in: starting a
// payment (idempotent), the status read from the API applied once and in any order, a wrong
// amount or an unknown id never marking an order paid, a cancel followed by a new attempt.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { seedDemo } from "../../../app/db/seed/seed.server.ts";
import { editOrderLines } from "../../../app/features/orders/admin-orders.server.ts";
import type { PaymentProvider } from "../../../app/features/payments/payment-types.ts";
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
} from "../../../app/features/payments/payments.server.ts";
import { listAudit } from "../../../app/features/audit/audit.server.ts";
import { kopecksToAmount } from "../../../app/features/payments/payment-amount.ts";
import { createYookassaProvider } from "../../../server/yookassa.ts";
import { placeTestOrder } from "../../support/orders.ts";
import { dialects, MEDIA_DIR, openTestDb } from "../../support/test-app.ts";
import { startYookassaStandIn, type YookassaStandIn } from "../../support/yookassa-stand-in.ts";
import { setVariantStock } from "../../support/variants.ts";

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

  /** an order of two pieces, placed through checkout */
  const order = (fields: Record<string, string> = {}) => placeTestOrder(db, { productId, qty: 2, fields });
  const start = (number: string) => startOnlinePayment(db, provider, { orderNumber: number, returnUrl: `http://vitrina.test/order/${number}/`, vatCode: 1 });
  const confirmation = async (number: string) => {
    const r = await start(number);
    if (!r || !("confirmationUrl" in r)) throw new Error(`no payment page for ${number}`);
    return r.confirmationUrl;
  };
  const paymentIdOf = (url: string) => /payments\/([0-9a-f-]{36})\//.exec(url)![1]!;
  const orderRow = (number: string) =>
    db.kysely.selectFrom("orders").select(["id", "total", "paid_at", "payment_method"]).where("number", "=", number).executeTakeFirstOrThrow();
  const liftingCost = async (number: string) =>
    Number((await db.kysely.selectFrom("orders").select("lifting_cost").where("number", "=", number).executeTakeFirstOrThrow()).lifting_cost);
  const paidNotes = async (number: string) => {
    const { id } = await orderRow(number);
    return (await db.kysely.selectFrom("order_status_history").select("note").where("order_id", "=", id).execute()).filter((h) => h.note === PAID_ONLINE_NOTE)
      .length;
  };

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    await seedDemo(db, { mediaDir: MEDIA_DIR, images: false });
    const p = await db.kysely.selectFrom("products").select("id").where("kind", "=", "product").orderBy("id").executeTakeFirstOrThrow();
    await setVariantStock(db.kysely, p.id, 500);
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
    const number = await placeTestOrder(db, { productId, qty: 3, fields: { floor: "3" }, promoCode: `PAY${dialect.toUpperCase()}` });
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

  const staff = { id: null, email: "owner@vitrina.test" };
  const units = (qty: Record<string, number>, goodwill = 0, goodwillReason = "") => ({ qty, goodwill, goodwillReason });
  /** an order of `cnt` pieces paid online; its one goods line's key */
  async function paidOrder(cnt: number) {
    const number = await placeTestOrder(db, { productId, qty: cnt });
    const url = await confirmation(number);
    await press(url, "pay");
    await refreshOrderPayment(db, provider, number);
    const { id, total } = await orderRow(number);
    const line = await db.kysely.selectFrom("order_lines").select(["id", "title", "price", "qty"]).where("order_id", "=", id).executeTakeFirstOrThrow();
    return { number, url, total: Number(total), line: { ...line, key: `line:${line.id}`, price: Number(line.price) } };
  }
  type Item = { description: string; quantity: string; amount: { value: string }; payment_subject: string; payment_mode: string };
  /** the receipts the gateway got with this payment's refunds, oldest first */
  const refundReceipts = (url: string) =>
    [...standIn.refunds.values()].filter((r) => r.payment_id === paymentIdOf(url)).map((r) => (r.receipt as { items: Item[] }).items);
  const unitsOf = (items: Item[], description: string) => items.filter((i) => i.description === description).reduce((a, i) => a + Number(i.quantity), 0);

  it("refunds the goods the manager picks: the receipts list exactly them, and two partial refunds never return more than was sold", async () => {
    const { number, url, line } = await paidOrder(3);
    expect(await refundOrderPayment(db, provider, staff, { orderNumber: number, request: units({ [line.key]: 2 }), vatCode: 1 })).toMatchObject({
      refunded: 2 * line.price,
    });
    expect(await refundOrderPayment(db, provider, staff, { orderNumber: number, request: units({ [line.key]: 1, lifting: 1 }), vatCode: 1 })).toMatchObject({
      refunded: line.price + (await liftingCost(number)),
    });
    const [first, second] = refundReceipts(url);
    // the receipts return 2 and then 1 of the 3 pieces, at the price they were sold for, and nothing else
    expect(first!.map((i) => [i.description, Number(i.quantity), i.payment_subject, i.payment_mode])).toEqual([
      [line.title, 2, "commodity", "full_prepayment"],
    ]);
    expect(Number(first![0]!.amount.value) * 100).toBe(line.price);
    expect(unitsOf(second!, line.title)).toBe(1);
    expect(second!.map((i) => [i.description, i.payment_subject])).toEqual([
      [line.title, "commodity"],
      ["Подъём на этаж", "service"],
    ]);
    // all three pieces are back: a fourth is refused with the reason, and the gateway is not asked
    const before = standIn.refunds.size;
    const over = await refundOrderPayment(db, provider, staff, { orderNumber: number, request: units({ [line.key]: 1 }), vatCode: 1 }).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(RefundError);
    expect(over).toMatchObject({ status: 422, field: `refund-${line.key}`, message: `«${line.title}» уже возвращено полностью.` });
    expect(standIn.refunds.size).toBe(before);
    const paid = (await loadPaidPayment(db, number))!;
    expect(paid.lines!.find((l) => l.key === line.key)).toMatchObject({ qty: 3, returned: 3 });
    expect(paid.refunds.map((r) => r.lines.map((l) => [l.title, l.qty]))).toEqual([
      [[line.title, 2]],
      [
        [line.title, 1],
        ["Подъём на этаж", 1],
      ],
    ]);
    const { entries } = await listAudit(db, {});
    expect(entries.filter((e) => e.action === "order.refund" && e.entityId === number)).toHaveLength(2);
    // the timeline has the payment and each refund as entries of their own, with their sums
    const { id } = await orderRow(number);
    const history = await db.kysely.selectFrom("order_status_history").select(["kind", "amount"]).where("order_id", "=", id).orderBy("id").execute();
    expect(history.map((h) => h.kind)).toEqual(["status", "payment", "refund", "refund"]);
    expect(Number(history[2]!.amount)).toBe(2 * line.price);
    // the order is still the paid order it was: a refund is money back, not an unpaid order
    expect(await loadOrderPayment(db, number)).toMatchObject({ state: "paid" });
  });

  it("refuses more pieces than are left with a Russian reason, and returns a goodwill sum as a line of its own", async () => {
    const { number, url, line } = await paidOrder(2);
    const over = await refundOrderPayment(db, provider, staff, { orderNumber: number, request: units({ [line.key]: 3 }), vatCode: 1 }).catch((e: unknown) => e);
    expect(over).toMatchObject({ status: 422, message: `«${line.title}»: можно вернуть от 0 до 2 шт.` });
    const noReason = await refundOrderPayment(db, provider, staff, { orderNumber: number, request: units({}, 1_500_00), vatCode: 1 }).catch((e: unknown) => e);
    expect(noReason).toMatchObject({ status: 422, field: "goodwillReason" });
    await refundOrderPayment(db, provider, staff, { orderNumber: number, request: units({}, 1_500_00, "царапина на фасаде"), vatCode: 1 });
    const [receipt] = refundReceipts(url);
    expect(receipt).toEqual([
      {
        description: "Компенсация: царапина на фасаде",
        quantity: "1",
        amount: { value: "1500.00", currency: "RUB" },
        vat_code: 1,
        payment_subject: "another",
        payment_mode: "full_prepayment",
      },
    ]);
    // the goods are all still there to return
    expect((await loadPaidPayment(db, number))!.lines!.find((l) => l.key === line.key)).toMatchObject({ returned: 0 });
    // money never exceeds the payment: a goodwill sum beyond what is left is refused
    const { total } = await orderRow(number);
    const tooMuch = await refundOrderPayment(db, provider, staff, { orderNumber: number, request: units({}, Number(total), "всё"), vatCode: 1 }).catch(
      (e: unknown) => e,
    );
    expect(tooMuch).toMatchObject({ status: 422 });
    expect((tooMuch as Error).message).toMatch(/^Можно вернуть не больше /);
  });

  it("lets exactly one of two refunds of the last piece through when they race", async () => {
    const { number, url, line } = await paidOrder(1);
    const results = await Promise.allSettled([
      refundOrderPayment(db, provider, staff, { orderNumber: number, request: units({ [line.key]: 1 }), vatCode: 1 }),
      refundOrderPayment(db, provider, { id: null, email: "manager@vitrina.test" }, { orderNumber: number, request: units({ [line.key]: 1 }), vatCode: 1 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected");
    expect(lost?.reason).toMatchObject({ status: 422, message: `«${line.title}» уже возвращено полностью.` });
    expect(refundReceipts(url)).toHaveLength(1);
    expect(unitsOf(refundReceipts(url)[0]!, line.title)).toBe(1);
    // a form shown before a refund was made is refused rather than making a second one
    const { number: other, line: otherLine } = await paidOrder(2);
    await refundOrderPayment(db, provider, staff, { orderNumber: other, request: units({ [otherLine.key]: 1 }), expectedRefund: 1, vatCode: 1 });
    await expect(
      refundOrderPayment(db, provider, staff, { orderNumber: other, request: units({ [otherLine.key]: 1 }), expectedRefund: 1, vatCode: 1 }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("shows the overpayment when a manager lowers a quantity on a paid order, and offers to return exactly that line", async () => {
    const { number, line } = await paidOrder(3);
    expect(await loadPaidPayment(db, number)).toMatchObject({ overpayment: 0, overpaid: [] });
    const manager = { id: null, email: "manager@vitrina.test" };
    const { version } = await db.kysely.selectFrom("orders").select("version").where("number", "=", number).executeTakeFirstOrThrow();
    await editOrderLines(db, manager, number, version, { kind: "qty", lineId: line.id, qty: 2 });
    const paid = (await loadPaidPayment(db, number))!;
    expect(paid.overpaid).toEqual([{ key: line.key, title: line.title, qty: 1, amount: line.price }]);
    const { total } = await orderRow(number);
    expect(paid.overpayment).toBe(paid.amount - total);
    expect(paid.overpayment).toBeGreaterThanOrEqual(line.price);
    await refundOrderPayment(db, provider, manager, { orderNumber: number, request: units({ [line.key]: 1 }), vatCode: 1 });
    expect((await loadPaidPayment(db, number))!.overpaid).toEqual([]);
  });

  it("refuses to refund an order that was not paid online", async () => {
    const number = await order();
    const error = await refundOrderPayment(db, provider, staff, { orderNumber: number, request: units({}, 100, "тест"), vatCode: 1 }).catch((e: unknown) => e);
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
    await refundOrderPayment(db, provider, staff, { orderNumber: number, request: units({}, 500_00, "долгая доставка"), vatCode: 1 });
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
    await refundOrderPayment(db, provider, staff, {
      orderNumber: gone,
      request: units({}, Number((await orderRow(gone)).total), "отказ от заказа"),
      vatCode: 1,
    });
    expect(await settle(gone)).toBe("refunded");
  });
});
