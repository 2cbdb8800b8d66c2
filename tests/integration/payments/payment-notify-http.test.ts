// `POST /payments/yookassa/notify/` over HTTP on both dialects, with the local ЮKassa stand-in:
// the buyer pays on the stand-in's page, its notification makes the shop re-read the payment and
// mark the order paid; replays, forged bodies, unknown ids and garbage change nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOrderStatus } from "../../../app/features/orders/orders.server.ts";
import type { PaymentProvider } from "../../../app/features/payments/payment-types.ts";
import { loadOrderPayment, PAID_ONLINE_NOTE, startOnlinePayment } from "../../../app/features/payments/payments.server.ts";
import { createYookassaProvider } from "../../../server/yookassa.ts";
import { checkoutForm, placeTestOrder } from "../../support/orders.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { Visitor } from "../../support/accounts-client.ts";
import { staffVisitor } from "../../support/staff.ts";
import { startYookassaStandIn, type YookassaStandIn } from "../../support/yookassa-stand-in.ts";

const NOTIFY = "/payments/yookassa/notify/";
const METRICS_TOKEN = "payments-metrics-token-0123456789";

describe.each(dialects)("payment notifications on %s", (dialect) => {
  let app: TestApp;
  let standIn: YookassaStandIn;
  let provider: PaymentProvider;
  let productId: number;

  const db = () => app.vitrina.db;
  /** an order of one piece for pickup, placed through checkout */
  async function order(): Promise<string> {
    const pickupPoint = String((await db().kysely.selectFrom("contact_points").select("id").orderBy("id").executeTakeFirstOrThrow()).id);
    return placeTestOrder(db(), {
      productId,
      fields: { name: "Ирина Соколова", phone: "+7 (926) 700-11-22", email: "irina@example.ru", delivery: "pickup", pickupPoint },
    });
  }
  /** an order with a pending online payment; returns the stand-in's payment id and page */
  async function pendingPayment() {
    const number = await order();
    const started = await startOnlinePayment(db(), provider, { orderNumber: number, returnUrl: `${app.publicUrl}/order/${number}/`, vatCode: 1 });
    if (!started || !("confirmationUrl" in started)) throw new Error("no payment page");
    const id = /payments\/([0-9a-f-]{36})\//.exec(started.confirmationUrl)![1]!;
    return { number, id, page: started.confirmationUrl };
  }
  const notify = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(app.url + NOTIFY, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const paidNotes = async (number: string) => {
    const o = await db().kysely.selectFrom("orders").select("id").where("number", "=", number).executeTakeFirstOrThrow();
    return (await db().kysely.selectFrom("order_status_history").select("note").where("order_id", "=", o.id).execute()).filter(
      (h) => h.note === PAID_ONLINE_NOTE,
    ).length;
  };
  const stateOf = async (number: string) => (await loadOrderPayment(db(), number))!.state;
  /** /metrics: payments moved to `status` by notifications so far */
  const settled = async (status: "succeeded" | "canceled") => {
    const text = await (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return Number(new RegExp(`^vitrina_payments_settled_total\\{status="${status}"\\} (\\d+)$`, "m").exec(text)?.[1]);
  };

  beforeAll(async () => {
    standIn = await startYookassaStandIn();
    provider = createYookassaProvider({ shopId: standIn.shopId, secretKey: standIn.secretKey, apiUrl: standIn.apiUrl });
    app = await startTestApp(dialect, {
      yookassa: { shopId: standIn.shopId, secretKey: standIn.secretKey, apiUrl: standIn.apiUrl, vatCode: 1 },
      metricsToken: METRICS_TOKEN,
    });
    standIn.notificationUrl = app.url + NOTIFY;
    const p = await db()
      .kysely.selectFrom("products")
      .select("id")
      .where("kind", "=", "product")
      .where("stock", ">=", 20)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    productId = p.id;
  });
  afterAll(async () => {
    await app?.stop();
    await standIn?.stop();
  });

  it("marks the order paid when the buyer pays on the gateway's page, and sends the buyer back to the order", async () => {
    const { number, page } = await pendingPayment();
    const res = await fetch(new URL("pay", page), { method: "POST", redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${app.publicUrl}/order/${number}/`);
    // the stand-in posted payment.succeeded to the shop, which answered 200
    expect(standIn.deliveries.at(-1)).toMatchObject({ event: "payment.succeeded", status: 200 });
    expect(await stateOf(number)).toBe("paid");
    expect(await paidNotes(number)).toBe(1);
  });

  it("answers a replayed notification with 200 and changes nothing", async () => {
    const { number, id, page } = await pendingPayment();
    const before = await settled("succeeded");
    await fetch(new URL("pay", page), { method: "POST", redirect: "manual" });
    const paidAt = (await loadOrderPayment(db(), number))!.paidAt;
    for (let i = 0; i < 3; i++) expect((await notify(standIn.notificationFor(id))).status).toBe(200);
    // an older event arriving late
    expect((await notify(standIn.notificationFor(id, "payment.waiting_for_capture"))).status).toBe(200);
    expect((await loadOrderPayment(db(), number))!.paidAt).toBe(paidAt);
    expect(await paidNotes(number)).toBe(1);
    // /metrics counts the payment once, not its replays
    expect((await settled("succeeded")) - before).toBe(1);
  });

  it("does not believe a forged body: a «succeeded» with any amount for an unpaid payment leaves the order unpaid", async () => {
    const { number, id } = await pendingPayment();
    const forged = standIn.notificationFor(id, "payment.succeeded");
    const object = { ...(forged.object as object), status: "succeeded", paid: true, amount: { value: "1.00", currency: "RUB" } };
    expect((await notify({ ...forged, object })).status).toBe(200);
    expect(await stateOf(number)).toBe("pending");
    expect(await paidNotes(number)).toBe(0);
  });

  it("answers 200 for a payment id it never made and changes nothing", async () => {
    const { number, id } = await pendingPayment();
    const unknown = { ...standIn.notificationFor(id, "payment.succeeded") };
    unknown.object = { ...(unknown.object as object), id: "2ff0a8d9-000f-5000-8000-000000000001", status: "succeeded" };
    expect((await notify(unknown)).status).toBe(200);
    expect(await stateOf(number)).toBe("pending");
  });

  it("leaves the order unpaid after a cancel", async () => {
    const { number, page } = await pendingPayment();
    const before = await settled("canceled");
    const res = await fetch(new URL("cancel", page), { method: "POST", redirect: "manual" });
    expect(res.headers.get("location")).toBe(`${app.publicUrl}/order/${number}/`);
    expect(standIn.deliveries.at(-1)).toMatchObject({ event: "payment.canceled", status: 200 });
    expect(await stateOf(number)).toBe("canceled");
    expect((await settled("canceled")) - before).toBe(1);
  });

  it("refuses garbage with 400, an oversized body with 413 and a GET with 405", async () => {
    expect((await notify("{not json")).status).toBe(400);
    expect((await notify({ type: "notification", event: "payment.succeeded", object: { id: "../refunds" } })).status).toBe(400);
    expect((await notify({ type: "notification", event: "payment.succeeded", object: { id: "x", pad: "a".repeat(40_000) } })).status).toBe(413);
    const get = await fetch(app.url + NOTIFY);
    expect(get.status).toBe(405);
  });

  /** a visitor with one product in the cart, at checkout */
  async function buyer(): Promise<Visitor> {
    const v = new Visitor(app.url);
    expect((await v.post("/cart/product/", { id: String(productId), type: "product", cnt: "1" })).status).toBe(303);
    return v;
  }
  const checkout = async (v: Visitor, payment: string) => {
    const point = await db().kysely.selectFrom("contact_points").select("id").orderBy("id").executeTakeFirstOrThrow();
    return v.post(
      "/checkout/",
      checkoutForm({
        name: "Анна Онлайн",
        phone: "+7 (916) 123-45-67",
        email: "anna.online@example.ru",
        delivery: "pickup",
        pickupPoint: String(point.id),
        payment,
      }),
    );
  };
  const numberOf = (returnUrl: string) => /\/order\/(\d{2}-\d{6})\/$/.exec(returnUrl)![1]!;

  it("offers both payment choices at checkout and sends «Оплата онлайн» straight to the gateway's page", async () => {
    const v = await buyer();
    const form = await (await v.get("/checkout/")).text();
    expect(form).toMatch(/<input[^>]*name="payment"[^>]*value="online"/);
    expect(form).toContain("Оплата онлайн");
    expect(form).toContain("Оплата при получении");
    const res = await checkout(v, "online");
    expect(res.status).toBe(303);
    const page = res.headers.get("location")!;
    expect(page.startsWith(standIn.origin + "/checkout/payments/")).toBe(true);
    const payment = [...standIn.payments.values()].at(-1)!;
    // the return address comes from PUBLIC_URL, not from the Host the request came with
    expect(payment.confirmation?.return_url).toMatch(new RegExp(`^${app.publicUrl}/order/\\d{2}-\\d{6}/$`));
    const number = numberOf(payment.confirmation!.return_url);
    // back from the gateway without paying: waiting, refreshing itself, a link to the payment page
    const waiting = await (await v.get(`/order/${number}/`)).text();
    expect(waiting).toContain("Ожидаем подтверждение оплаты");
    expect(waiting).toMatch(/<meta http-equiv="refresh" content="5"/);
    // paid on the gateway's page (no notification this time: the page asks the API itself)
    standIn.notificationUrl = null;
    try {
      await fetch(new URL("pay", page), { method: "POST", redirect: "manual" });
    } finally {
      standIn.notificationUrl = app.url + NOTIFY;
    }
    const paid = await (await v.get(`/order/${number}/`)).text();
    expect(paid).toContain("Оплачен онлайн");
    expect(paid).not.toContain('http-equiv="refresh"');
  });

  it("offers «Оплатить ещё раз» after a cancel, and that makes a new payment", async () => {
    const v = await buyer();
    const page = (await checkout(v, "online")).headers.get("location")!;
    const back = await fetch(new URL("cancel", page), { method: "POST", redirect: "manual" });
    const number = numberOf(back.headers.get("location")!);
    const html = await (await v.get(`/order/${number}/`)).text();
    expect(html).toContain("Оплата не прошла");
    expect(html).toContain("Оплатить ещё раз");
    const again = await v.post(`/order/${number}/`, { intent: "pay" });
    expect(again.status).toBe(303);
    const second = again.headers.get("location")!;
    expect(second.startsWith(standIn.origin + "/checkout/payments/")).toBe(true);
    expect(second).not.toBe(page);
    // somebody else cannot start a payment for this order
    expect((await new Visitor(app.url).post(`/order/${number}/`, { intent: "pay" })).status).toBe(404);
  });

  it("keeps «Оплата при получении» as before: the order page, no payment", async () => {
    const v = await buyer();
    const before = standIn.payments.size;
    const res = await checkout(v, "on_receipt");
    expect(res.headers.get("location")).toMatch(/^\/order\/\d{2}-\d{6}\/$/);
    expect(standIn.payments.size).toBe(before);
    expect(await (await v.get(res.headers.get("location")!)).text()).toContain("Оплата при получении");
  });

  it("offers only «Оплата при получении» and refuses notifications when no gateway is configured", async () => {
    const plain = await startTestApp(dialect);
    try {
      const v = new Visitor(plain.url);
      await v.post("/cart/product/", { id: String(productId), type: "product", cnt: "1" });
      const form = await (await v.get("/checkout/")).text();
      expect(form).toContain("Оплата при получении");
      expect(form).not.toContain("Оплата онлайн");
      const res = await fetch(plain.url + NOTIFY, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      expect(res.status).toBe(404);
    } finally {
      await plain.stop();
    }
  });

  it("lets a manager refund a paid order by line from its back-office page, never pre-filled with the whole sum", async () => {
    const { number, id, page } = await pendingPayment();
    await fetch(new URL("pay", page), { method: "POST", redirect: "manual" });
    const { visitor: manager } = await staffVisitor(app, "manager");
    const path = `/admin/orders/${number}/`;
    const html = await (await manager.get(path)).text();
    expect(html).toContain("Оплачен онлайн");
    const total = Number((await db().kysely.selectFrom("orders").select("total").where("number", "=", number).executeTakeFirstOrThrow()).total);
    // units per line, starting at 0 (decision 101): no field offers the whole sum
    const field = /name="(refund-line:\d+)"/.exec(html)![1]!;
    expect(html).not.toContain('name="refundAmount"');
    const refundNo = /name="refundNo" value="(\d+)"/.exec(html)![1]!;
    const bad = await manager.post(path, { intent: "refund-review", refundNo, [field]: "0", goodwill: "сто рублей", goodwillReason: "" });
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Укажите сумму в рублях, например 1500 или 1500,50");
    expect(badHtml).toContain('value="сто рублей"');
    const tooMuch = await manager.post(path, { intent: "refund-review", refundNo, [field]: "2", goodwill: "", goodwillReason: "" });
    expect(tooMuch.status).toBe(422);
    expect(await tooMuch.text()).toContain("можно вернуть от 0 до 1 шт.");
    expect((await manager.post(path, { intent: "refund", refundNo, [field]: "1", goodwill: "", goodwillReason: "" })).status).toBe(303);
    expect(standIn.payments.get(id)!.refunded_amount).toEqual({ value: (total / 100).toFixed(2), currency: "RUB" });
    const after = await (await manager.get(path)).text();
    expect(after).toContain("Возврат");
    // everything went back: no refund form is left
    expect(after).not.toContain('name="refundNo"');
    // a content editor has no business here
    const { visitor: editor } = await staffVisitor(app, "content");
    expect((await editor.post(path, { intent: "refund", refundNo: "2", [field]: "1" })).status).toBe(403);
  });

  it("sends the «полный расчёт» receipt once when a manager marks a paid order «Выполнен»", async () => {
    const { number, id, page } = await pendingPayment();
    await fetch(new URL("pay", page), { method: "POST", redirect: "manual" });
    const { visitor: manager } = await staffVisitor(app, "manager");
    const path = `/admin/orders/${number}/`;
    const versionOf = (html: string) => String(/name="version" value="(\d+)"/.exec(html)?.[1]);
    for (const status of ["confirmed", "assembled", "shipped"]) {
      const html = await (await manager.get(path)).text();
      expect((await manager.post(path, { intent: "status", version: versionOf(html), status })).status).toBe(303);
    }
    expect([...standIn.receipts.values()].filter((r) => r.payment_id === id)).toHaveLength(0);
    const html = await (await manager.get(path)).text();
    expect((await manager.post(path, { intent: "status", version: versionOf(html), status: "done" })).status).toBe(303);
    const receipts = [...standIn.receipts.values()].filter((r) => r.payment_id === id);
    expect(receipts).toHaveLength(1);
    expect(await (await manager.get(path)).text()).toContain("Чек полного расчёта отправлен.");
    // the button is there only while the receipt is missing, and a stray post sends no second one
    expect(await (await manager.get(path)).text()).not.toContain("Отправить чек полного расчёта");
    expect((await manager.post(path, { intent: "settle" })).status).toBe(303);
    expect([...standIn.receipts.values()].filter((r) => r.payment_id === id)).toHaveLength(1);
  });

  it("offers «Отправить чек полного расчёта» on a handed-over paid order that has none yet", async () => {
    const { number, id, page } = await pendingPayment();
    await fetch(new URL("pay", page), { method: "POST", redirect: "manual" });
    // handed over while the receipt could not be sent (here: moved on outside the back office)
    await setOrderStatus(db(), number, "done");
    const { visitor: manager } = await staffVisitor(app, "manager");
    const path = `/admin/orders/${number}/`;
    expect(await (await manager.get(path)).text()).toContain("Отправить чек полного расчёта");
    expect((await manager.post(path, { intent: "settle" })).status).toBe(303);
    expect([...standIn.receipts.values()].filter((r) => r.payment_id === id)).toHaveLength(1);
    expect(await (await manager.get(path)).text()).toContain("Чек полного расчёта отправлен.");
  });

  it("shows paid and unpaid in the back-office order list and filters by it", async () => {
    const paid = await pendingPayment();
    await fetch(new URL("pay", paid.page), { method: "POST", redirect: "manual" });
    const unpaid = await pendingPayment();
    const { visitor: manager } = await staffVisitor(app, "manager");
    const onlyPaid = await (await manager.get("/admin/orders/?payment=paid")).text();
    expect(onlyPaid).toContain(`/admin/orders/${paid.number}/`);
    expect(onlyPaid).not.toContain(`/admin/orders/${unpaid.number}/`);
    const onlyUnpaid = await (await manager.get("/admin/orders/?payment=unpaid")).text();
    expect(onlyUnpaid).toContain(`/admin/orders/${unpaid.number}/`);
    expect(onlyUnpaid).not.toContain(`/admin/orders/${paid.number}/`);
    const row = (html: string, number: string) => new RegExp(`/admin/orders/${number}/[\\s\\S]*?</tr>`).exec(html)![0];
    const all = await (await manager.get(`/admin/orders/?q=${paid.number}`)).text();
    expect(row(all, paid.number)).toContain("<td>Оплачен</td>");
    expect(all).toMatch(/<select[^>]*id="orders-payment"/);
  });

  it("is reachable from another server: no Origin and no Fetch Metadata is not a cross-site form post", async () => {
    const { id } = await pendingPayment();
    // ЮKassa's own request: JSON, no browser headers at all
    expect((await notify(standIn.notificationFor(id))).status).toBe(200);
  });
});
