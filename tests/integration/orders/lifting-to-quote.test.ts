// Lifting for goods without a weight (decision 099, «Update»): a weight of 0 must not make lifting
// cheap or free. Over HTTP as a browser without JavaScript sends it, on both dialects: the
// checkout and the cart say the manager quotes it, the order keeps it out of the total and is
// stored «to quote», the order page, the letter, the back office and 1C say so; the manager's
// price then goes into the total, and a paid order shows what is due. Goods with a weight are
// priced by the tariffs as before.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutForm } from "../../support/orders.ts";
import { readOutbox } from "../../support/outbox.ts";
import { mainOf, textOf } from "../../support/page-text.ts";
import { createAccount, staffVisitor, type TestAccount } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { Visitor } from "../../support/accounts-client.ts";
import { setVariantWeight } from "../../support/variants.ts";

const TO_QUOTE = "Стоимость подъёма уточнит менеджер";

describe.each(dialects)("lifting of goods without weight on %s", (dialect) => {
  let app: TestApp;
  let manager: Visitor;
  let owner: TestAccount;
  let weightless: { id: number; title: string; price: number };
  let weighed: { id: number; title: string; price: number; weight: number };

  beforeAll(async () => {
    app = await startTestApp(dialect);
    manager = (await staffVisitor(app, "manager")).visitor;
    owner = await createAccount(app, "owner");
    const db = app.vitrina.db.kysely;
    const products = await db
      .selectFrom("products")
      .select(["id", "title", "price", "weight"])
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .where("stock", ">=", 10)
      .where("weight", ">", 0)
      .where("price", "<", 5_000_000)
      .orderBy("id")
      .limit(2)
      .execute();
    const [a, b] = products;
    // a product as 1C sends it without <Вес>: weight 0
    await setVariantWeight(db, a!.id, 0);
    weightless = { id: a!.id, title: a!.title, price: Number(a!.price) };
    weighed = { id: b!.id, title: b!.title, price: Number(b!.price), weight: b!.weight };
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function shopper(productId: number): Promise<Visitor> {
    const v = new Visitor(app.url);
    const res = await v.request("/cart/product/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ id: productId, cnt: 1, type: "product" }),
    });
    expect(res.status).toBe(200);
    return v;
  }

  /** the checkout form posted as a browser without JavaScript does; returns the order number */
  async function checkout(v: Visitor, email: string): Promise<string> {
    const res = await v.post(
      "/checkout/",
      checkoutForm({
        name: "Ольга Подъёмова",
        phone: "+7 (916) 555-44-33",
        email,
        delivery: "floor",
        address: "Москва, ул. Лесная, д. 5, кв. 70",
        floor: "7",
        lift: "none",
      }),
    );
    expect(res.status).toBe(303);
    const number = /\/order\/([\d-]+)\//.exec(res.headers.get("location") ?? "")?.[1];
    expect(number).toBeTruthy();
    return number!;
  }

  const orderRow = (number: string) =>
    app.vitrina.db.kysely
      .selectFrom("orders")
      .select(["items_total", "delivery_cost", "lifting_cost", "lifting_pricing", "total", "paid_at", "id", "version"])
      .where("number", "=", number)
      .executeTakeFirstOrThrow();

  it("leaves lifting of a weightless product to the manager: cart and checkout say so, the order is stored «to quote», its total without lifting", async () => {
    const v = await shopper(weightless.id);
    expect(mainOf(await (await v.get("/cart/")).text())).toContain(`${TO_QUOTE}: у «${weightless.title}» не указан вес.`);
    // said in the floor block of the plain form, before any script runs
    const form = mainOf(await (await v.get("/checkout/")).text());
    expect(form).toContain(`${TO_QUOTE}: у товара «${weightless.title}» не указан вес.`);

    const email = `lift.${dialect}.${Date.now()}@example.ru`;
    const number = await checkout(v, email);
    const row = await orderRow(number);
    expect(row.lifting_pricing).toBe("to_quote");
    expect(Number(row.lifting_cost)).toBe(0);
    expect(Number(row.total)).toBe(Number(row.items_total) + Number(row.delivery_cost));

    const page = mainOf(await (await v.get(`/order/${number}/`)).text());
    expect(page).toContain(`Подъём на этаж ${TO_QUOTE}`);
    expect(page).toContain("Итого без подъёма");
    expect(page).not.toMatch(/Подъём на этаж бесплатно/);

    await vi.waitFor(() => expect(readOutbox(app.mailOutboxDir, email)).toHaveLength(1), { timeout: 10_000 });
    const mail = readOutbox(app.mailOutboxDir, email)[0]!;
    expect(mail.text).toContain(TO_QUOTE);
    expect(mail.text).toContain("Итого без подъёма");

    const admin = await (await manager.get(`/admin/orders/${number}/`)).text();
    const adminText = mainOf(admin);
    expect(adminText).toContain(`Подъём ${TO_QUOTE}`);
    expect(adminText).toContain(`Вес не указан: «${weightless.title}»`);
    expect(admin).toContain('name="liftingPrice"');

    // 1C gets no lifting line of 0 ₽, and a requisite saying the manager prices it
    const auth = `Basic ${Buffer.from(`${owner.email}:${owner.password}`).toString("base64")}`;
    const [status, name, value] = (await (await fetch(`${app.url}/exchange/1c/?type=sale&mode=checkauth`, { headers: { authorization: auth } })).text()).split(
      "\n",
    );
    expect(status).toBe("success");
    const xml = await (await fetch(`${app.url}/exchange/1c/?type=sale&mode=query`, { headers: { authorization: auth, cookie: `${name}=${value}` } })).text();
    const doc = xml.split("<Документ>").find((d) => d.includes(`<Номер>${number}</Номер>`));
    expect(doc).toBeTruthy();
    expect(doc).not.toContain("ORDER_LIFTING");
    expect(doc).toContain("<Наименование>Подъём на этаж</Наименование><Значение>стоимость уточнит менеджер (у товара не указан вес)</Значение>");
  });

  it("prices lifting of a product with a weight by the tariffs, as before", async () => {
    const v = await shopper(weighed.id);
    expect(mainOf(await (await v.get("/checkout/")).text())).not.toContain(TO_QUOTE);
    const number = await checkout(v, `lift.kg.${dialect}.${Date.now()}@example.ru`);
    const row = await orderRow(number);
    // stairs to the 7th floor: six floors per started 50 kg at the shop's tariff
    const tariffs = await app.vitrina.db.kysely.selectFrom("lift_tariffs").select("stairs_per_floor_per_50kg").executeTakeFirstOrThrow();
    expect(row.lifting_pricing).toBe("tariff");
    expect(Number(row.lifting_cost)).toBe(6 * Math.ceil(weighed.weight / 50_000) * Number(tariffs.stairs_per_floor_per_50kg));
    expect(Number(row.total)).toBe(Number(row.items_total) + Number(row.delivery_cost) + Number(row.lifting_cost));
    expect(mainOf(await (await v.get(`/order/${number}/`)).text())).not.toContain(TO_QUOTE);
  });

  it("takes the manager's lifting price into the total, keeps a bad one in its field, and a paid order shows what is due", async () => {
    const v = await shopper(weightless.id);
    const number = await checkout(v, `lift.paid.${dialect}.${Date.now()}@example.ru`);
    const placed = await orderRow(number);
    // paid online for the total without lifting
    const now = Date.now();
    await app.vitrina.db.kysely.updateTable("orders").set({ paid_at: now, payment_method: "online" }).where("id", "=", placed.id).execute();
    await app.vitrina.db.kysely
      .insertInto("payments")
      .values({
        order_id: placed.id,
        provider: "test",
        provider_payment_id: `lift-${dialect}-${placed.id}`,
        idempotence_key: `lift-${dialect}-${placed.id}`,
        amount: Number(placed.total),
        status: "succeeded",
        settlement_receipt_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const page = `/admin/orders/${number}/`;
    const version = () => manager.get(page).then(async (r) => /name="version" value="(\d+)"/.exec(await r.text())![1]!);

    const bad = await manager.post(page, { intent: "lifting", version: await version(), liftingPrice: "полторы тысячи" });
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(textOf(badHtml)).toContain("Укажите стоимость подъёма в рублях, например 2500 или 2500,50");
    expect(badHtml).toContain('value="полторы тысячи"');
    expect((await orderRow(number)).lifting_pricing).toBe("to_quote");

    const ok = await manager.post(page, { intent: "lifting", version: await version(), liftingPrice: "1 500" });
    expect(ok.status).toBe(303);
    const row = await orderRow(number);
    expect(row.lifting_pricing).toBe("quoted");
    expect(Number(row.lifting_cost)).toBe(150_000);
    expect(Number(row.total)).toBe(Number(placed.total) + 150_000);

    const admin = mainOf(await (await manager.get(page)).text());
    expect(admin).toContain("Подъём 1 500 ₽ (цена менеджера)");
    expect(admin).toContain("К доплате: 1 500 ₽");
    const customer = mainOf(await (await v.get(`/order/${number}/`)).text());
    expect(customer).toContain("Подъём на этаж 1 500 ₽");
    expect(customer).toContain("К доплате при получении: 1 500 ₽");
    expect(customer).not.toContain(TO_QUOTE);

    // an edit of the lines afterwards keeps the manager's price in the total
    const line = await app.vitrina.db.kysely.selectFrom("order_lines").select("id").where("order_id", "=", placed.id).executeTakeFirstOrThrow();
    expect((await manager.post(page, { intent: "qty", version: await version(), lineId: String(line.id), qty: "2" })).status).toBe(303);
    const edited = await orderRow(number);
    expect(Number(edited.lifting_cost)).toBe(150_000);
    expect(Number(edited.total)).toBe(Number(edited.items_total) + Number(edited.delivery_cost) + 150_000);
  });
});
