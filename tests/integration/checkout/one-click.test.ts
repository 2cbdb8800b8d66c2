// «Купить в 1 клик» over HTTP as browsers send it (decision 083): a plain form post
// (no JavaScript) and the dialog's JSON post make real orders with the stock reserved as checkout
// does; a sold-out product, a foreign phone and too many orders are refused with Russian words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_CONSENT_VERSION } from "../../../app/lib/consent.ts";
import { PHONE_FORMAT_MESSAGE } from "../../../app/lib/phone.ts";
import { ONE_CLICK_RATE_LIMIT_MESSAGE, soldOutMessage } from "../../../app/features/checkout/one-click.ts";
import { ONE_CLICK_ADDRESS_LIMIT, ONE_CLICK_PHONE_LIMIT } from "../../../app/features/checkout/one-click-orders.server.ts";
import { SITE } from "../../../app/features/settings/site.ts";
import { readOutbox } from "../../support/outbox.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { Visitor } from "../../support/accounts-client.ts";
import { mainOf } from "../../support/page-text.ts";
import { setVariantStock } from "../../support/variants.ts";

type Product = { id: number; slug: string; title: string; price: number };

const buyer = (fields: Record<string, string> = {}) => ({
  name: "Ольга Быстрова",
  phone: "8 916 700-11-22",
  consent: "on",
  consent_version: CURRENT_CONSENT_VERSION,
  ...fields,
});

describe.each(dialects)("Купить в 1 клик on %s", (dialect) => {
  let app: TestApp;
  let a: Product;
  let b: Product;
  let c: Product;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    const rows = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "slug", "title", "price"])
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .where("stock", ">=", 5)
      .orderBy("id")
      .limit(3)
      .execute();
    [a, b, c] = rows.map((r) => ({ ...r, price: Number(r.price) })) as [Product, Product, Product];
  });
  afterAll(async () => {
    await app?.stop();
  });

  const setStock = (id: number, stock: number) => setVariantStock(app.vitrina.db.kysely, id, stock);
  const stockOf = async (id: number) =>
    (await app.vitrina.db.kysely.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
  const orderCount = async () => (await app.vitrina.db.kysely.selectFrom("orders").select("id").execute()).length;
  const orderRow = (number: string) => app.vitrina.db.kysely.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirstOrThrow();
  const linesOf = async (number: string) =>
    app.vitrina.db.kysely
      .selectFrom("order_lines")
      .innerJoin("orders", "orders.id", "order_lines.order_id")
      .select(["order_lines.product_id", "order_lines.qty", "order_lines.price"])
      .where("orders.number", "=", number)
      .orderBy("order_lines.id")
      .execute();
  const postJson = (v: Visitor, fields: Record<string, string>) => v.postForm("/buy/one-click/order/", new URLSearchParams(fields));

  it("orders one product from the plain page without JavaScript: stock reserved, the order page shows the number", async () => {
    await setStock(a.id, 7);
    const v = new Visitor(app.url);
    const product = await (await v.get(`/product/${a.slug}/`)).text();
    // without JavaScript the button opens the plain page for this product (a GET form)
    const button = /<form[^>]*action="\/buy\/one-click\/"[^>]*>([\s\S]*?)<\/form>/.exec(product)?.[1] ?? "";
    expect(button).toContain(`<input type="hidden" name="product" value="${a.slug}"/>`);
    expect(button).toMatch(/<button type="submit"[^>]*>Купить в 1 клик<\/button>/);
    const page = await v.get(`/buy/one-click/?product=${encodeURIComponent(a.slug)}`);
    expect(page.status).toBe(200);
    expect(mainOf(await page.text())).toContain(a.title);

    const res = await v.post(`/buy/one-click/?product=${encodeURIComponent(a.slug)}`, buyer({ product: a.slug }));
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    const number = /^\/order\/(\d{2}-\d{6})\/$/.exec(location)?.[1];
    expect(number, location).toBeTruthy();
    expect(await stockOf(a.id)).toBe(6);
    const order = await orderRow(number!);
    expect(order).toMatchObject({
      status: "new",
      source: "one_click",
      delivery_type: "manager",
      name: "Ольга Быстрова",
      phone: "+7 (916) 700-11-22",
      address: "",
    });
    expect(Number(order.total)).toBe(a.price);
    expect(await linesOf(number!)).toEqual([expect.objectContaining({ product_id: a.id, qty: 1 })]);

    const thanks = mainOf(await (await v.get(location)).text());
    expect(thanks).toContain(`Спасибо! Заказ № ${number} оформлен`);
    expect(thanks).toContain("Уточнить у менеджера");
    expect(thanks).toContain("Доставка рассчитает менеджер");
    // the shop is told as after checkout, with no address and no delivery price yet
    await expect
      .poll(() => readOutbox(app.mailOutboxDir, SITE.email).find((m) => m.subject === `Новый заказ № ${number}`)?.text)
      .toContain("Уточнить у менеджера: рассчитает менеджер");
    const mail = readOutbox(app.mailOutboxDir, SITE.email).find((m) => m.subject === `Новый заказ № ${number}`)!.text;
    expect(mail).toContain("Покупатель: Ольга Быстрова, +7 (916) 700-11-22");
    expect(mail).not.toContain("Адрес:");
  });

  it("orders the cart's available lines from the dialog (JSON) and leaves the sold-out line in the cart", async () => {
    await setStock(b.id, 5);
    await setStock(c.id, 5);
    const v = new Visitor(app.url);
    const add = (id: number, cnt: number) =>
      v.request("/cart/product/", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ id, cnt, type: "product" }),
      });
    expect((await add(b.id, 2)).status).toBe(200);
    expect((await add(c.id, 1)).status).toBe(200);
    await setStock(c.id, 0);

    const res = await postJson(v, buyer({ phone: "+7 916 700-11-23" }));
    expect(res.status).toBe(200);
    const { number } = (await res.json()) as { number: string };
    expect(number).toMatch(/^\d{2}-\d{6}$/);
    expect(await linesOf(number)).toEqual([expect.objectContaining({ product_id: b.id, qty: 2, price: expect.anything() })]);
    expect(await stockOf(b.id)).toBe(3);
    expect(await stockOf(c.id)).toBe(0);
    const cart = mainOf(await (await v.get("/cart/")).text());
    expect(cart).toContain(c.title);
    expect(cart).not.toContain(b.title);
    // the dialog's link to the order works for this visitor
    expect((await v.get(`/order/${number}/`)).status).toBe(200);
  });

  it("orders a set whole, at the catalogue's set price, with all its items on the order line", async () => {
    const set = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "slug", "price"])
      .where("kind", "=", "set")
      .where("published", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const items = await app.vitrina.db.kysely.selectFrom("set_items").select("item_id").where("set_id", "=", set.id).execute();
    await setStock(set.id, 3);
    const res = await postJson(new Visitor(app.url), buyer({ product: set.slug, phone: "+7 916 700-11-25" }));
    expect(res.status).toBe(200);
    const { number } = (await res.json()) as { number: string };
    const [line] = await app.vitrina.db.kysely
      .selectFrom("order_lines")
      .innerJoin("orders", "orders.id", "order_lines.order_id")
      .select(["order_lines.kind", "order_lines.items", "order_lines.price", "order_lines.qty"])
      .where("orders.number", "=", number)
      .execute();
    expect(line).toMatchObject({ kind: "set", qty: 1 });
    expect(Number(line!.price)).toBe(Number(set.price));
    expect(JSON.parse(line!.items)).toHaveLength(items.length);
    expect(await stockOf(set.id)).toBe(2);
  });

  it("answers 404 for a product that is not on sale and 422 when one is posted", async () => {
    await app.vitrina.db.kysely.updateTable("products").set({ published: 0 }).where("id", "=", c.id).execute();
    try {
      const v = new Visitor(app.url);
      expect((await v.get(`/buy/one-click/?product=${encodeURIComponent(c.slug)}`)).status).toBe(404);
      const res = await postJson(v, buyer({ product: c.slug, phone: "+7 916 700-11-26" }));
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ form: "Такого товара нет в каталоге. Обновите страницу и попробуйте ещё раз." });
    } finally {
      await app.vitrina.db.kysely.updateTable("products").set({ published: 1 }).where("id", "=", c.id).execute();
    }
  });

  it("refuses a sold-out product with a Russian message and makes no order", async () => {
    await setStock(c.id, 0);
    const before = await orderCount();
    const v = new Visitor(app.url);
    const json = await postJson(v, buyer({ product: c.slug, phone: "+7 916 700-11-24" }));
    expect(json.status).toBe(409);
    expect(await json.json()).toEqual({ form: soldOutMessage(c.title) });
    const html = await v.post(`/buy/one-click/?product=${encodeURIComponent(c.slug)}`, buyer({ product: c.slug, phone: "+7 916 700-11-24" }));
    expect(html.status).toBe(409);
    const page = await html.text();
    expect(mainOf(page)).toContain(`«${c.title}» закончился на складе`);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(c.id)).toBe(0);
  });

  it("refuses a phone that is not Russian, an empty name and no consent under their fields (422), keeping the values", async () => {
    await setStock(a.id, 5);
    const before = await orderCount();
    const v = new Visitor(app.url);
    const json = await postJson(v, { name: "", phone: "+44 20 7946 0958", consent_version: CURRENT_CONSENT_VERSION, product: a.slug });
    expect(json.status).toBe(422);
    expect(await json.json()).toMatchObject({
      name: "Укажите имя",
      phone: PHONE_FORMAT_MESSAGE,
      consent: "Подтвердите согласие на обработку персональных данных",
    });

    const html = await v.post(
      `/buy/one-click/?product=${encodeURIComponent(a.slug)}`,
      buyer({ phone: "+44 20 7946 0958", product: a.slug, name: "Иван Иностранцев" }),
    );
    expect(html.status).toBe(422);
    const page = await html.text();
    expect(mainOf(page)).toContain(PHONE_FORMAT_MESSAGE);
    expect(page).toMatch(/name="name"[^>]*value="Иван Иностранцев"|value="Иван Иностранцев"[^>]*name="name"/);
    expect(page).toContain("+44 20 7946 0958");
    expect(await orderCount()).toBe(before);
    expect(await stockOf(a.id)).toBe(5);
  });

  it("limits orders per phone and per client address with 429 and a Russian message", async () => {
    const fresh = await startTestApp(dialect);
    try {
      const [p] = await fresh.vitrina.db.kysely
        .selectFrom("products")
        .select(["id", "slug"])
        .where("kind", "=", "product")
        .where("published", "=", 1)
        .where("stock", ">=", 1)
        .orderBy("id")
        .limit(1)
        .execute();
      await setVariantStock(fresh.vitrina.db.kysely, p!.id, 50);
      const order = (phone: string) => new Visitor(fresh.url).postForm("/buy/one-click/order/", new URLSearchParams(buyer({ product: p!.slug, phone })));
      for (let i = 0; i < ONE_CLICK_PHONE_LIMIT.limit; i++) expect((await order("+7 916 111-22-33")).status).toBe(200);
      // the same number again, written another way: the normalised phone is what counts
      const byPhone = await order("8 (916) 111-22-33");
      expect(byPhone.status).toBe(429);
      expect(Number(byPhone.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await byPhone.json()).toEqual({ form: ONE_CLICK_RATE_LIMIT_MESSAGE });
      // another number from the same address: allowed until the address's own limit
      for (let i = ONE_CLICK_PHONE_LIMIT.limit + 1; i < ONE_CLICK_ADDRESS_LIMIT.limit; i++) expect((await order(`+7 916 222-33-4${i}`)).status).toBe(200);
      expect((await order("+7 916 333-44-55")).status).toBe(429);
      const placed = await fresh.vitrina.db.kysely.selectFrom("orders").select("id").where("source", "=", "one_click").execute();
      expect(placed).toHaveLength(ONE_CLICK_ADDRESS_LIMIT.limit - 1);
      const left = await fresh.vitrina.db.kysely.selectFrom("products").select("stock").where("id", "=", p!.id).executeTakeFirstOrThrow();
      expect(left.stock).toBe(50 - placed.length);
    } finally {
      await fresh.stop();
    }
  });
});
