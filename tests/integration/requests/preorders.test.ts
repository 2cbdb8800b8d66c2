// Pre-orders and «Сообщить о поступлении» over HTTP on both dialects (decision 084), as
// a browser without JavaScript uses them: a pre-order of a sold-out product leaves its stock at 0
// (many at once too) and shows «Предзаказ» to the customer and in the back office; a subscription
// is confirmed through the e-mailed link, and raising the stock in the product form (or cancelling
// an order in the back office) sends each confirmed subscriber exactly one letter.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "../../../app/lib/ports.ts";
import { notifyBackInStock } from "../../../app/features/requests/stock-notices.server.ts";
import { CURRENT_CONSENT_VERSION } from "../../../app/lib/consent.ts";
import { FIELD_MESSAGES } from "../../../app/lib/form-fields.ts";
import { LEAD_MESSAGES } from "../../../app/features/delivery/lead-time.ts";
import { placeTestOrder } from "../../support/orders.ts";
import { readOutbox, type OutboxMail } from "../../support/outbox.ts";
import { staffVisitor } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { uniqueEmail, Visitor } from "../../support/accounts-client.ts";
import { setVariantStock } from "../../support/variants.ts";

interface Product {
  id: number;
  slug: string;
  title: string;
  section_id: number;
}

describe.each(dialects)("pre-orders and stock notices on %s", (dialect) => {
  let app: TestApp;
  let editor: Visitor;
  let manager: Visitor;
  let products: Product[];
  let n = 0;

  const stockOf = async (id: number) =>
    Number((await app.vitrina.db.kysely.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock);
  const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)![1]!;
  const versionOf = (html: string) => /name="version" value="(\d+)"/.exec(html)![1]!;

  function preorderFields(key: string, fields: Record<string, string> = {}) {
    return {
      name: "Ирина Соколова",
      phone: "8 916 555 44 33",
      email: "",
      qty: "2",
      consent: "on",
      consentVersion: CURRENT_CONSENT_VERSION,
      idempotencyKey: key,
      ...fields,
    };
  }

  /** A visitor's pre-order through the plain page: the number of the order made. */
  async function preorder(visitor: Visitor, p: Product, fields: Record<string, string> = {}): Promise<string> {
    const key = keyOf(await (await visitor.get(`/preorder/${p.slug}/`)).text());
    const res = await visitor.post(`/preorder/${p.slug}/`, preorderFields(key, fields));
    expect(res.status).toBe(303);
    return /^\/order\/([\d-]+)\/$/.exec(res.headers.get("location") ?? "")![1]!;
  }

  /** Saves the product form as staff type it, changing only the stock (and the lead time when given). */
  async function saveStock(p: Product, stock: number, lead: { min: string; max: string } = { min: "2", max: "4" }) {
    const page = await (await editor.get(`/admin/products/${p.id}/`)).text();
    const row = await app.vitrina.db.kysely.selectFrom("products").select(["price", "weight"]).where("id", "=", p.id).executeTakeFirstOrThrow();
    return editor.post(`/admin/products/${p.id}/`, {
      title: p.title,
      slug: p.slug,
      sectionId: String(p.section_id),
      price: String(Number(row.price) / 100).replace(".", ","),
      oldPrice: "",
      stock: String(stock),
      leadMin: lead.min,
      leadMax: lead.max,
      weight: String(row.weight / 1000).replace(".", ","),
      published: "on",
      version: versionOf(page),
    });
  }

  const confirmLink = (mail: OutboxMail) => /https?:\/\/[^\s/]+(\/stock-notice\/confirm\/[A-Za-z0-9_-]+\/)/.exec(mail.text)![1]!;
  const backInStock = (email: string, p: Product) => readOutbox(app.mailOutboxDir, email).filter((m) => m.subject === `«${p.title}» снова в наличии`);

  async function subscribe(p: Product, email: string): Promise<Response> {
    return new Visitor(app.url).post(`/stock-notice/${p.slug}/`, { email, consent: "on", consentVersion: CURRENT_CONSENT_VERSION });
  }

  beforeAll(async () => {
    app = await startTestApp(dialect);
    editor = (await staffVisitor(app, "content")).visitor;
    manager = (await staffVisitor(app, "manager")).visitor;
    products = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "slug", "title", "section_id"])
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .orderBy("id")
      .offset(20)
      .limit(6)
      .execute();
    // sold out, with the default lead time of a new product
    await app.vitrina.db.kysely
      .updateTable("products")
      .set({ lead_weeks_min: 2, lead_weeks_max: 4 })
      .where(
        "id",
        "in",
        products.map((p) => p.id),
      )
      .execute();
    await setVariantStock(
      app.vitrina.db.kysely,
      products.map((p) => p.id),
      0,
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("a sold-out product page offers a pre-order with the lead time; the pre-order leaves stock at 0 and says «Предзаказ»", async () => {
    const p = products[0]!;
    const visitor = new Visitor(app.url);
    const page = await (await visitor.get(`/product/${p.slug}/`)).text();
    expect(page).toContain("Под заказ, 2–4 недели");
    expect(page).toContain(`href="/preorder/${p.slug}/"`);
    expect(page).toContain(`href="/stock-notice/${p.slug}/"`);
    expect(page).not.toContain(">В корзину<");

    const email = uniqueEmail("preorder");
    const number = await preorder(visitor, p, { email });
    expect(await stockOf(p.id)).toBe(0);
    await expect.poll(() => readOutbox(app.mailOutboxDir, email).map((m) => m.subject)).toEqual([`Ваш заказ № ${number} в магазине «Витрина»`]);
    expect(readOutbox(app.mailOutboxDir, email)[0]!.text).toContain("Предзаказ: срок поставки и доставку согласует менеджер");
    const orderPage = await (await visitor.get(`/order/${number}/`)).text();
    expect(orderPage).toContain("Предзаказ");
    expect(orderPage).toContain(p.title);

    const list = await (await manager.get("/admin/orders/?status=preorder")).text();
    expect(list).toContain(`/admin/orders/${number}/`);
    expect(list).toContain("Предзаказ");
    const others = await (await manager.get("/admin/orders/?status=new")).text();
    expect(others).not.toContain(`/admin/orders/${number}/`);
  });

  it("keeps what was typed and says what is wrong under the field (422)", async () => {
    const p = products[0]!;
    const visitor = new Visitor(app.url);
    const key = keyOf(await (await visitor.get(`/preorder/${p.slug}/`)).text());
    const res = await visitor.post(`/preorder/${p.slug}/`, preorderFields(key, { phone: "12345", name: "Ирина Проверкина" }));
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain(FIELD_MESSAGES.phone);
    expect(html).toContain('value="Ирина Проверкина"');
  });

  it("many pre-orders at once are all placed and never drive the stock below 0; a resent form makes one order", async () => {
    const p = products[1]!;
    const numbers = await Promise.all(Array.from({ length: 8 }, () => preorder(new Visitor(app.url), p, { qty: "3" })));
    expect(new Set(numbers).size).toBe(8);
    expect(await stockOf(p.id)).toBe(0);

    const visitor = new Visitor(app.url);
    const key = keyOf(await (await visitor.get(`/preorder/${p.slug}/`)).text());
    const twice = await Promise.all([0, 1].map(() => visitor.post(`/preorder/${p.slug}/`, preorderFields(key, { name: `Двойной Клик ${++n}` }))));
    expect(twice.map((r) => r.status)).toEqual([303, 303]);
    expect(twice[0]!.headers.get("location")).toBe(twice[1]!.headers.get("location"));
    const count = await app.vitrina.db.kysely
      .selectFrom("orders")
      .innerJoin("order_lines", "order_lines.order_id", "orders.id")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("order_lines.product_id", "=", p.id)
      .where("orders.status", "=", "preorder")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(9);
    expect(await stockOf(p.id)).toBe(0);
  });

  it("cancelling a pre-order gives back no stock; confirming it without the goods is refused", async () => {
    const p = products[1]!;
    const number = await preorder(new Visitor(app.url), p, { qty: "1" });
    const version = () => manager.get(`/admin/orders/${number}/`).then(async (r) => versionOf(await r.text()));
    const refused = await manager.post(`/admin/orders/${number}/`, { intent: "status", version: await version(), status: "confirmed" });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("нет на складе");
    const cancelled = await manager.post(`/admin/orders/${number}/`, { intent: "status", version: await version(), status: "cancelled" });
    expect(cancelled.status).toBe(303);
    expect(await stockOf(p.id)).toBe(0);
  });

  it("refuses a pre-order once the product is back in stock", async () => {
    const p = products[3]!;
    const visitor = new Visitor(app.url);
    const key = keyOf(await (await visitor.get(`/preorder/${p.slug}/`)).text());
    await setVariantStock(app.vitrina.db.kysely, p.id, 2);
    const res = await visitor.post(`/preorder/${p.slug}/`, preorderFields(key));
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("снова в наличии");
    expect(await stockOf(p.id)).toBe(2);
  });

  it("subscribe, confirm by mail, raise the stock in the product form: one letter per confirmed subscriber, none on the next raise", async () => {
    const p = products[2]!;
    const [first, second, unconfirmed, leaving] = ["first", "second", "pending", "leaving"].map((t) => uniqueEmail(`notice-${t}`));

    const bad = await subscribe(p, "anna@");
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain(FIELD_MESSAGES.email);

    for (const email of [first!, second!, unconfirmed!, leaving!]) {
      const res = await subscribe(p, email);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`Мы отправили письмо на ${email}`);
    }
    for (const email of [first!, second!, leaving!]) {
      const visitor = new Visitor(app.url);
      const link = confirmLink(readOutbox(app.mailOutboxDir, email).at(-1)!);
      const ask = await visitor.get(link);
      expect(ask.status).toBe(200);
      expect(await ask.text()).toContain("Подтвердить подписку");
      const done = await visitor.post(link, {});
      expect(done.status).toBe(200);
      expect(await done.text()).toContain("Подписка подтверждена");
    }
    // the last one changes their mind through the unsubscribe link of the same letter
    const unsubscribe = confirmLink(readOutbox(app.mailOutboxDir, leaving).at(-1)!).replace("/confirm/", "/unsubscribe/");
    expect((await new Visitor(app.url).post(unsubscribe, {})).status).toBe(200);

    expect((await saveStock(p, 5)).status).toBe(303);
    expect(await stockOf(p.id)).toBe(5);
    for (const email of [first!, second!]) {
      const letters = backInStock(email, p);
      expect(letters).toHaveLength(1);
      expect(letters[0]!.text).toContain(`/product/${p.slug}/`);
    }
    expect(backInStock(unconfirmed!, p)).toHaveLength(0);
    expect(backInStock(leaving!, p)).toHaveLength(0);

    // more stock, or sold out and back again: the subscription has had its letter
    expect((await saveStock(p, 7)).status).toBe(303);
    expect((await saveStock(p, 0)).status).toBe(303);
    expect((await saveStock(p, 3)).status).toBe(303);
    for (const email of [first!, second!]) expect(backInStock(email, p)).toHaveLength(1);
  });

  it("an order cancelled in the back office brings the last piece back: the confirmed subscriber gets one letter", async () => {
    const p = products[4]!;
    await setVariantStock(app.vitrina.db.kysely, p.id, 1);
    const number = await placeTestOrder(app.vitrina.db, {
      productId: p.id,
      fields: { name: "Олег Покупателев", phone: "+7 (926) 700-11-99", email: "", delivery: "courier", address: "Москва, ул. Лесная, д. 5" },
    });
    expect(await stockOf(p.id)).toBe(0);

    const email = uniqueEmail("notice-cancel");
    expect((await subscribe(p, email)).status).toBe(200);
    const visitor = new Visitor(app.url);
    expect((await visitor.post(confirmLink(readOutbox(app.mailOutboxDir, email).at(-1)!), {})).status).toBe(200);
    expect(backInStock(email, p)).toHaveLength(0);

    const version = versionOf(await (await manager.get(`/admin/orders/${number}/`)).text());
    expect((await manager.post(`/admin/orders/${number}/`, { intent: "status", version, status: "cancelled" })).status).toBe(303);
    expect(await stockOf(p.id)).toBe(1);
    expect(backInStock(email, p)).toHaveLength(1);
  });

  it("the product form keeps the lead time staff type and refuses «до» below «от»", async () => {
    const p = products[0]!;
    expect((await saveStock(p, 0, { min: "3", max: "5" })).status).toBe(303);
    expect(await (await new Visitor(app.url).get(`/product/${p.slug}/`)).text()).toContain("Под заказ, 3–5 недель");
    const refused = await saveStock(p, 0, { min: "6", max: "4" });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(LEAD_MESSAGES.order);
  });

  it("writers raising the stock at the same moment send each subscriber one letter between them", async () => {
    const p = products[5]!;
    const emails = ["a", "b"].map((t) => uniqueEmail(`notice-race-${t}`));
    for (const email of emails) {
      expect((await subscribe(p, email)).status).toBe(200);
      expect((await new Visitor(app.url).post(confirmLink(readOutbox(app.mailOutboxDir, email).at(-1)!), {})).status).toBe(200);
    }
    await setVariantStock(app.vitrina.db.kysely, p.id, 4);
    const sent: MailMessage[] = [];
    const mailer = { send: async (m: MailMessage) => void sent.push(m) };
    const counts = await Promise.all([0, 1, 2].map(() => notifyBackInStock(app.vitrina.db, mailer, app.publicUrl, [p.id])));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(sent.map((m) => m.to).sort()).toEqual([...emails].sort());
  });

  it("limits how often one address asks for letters (429 with Retry-After, a Russian message)", async () => {
    const p = products[5]!;
    let res: Response | null = null;
    for (let i = 0; i < 12; i++) {
      res = await subscribe(p, uniqueEmail("notice-limit"));
      if (res.status !== 200) break;
    }
    expect(res!.status).toBe(429);
    expect(Number(res!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res!.text()).toContain("Слишком много заявок с этого адреса");
  });
});
