// A cart line whose goods sell out (or run short) while it waits in the cart, over HTTP as a
// browser sends it: the line stays listed and marked, counts nowhere (cart totals, header,
// checkout), can always be removed or lowered, and blocks the checkout by name. Then the order's
// status timeline: written when the order is made, extended by setOrderStatus, shown on its page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setOrderStatus } from "../../../app/features/orders/orders.server.ts";
import { countOf, formatDateTime, formatPrice, PRODUCT_FORMS } from "../../../app/lib/format.ts";
import { checkoutForm } from "../../support/orders.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { registerVisitor, Visitor } from "../../support/accounts-client.ts";
import { mainOf, textOf } from "../../support/page-text.ts";
import { setVariantStock } from "../../support/variants.ts";

type Product = { id: number; title: string; price: number };

const testIdText = (html: string, id: string) => textOf(new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? "").trim();
const headerCartName = (html: string) => textOf(/aria-label="(Корзина [^"]*)"/.exec(html)?.[1] ?? "");
const sp = (s: string) => s.replace(/\u00A0/g, " ");

describe.each(dialects)("a sold-out cart line on %s", (dialect) => {
  let app: TestApp;
  let a: Product;
  let b: Product;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    const rows = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "title", "price"])
      .where("kind", "=", "product")
      .where("stock", ">=", 5)
      .orderBy("id")
      .limit(2)
      .execute();
    [a, b] = rows.map((r) => ({ ...r, price: Number(r.price) })) as [Product, Product];
  });
  afterAll(async () => {
    await app?.stop();
  });

  const setStock = (id: number, stock: number) => setVariantStock(app.vitrina.db.kysely, id, stock);
  const postJson = (v: Visitor, body: object) =>
    v.request("/cart/product/", { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) });
  const orderCount = async () => (await app.vitrina.db.kysely.selectFrom("orders").select("id").execute()).length;

  /** A visitor with `qa` of product a and one of product b. */
  async function visitorWith(qa: number) {
    await setStock(a.id, 10);
    await setStock(b.id, 10);
    const v = new Visitor(app.url);
    expect((await postJson(v, { id: a.id, cnt: qa, type: "product" })).status).toBe(200);
    expect((await postJson(v, { id: b.id, cnt: 1, type: "product" })).status).toBe(200);
    return v;
  }

  const checkout = (v: Visitor, fields: Record<string, string> = {}) =>
    v.post(
      "/checkout/",
      checkoutForm({
        name: "Вера Остаткова",
        phone: "+7 (916) 555-44-33",
        delivery: "courier",
        address: "Москва, ул. Лесная, д. 5, кв. 12",
        ...fields,
      }),
    );

  it("marks a sold-out line, leaves it out of every total, and removes it for good over JSON", async () => {
    const v = await visitorWith(2);
    await setStock(a.id, 0);
    const page = await (await v.get("/cart/")).text();
    expect(mainOf(page)).toContain(a.title);
    expect(mainOf(page)).toContain("Нет в наличии");
    expect(mainOf(page)).toMatch(/раскупили/);
    // only b counts: the cart's totals and the header say the same
    expect(sp(testIdText(page, "cart-sum"))).toBe(sp(formatPrice(b.price)));
    expect(sp(testIdText(page, "cart-count"))).toBe(sp(countOf(1, PRODUCT_FORMS)));
    expect(sp(headerCartName(page))).toBe(sp(`Корзина ${formatPrice(b.price)}, ${countOf(1, PRODUCT_FORMS)}`));

    const removed = await postJson(v, { id: a.id, cnt: 0, type: "product" });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ qty: 0, cnt: 1, sum: b.price });
    const after = await (await v.get("/cart/")).text();
    expect(mainOf(after)).not.toContain(a.title);
    expect(mainOf(after)).not.toContain("Нет в наличии");
    expect(sp(headerCartName(after))).toBe(sp(`Корзина ${formatPrice(b.price)}, ${countOf(1, PRODUCT_FORMS)}`));
    // putting it back is still refused: goods without stock are not sold online
    expect((await postJson(v, { id: a.id, cnt: 1, type: "product" })).status).toBe(409);
  });

  it("lowers a line the stock no longer covers and removes a sold-out one by plain form posts (303)", async () => {
    const v = await visitorWith(5);
    await setStock(a.id, 2);
    const short = await (await v.get("/cart/")).text();
    expect(mainOf(short)).toContain("Осталось 2 шт.");
    expect(sp(testIdText(short, "cart-sum"))).toBe(sp(formatPrice(b.price)));

    const lowerTo = async (cnt: number) => {
      const res = await v.post("/cart/product/", { id: String(a.id), type: "product", cnt: String(cnt), back: "/cart/" });
      expect(res.status, String(cnt)).toBe(303);
      expect(res.headers.get("location")).toBe("/cart/");
      return (await v.get("/cart/")).text();
    };
    // still more than the stock: kept as asked, still marked and left out
    const three = await lowerTo(3);
    expect(mainOf(three)).toContain("Осталось 2 шт.");
    expect(sp(testIdText(three, "cart-sum"))).toBe(sp(formatPrice(b.price)));
    // down to the stock: the line counts again, in the cart and in the header
    const two = await lowerTo(2);
    expect(mainOf(two)).not.toContain("Осталось 2 шт.");
    expect(sp(testIdText(two, "cart-sum"))).toBe(sp(formatPrice(2 * a.price + b.price)));
    expect(sp(headerCartName(two))).toBe(sp(`Корзина ${formatPrice(2 * a.price + b.price)}, ${countOf(3, PRODUCT_FORMS)}`));

    await setStock(a.id, 0);
    const removed = await lowerTo(0);
    expect(mainOf(removed)).not.toContain(a.title);
    expect(sp(testIdText(removed, "cart-sum"))).toBe(sp(formatPrice(b.price)));
  });

  it("refuses the checkout with 409 naming the blocking line, and makes no order", async () => {
    const v = await visitorWith(1);
    await setStock(a.id, 0);
    const before = await orderCount();
    const form = await (await v.get("/checkout/")).text();
    expect(mainOf(form)).toContain(`«${a.title}» — нет в наличии`);
    expect(form).toMatch(/<a[^>]*href="\/cart\/"[^>]*>Вернуться в корзину<\/a>/);

    const res = await checkout(v);
    expect(res.status).toBe(409);
    const html = await res.text();
    const summary = textOf(/data-testid="checkout-error-summary"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "");
    expect(summary).toContain(`«${a.title}» — нет в наличии`);
    expect(summary).toContain("Изменить корзину");
    expect(html).toContain('value="Вера Остаткова"'); // what was typed is kept
    expect(await orderCount()).toBe(before);
    const stockOfB = await app.vitrina.db.kysely.selectFrom("products").select("stock").where("id", "=", b.id).executeTakeFirstOrThrow();
    expect(stockOfB.stock).toBe(10);

    // a line the stock covers only in part blocks it too, with the number left
    await setStock(a.id, 10);
    expect((await postJson(v, { id: a.id, cnt: 4, type: "product" })).status).toBe(200);
    await setStock(a.id, 3);
    const partly = await checkout(v);
    expect(partly.status).toBe(409);
    expect(textOf(await partly.text())).toContain(`«${a.title}» — осталось 3 шт. из 4`);
    expect(await orderCount()).toBe(before);
  });

  it("writes the order's status timeline and shows it on the order page; thanks only on the first view", async () => {
    const v = await visitorWith(1);
    const placed = await checkout(v);
    expect(placed.status).toBe(303);
    const path = placed.headers.get("location")!;
    const number = /^\/order\/(\d{2}-\d{6})\/$/.exec(path)![1]!;

    const first = mainOf(await (await v.get(path)).text());
    expect(first).toContain(`Спасибо! Заказ № ${number} оформлен`);
    expect(first).toContain("Статус: Новый");
    const later = mainOf(await (await v.get(path)).text());
    expect(later).not.toContain("Спасибо");
    expect(later).toContain(`Заказ № ${number}`);
    expect(later).toContain("Статус: Новый");

    // later than the order itself, on whole minutes as the page shows them
    const t0 = Math.ceil(Date.now() / 60_000) * 60_000 + 3600_000;
    expect(await setOrderStatus(app.vitrina.db, number, "confirmed", "Позвонили и подтвердили", t0)).toBe(true);
    expect(await setOrderStatus(app.vitrina.db, number, "confirmed", "", t0 + 1000)).toBe(true); // nothing new to tell
    expect(await setOrderStatus(app.vitrina.db, number, "shipped", "", t0 + 3600_000)).toBe(true);
    expect(await setOrderStatus(app.vitrina.db, "26-000000", "done")).toBe(false);

    const rows = await app.vitrina.db.kysely
      .selectFrom("order_status_history")
      .innerJoin("orders", "orders.id", "order_status_history.order_id")
      .select(["order_status_history.status", "order_status_history.note"])
      .where("orders.number", "=", number)
      .orderBy("order_status_history.created_at")
      .execute();
    expect(rows.map((r) => r.status)).toEqual(["new", "confirmed", "shipped"]);
    const order = await app.vitrina.db.kysely.selectFrom("orders").select("status").where("number", "=", number).executeTakeFirstOrThrow();
    expect(order.status).toBe("shipped");

    const page = mainOf(await (await v.get(path)).text());
    expect(page).toContain("Статус: Передан в доставку");
    const timeline = page.slice(page.indexOf("Новый"));
    expect(timeline).toMatch(/^Новый \d{1,2} [а-я]+ \d{4}, \d\d:\d\d /);
    expect(timeline).toContain(`Подтверждён ${sp(formatDateTime(t0))} Позвонили и подтвердили Передан в доставку ${sp(formatDateTime(t0 + 3600_000))}`);
  });

  it("speaks of the showroom, not of delivery, on a pickup order's page", async () => {
    const v = await visitorWith(1);
    const point = await app.vitrina.db.kysely.selectFrom("contact_points").select(["id", "title"]).orderBy("id").executeTakeFirstOrThrow();
    const placed = await checkout(v, { delivery: "pickup", pickupPoint: String(point.id), address: "" });
    expect(placed.status).toBe(303);
    const path = placed.headers.get("location")!;
    for (const view of ["first", "later"]) {
      const page = mainOf(await (await v.get(path)).text());
      expect(page, view).toContain(point.title);
      expect(page, view).toMatch(/шоурум/);
      expect(page, view).not.toMatch(/доставк|курьер/i);
    }
  });

  it("shows each order's status and timeline in the profile", async () => {
    const v = await visitorWith(1);
    await registerVisitor(v);
    // the cart followed the visitor into the account
    const placed = await checkout(v);
    expect(placed.status).toBe(303);
    const number = /(\d{2}-\d{6})/.exec(placed.headers.get("location")!)![1]!;
    await setOrderStatus(app.vitrina.db, number, "assembled");
    const profile = mainOf(await (await v.get("/profile/")).text());
    expect(profile).toContain(`Заказ № ${number}`);
    expect(profile).toMatch(/Собран · Доставка курьером/);
    expect(profile).toMatch(/Новый \d{1,2} [а-я]+ \d{4}, \d\d:\d\d Собран \d{1,2} [а-я]+ \d{4}, \d\d:\d\d/);
  });
});
