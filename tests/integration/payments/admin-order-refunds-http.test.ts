// Refunds by line on the back office's order page over HTTP, as a browser without JavaScript uses
// it, on both dialects with the local ЮKassa stand-in (decision 101): the form offers units per
// line (nothing pre-filled with the payment), «Вернуть деньги…» asks for confirmation with the sum
// in words and refunds nothing yet, the confirmed refund's receipt lists exactly the goods picked,
// an over-refund is refused at its field with what was typed kept, a lowered quantity on a paid
// order shows the overpayment with a button that fills in exactly that line, and the timeline shows
// the payment as its own entry, not a second «Новый».
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentProvider } from "../../../app/features/payments/payment-types.ts";
import { refreshOrderPayment, startOnlinePayment } from "../../../app/features/payments/payments.server.ts";
import { formatPrice } from "../../../app/lib/format.ts";
import { moneyInWords } from "../../../app/lib/money-words.ts";
import { createYookassaProvider } from "../../../server/yookassa.ts";
import { placeTestOrder } from "../../support/orders.ts";
import { staffVisitor } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { startYookassaStandIn, type YookassaStandIn } from "../../support/yookassa-stand-in.ts";
import type { Visitor } from "../../support/accounts-client.ts";
import { setVariantStock } from "../../support/variants.ts";

describe.each(dialects)("refunds by line on the order page on %s", (dialect) => {
  let app: TestApp;
  let standIn: YookassaStandIn;
  let provider: PaymentProvider;
  let manager: Visitor;
  let productId: number;
  const db = () => app.vitrina.db;

  /** an order of `cnt` pieces, paid online through the stand-in's page */
  async function paidOrder(cnt: number) {
    const number = await placeTestOrder(db(), {
      productId,
      qty: cnt,
      fields: { name: "Ирина Соколова", phone: "+7 (926) 700-11-22", email: "irina@example.ru", address: "Москва, ул. Арбат, д. 10, кв. 3", floor: "5" },
    });
    const started = await startOnlinePayment(db(), provider, { orderNumber: number, returnUrl: `${app.publicUrl}/order/${number}/`, vatCode: 1 });
    if (!started || !("confirmationUrl" in started)) throw new Error("no payment page");
    expect((await fetch(new URL("pay", started.confirmationUrl), { method: "POST", redirect: "manual" })).status).toBe(303);
    await refreshOrderPayment(db(), provider, number);
    const order = await db().kysely.selectFrom("orders").select(["id", "total"]).where("number", "=", number).executeTakeFirstOrThrow();
    const line = await db().kysely.selectFrom("order_lines").select(["id", "title", "price"]).where("order_id", "=", order.id).executeTakeFirstOrThrow();
    const paymentId = /payments\/([0-9a-f-]{36})\//.exec(started.confirmationUrl)![1]!;
    return {
      number,
      total: Number(order.total),
      paymentId,
      line: { id: line.id, title: line.title, price: Number(line.price), field: `refund-line:${line.id}` },
    };
  }
  const page = async (number: string, query = "") => (await manager.get(`/admin/orders/${number}/${query}`)).text();
  const inputValue = (html: string, name: string) =>
    new RegExp(`<input[^>]*name="${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*value="([^"]*)"`).exec(html)?.[1] ??
    new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`).exec(html)?.[1];
  const refundNo = (html: string) => /name="refundNo" value="(\d+)"/.exec(html)![1]!;
  const refundsOf = (paymentId: string) => [...standIn.refunds.values()].filter((r) => r.payment_id === paymentId);
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, "")
      .replaceAll("&nbsp;", "\u00A0")
      .replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'");

  beforeAll(async () => {
    standIn = await startYookassaStandIn();
    provider = createYookassaProvider({ shopId: standIn.shopId, secretKey: standIn.secretKey, apiUrl: standIn.apiUrl });
    app = await startTestApp(dialect, { yookassa: { shopId: standIn.shopId, secretKey: standIn.secretKey, apiUrl: standIn.apiUrl, vatCode: 1 } });
    manager = (await staffVisitor(app, "manager")).visitor;
    const p = await db().kysely.selectFrom("products").select("id").where("kind", "=", "product").orderBy("id").executeTakeFirstOrThrow();
    await setVariantStock(db().kysely, p.id, 500);
    productId = p.id;
  });
  afterAll(async () => {
    await app?.stop();
    await standIn?.stop();
  });

  it("asks which goods to return, confirms with the sum in words, and sends a receipt of exactly them", async () => {
    const { number, total, paymentId, line } = await paidOrder(3);
    const html = await page(number);
    // units per line, starting at 0: nothing is pre-filled with the whole payment
    expect(inputValue(html, line.field)).toBe("0");
    expect(html).not.toContain(`value="${Math.floor(total / 100)}"`);
    expect(html).not.toContain('name="refundAmount"');
    const no = refundNo(html);

    const review = await manager.post(`/admin/orders/${number}/`, {
      intent: "refund-review",
      refundNo: no,
      [line.field]: "2",
      goodwill: "",
      goodwillReason: "",
    });
    expect(review.status).toBe(200);
    const confirm = text(await review.text());
    expect(confirm).toContain("Подтвердите возврат");
    expect(confirm).toContain(`${line.title} × 2 — ${formatPrice(2 * line.price)}`);
    expect(confirm).toContain(`(${moneyInWords(2 * line.price)})`);
    // asking is not refunding
    expect(refundsOf(paymentId)).toHaveLength(0);

    const done = await manager.post(`/admin/orders/${number}/`, { intent: "refund", refundNo: no, [line.field]: "2", goodwill: "", goodwillReason: "" });
    expect(done.status).toBe(303);
    const [refund] = refundsOf(paymentId);
    expect(refund!.amount.value).toBe(((2 * line.price) / 100).toFixed(2));
    const items = (refund!.receipt as { items: { description: string; quantity: string; payment_subject: string }[] }).items;
    expect(items.map((i) => [i.description, i.quantity, i.payment_subject])).toEqual([[line.title, "2", "commodity"]]);
    // the same confirmation sent again (a double click) makes no second refund
    const twice = await manager.post(`/admin/orders/${number}/`, { intent: "refund", refundNo: no, [line.field]: "1", goodwill: "", goodwillReason: "" });
    expect(twice.status).toBe(409);
    expect(refundsOf(paymentId)).toHaveLength(1);

    const after = text(await page(number));
    expect(after).toContain(`Возврат ${formatPrice(2 * line.price)}`);
    expect(after).toContain("уже возвращено 2");
  });

  it("refuses more pieces than are left at the field, keeping what was typed", async () => {
    const { number, paymentId, line } = await paidOrder(1);
    const html = await page(number);
    const res = await manager.post(`/admin/orders/${number}/`, {
      intent: "refund-review",
      refundNo: refundNo(html),
      [line.field]: "2",
      goodwill: "300",
      goodwillReason: "скол на ножке",
    });
    expect(res.status).toBe(422);
    const body = await res.text();
    expect(text(body)).toContain(`«${line.title}»: можно вернуть от 0 до 1 шт.`);
    expect(inputValue(body, line.field)).toBe("2");
    expect(inputValue(body, "goodwill")).toBe("300");
    expect(inputValue(body, "goodwillReason")).toBe("скол на ножке");
    expect(refundsOf(paymentId)).toHaveLength(0);
  });

  it("shows the overpayment after a quantity is lowered on a paid order, with a button that fills in exactly that line", async () => {
    const { number, line } = await paidOrder(3);
    const html = await page(number);
    const version = /name="version" value="(\d+)"/.exec(html)![1]!;
    expect((await manager.post(`/admin/orders/${number}/`, { intent: "qty", version, lineId: String(line.id), qty: "1" })).status).toBe(303);
    const after = await page(number);
    expect(text(after)).toContain("Переплата");
    expect(text(after)).toContain(`Вернуть переплату: ${line.title} × 2 (${formatPrice(2 * line.price)})`);
    // the button is a GET of the page with the line and quantity: the refund form comes back filled in
    expect(after).toContain(`name="${line.field}" value="2"`);
    const filled = await page(number, `?${new URLSearchParams({ [line.field]: "2" })}`);
    expect(inputValue(filled, line.field)).toBe("2");
  });

  it("shows the payment as its own timeline entry, not a second «Новый»", async () => {
    const { number, total } = await paidOrder(1);
    const history = text(/<ol class="order-history">([\s\S]*?)<\/ol>/.exec(await page(number))![1]!);
    expect(history).toContain(`Оплачен онлайн ${formatPrice(total)}`);
    expect(history.match(/Новый/g)).toHaveLength(1);
  });
});
