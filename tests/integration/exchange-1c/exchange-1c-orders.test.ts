// 1C «Обмен с сайтом», orders (type=sale), over HTTP on both dialects: a placed and paid order
// comes out of `query` as a CommerceML document (lines with the product's 1C Ид, delivery and
// lifting, payment, contacts), `success` marks it exported, a back-office change sends it again
// (also when it happens between query and success); a status file from 1C moves orders through
// the back office's workflow as «1С» (history, audit), and an illegal move, an unknown number and
// a hostile file are reported without applying anything they should not; a Windows-1251 file reads.
import { readFileSync } from "node:fs";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "../../../app/features/audit/audit.server.ts";
import { listExchangeSessions } from "../../../app/features/exchange-1c/exchange-1c.server.ts";
import type { PaymentProvider } from "../../../app/features/payments/payment-types.ts";
import { refreshOrderPayment, refundOrderPayment, startOnlinePayment } from "../../../app/features/payments/payments.server.ts";
import { CML_ELEMENT_ORDER } from "../../../app/features/exchange-1c/commerceml-orders.ts";
import { createYookassaProvider } from "../../../server/yookassa.ts";
import type { Visitor } from "../../support/accounts-client.ts";
import { placeTestOrder } from "../../support/orders.ts";
import { readOutbox } from "../../support/outbox.ts";
import { exchange1c, type Exchange1c } from "../../support/exchange-1c.ts";
import { createAccount, signedIn, staffVisitor, type TestAccount } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { startYookassaStandIn, type YookassaStandIn } from "../../support/yookassa-stand-in.ts";
import { setVariantStock } from "../../support/variants.ts";

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/1c/${name}`, import.meta.url), "utf8");
const PRODUCT_1C_ID = "7d3a9c55-2222-4000-8000-0000000000aa";

interface OrderDoc {
  fields: Record<string, string>;
  customer: Record<string, string>;
  contacts: string[];
  lines: { id: string; article: string; title: string; price: string; qty: string; sum: string; kind: string }[];
  requisites: Record<string, string>;
  discount: string | null;
}

/** The answer of `mode=query` read back with saxes: its root's attributes and one entry per «Документ». */
function readOrders(xml: string): { root: Record<string, string>; docs: OrderDoc[] } {
  const parser = new SaxesParser({ xmlns: false });
  const path: string[] = [];
  const docs: OrderDoc[] = [];
  let root: Record<string, string> = {};
  let buf = "";
  let doc: OrderDoc | null = null;
  let line: OrderDoc["lines"][number] | null = null;
  let pair: [string, string] = ["", ""];
  parser.on("opentag", (t) => {
    if (path.length === 0) root = t.attributes as Record<string, string>;
    path.push(t.name);
    buf = "";
    if (t.name === "Документ") doc = { fields: {}, customer: {}, contacts: [], lines: [], requisites: {}, discount: null };
    if (t.name === "Товар") line = { id: "", article: "", title: "", price: "", qty: "", sum: "", kind: "" };
  });
  parser.on("text", (t) => {
    buf += t;
  });
  parser.on("closetag", (t) => {
    const value = buf;
    buf = "";
    path.pop();
    const parent = path.at(-1);
    if (!doc) return;
    if (t.name === "Документ") {
      docs.push(doc);
      doc = null;
    } else if (line) {
      if (t.name === "Товар") {
        doc.lines.push(line);
        line = null;
      } else if (parent === "Товар") {
        const key = ({ Ид: "id", Артикул: "article", Наименование: "title", ЦенаЗаЕдиницу: "price", Количество: "qty", Сумма: "sum" } as const)[t.name as "Ид"];
        if (key) line[key] = value;
      } else if (parent === "ЗначениеРеквизита" && t.name === "Наименование") pair = [value, ""];
      else if (parent === "ЗначениеРеквизита" && t.name === "Значение" && pair[0] === "ТипНоменклатуры") line.kind = value;
    } else if (parent === "Документ") doc.fields[t.name] = value;
    else if (parent === "Контрагент" && t.name !== "Адрес" && t.name !== "Контакты") doc.customer[t.name] = value;
    else if (parent === "Контакт" && t.name === "Значение") doc.contacts.push(value);
    else if (parent === "Скидка" && t.name === "Сумма") doc.discount = value;
    else if (parent === "ЗначениеРеквизита" && t.name === "Наименование") pair = [value, ""];
    else if (parent === "ЗначениеРеквизита" && t.name === "Значение") doc.requisites[pair[0]] = value;
    else if (t.name === "Представление") doc.customer["Адрес"] = value;
  });
  parser.write(xml).close();
  return { root, docs };
}

/** The names of the child elements of every «Документ», its «Контрагент» and its lines «Товар», as written. */
function childSequences(xml: string): { element: keyof typeof CML_ELEMENT_ORDER; children: string[] }[] {
  const parser = new SaxesParser({ xmlns: false });
  const open: { name: string; children: string[] }[] = [];
  const out: { element: keyof typeof CML_ELEMENT_ORDER; children: string[] }[] = [];
  parser.on("opentag", (t) => {
    open.at(-1)?.children.push(t.name);
    open.push({ name: t.name, children: [] });
  });
  parser.on("closetag", () => {
    const done = open.pop()!;
    const path = [...open.map((o) => o.name), done.name].join("/");
    if (path.endsWith("/Документ") || path.endsWith("/Документ/Контрагенты/Контрагент") || path.endsWith("/Документ/Товары/Товар"))
      out.push({ element: done.name as keyof typeof CML_ELEMENT_ORDER, children: done.children });
  });
  parser.write(xml).close();
  return out;
}

describe.each(dialects)("1C orders exchange on %s", (dialect) => {
  let app: TestApp;
  let owner: TestAccount;
  let manager: Visitor;
  let standIn: YookassaStandIn;
  let provider: PaymentProvider;
  let product: { id: number; title: string; price: number };

  let oneC: Exchange1c;
  const checkauth = () => oneC.checkauth("sale");
  async function query(cookie: string) {
    const res = await oneC.call("type=sale&mode=query", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("xml");
    return readOrders(await res.text());
  }
  const success = async (cookie: string) => expect(await (await oneC.call("type=sale&mode=success", { cookie })).text()).toBe("success");
  /** 1C's whole pass: every due order read and confirmed */
  async function drain() {
    const cookie = await checkauth();
    await query(cookie);
    await success(cookie);
  }

  /** an order of two pieces, placed through checkout by a buyer with this phone and e-mail */
  const order = (phone: string, email: string) =>
    placeTestOrder(app.vitrina.db, {
      productId: product.id,
      qty: 2,
      fields: {
        name: "Мария Кузнецова",
        phone,
        email,
        address: "Москва, Ленинский проспект, д. 30, кв. 12",
        floor: "9",
        lift: "passenger",
        comment: "Домофон не работает, позвоните <заранее> & спасибо",
      },
    });
  async function pay(number: string) {
    const started = await startOnlinePayment(app.vitrina.db, provider, { orderNumber: number, returnUrl: `http://vitrina.test/order/${number}/`, vatCode: 1 });
    if (!started || !("confirmationUrl" in started)) throw new Error(`no payment page for ${number}`);
    const pressed = await fetch(new URL("pay", started.confirmationUrl), { method: "POST", redirect: "manual" });
    expect(pressed.status).toBe(303);
    await refreshOrderPayment(app.vitrina.db, provider, number);
  }
  const versionOf = (html: string) => /name="version" value="(\d+)"/.exec(html)![1]!;
  async function managerSetsStatus(number: string, status: string) {
    const html = await (await manager.get(`/admin/orders/${number}/`)).text();
    const res = await manager.post(`/admin/orders/${number}/`, { intent: "status", version: versionOf(html), status });
    expect(res.status).toBe(303);
  }
  /** the back office's row of the exchange session behind this cookie */
  const sessionOf = async (cookie: string) => (await listExchangeSessions(app.vitrina.db)).find((s) => cookie.split("=")[1]!.startsWith(s.id))!;
  const exchangePage = async () => (await (await signedIn(app, owner)).get("/admin/exchange/")).text();

  beforeAll(async () => {
    app = await startTestApp(dialect);
    owner = await createAccount(app, "owner");
    oneC = exchange1c(app, owner);
    manager = (await staffVisitor(app, "manager")).visitor;
    standIn = await startYookassaStandIn();
    provider = createYookassaProvider({ shopId: standIn.shopId, secretKey: standIn.secretKey, apiUrl: standIn.apiUrl });
    const p = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "title", "price"])
      .where("kind", "=", "product")
      .where("price", ">", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    // the product came from 1C once: its lines must carry 1C's Ид and its article (decision 099)
    await app.vitrina.db.kysely.updateTable("products").set({ external_id: PRODUCT_1C_ID, article: "KM-777" }).where("id", "=", p.id).execute();
    await setVariantStock(app.vitrina.db.kysely, p.id, 500);
    product = { id: p.id, title: p.title, price: Number(p.price) };
    await drain(); // the demo orders: 1C has them before the tests begin
  });
  afterAll(async () => {
    await standIn?.stop();
    await app?.stop();
  });

  it("writes every element of a document, its counterparty and its lines in the order the CommerceML schema defines", async () => {
    await order("+7 (915) 222-33-45", "order-of-elements@example.ru");
    const cookie = await checkauth();
    const res = await oneC.call("type=sale&mode=query", { cookie });
    const sequences = childSequences(await res.text());
    expect(sequences.map((s) => s.element)).toEqual(expect.arrayContaining(["Документ", "Контрагент", "Товар"]));
    for (const { element, children } of sequences) {
      const order: readonly string[] = CML_ELEMENT_ORDER[element];
      for (const child of children) expect(order, `«${child}» in «${element}»`).toContain(child);
      const places = children.map((c) => order.indexOf(c));
      // strictly ascending: no element out of place, none repeated
      expect(
        places.every((p, i) => i === 0 || p > places[i - 1]!),
        `«${element}»: ${children.join(", ")}`,
      ).toBe(true);
    }
    // the counterparty's address and contacts are there to be checked, and «Время» is written
    const [doc] = sequences.filter((s) => s.element === "Документ");
    expect(doc!.children).toContain("Время");
    expect(sequences.find((s) => s.element === "Контрагент")!.children).toEqual(expect.arrayContaining(["Адрес", "Контакты", "Роль"]));
    await success(cookie);
  });

  it("hands 1C a paid order with its lines, delivery and lifting, payment, contacts and comment; after success it is not sent again", async () => {
    const number = await order("+7 (915) 222-33-44", "maria@example.ru");
    await pay(number);
    const cookie = await checkauth();
    expect(await oneC.answer("type=sale&mode=init", { cookie })).toEqual(["zip=no", expect.stringMatching(/^file_limit=\d+$/)]);
    const { root, docs } = await query(cookie);
    expect(root["ВерсияСхемы"]).toBe("2.08");
    expect(root["ДатаФормирования"]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(docs.map((d) => d.fields["Номер"])).toEqual([number]);
    const doc = docs[0]!;
    expect(doc.fields).toMatchObject({ Ид: number, ХозОперация: "Заказ товара", Роль: "Продавец", Валюта: "руб", Курс: "1" });
    expect(doc.fields["Дата"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(doc.fields["Время"]).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(doc.fields["Комментарий"]).toBe("Домофон не работает, позвоните <заранее> & спасибо");
    expect(doc.customer).toMatchObject({
      Наименование: "Мария Кузнецова",
      ПолноеНаименование: "Мария Кузнецова",
      Роль: "Покупатель",
      Адрес: "Москва, Ленинский проспект, д. 30, кв. 12",
    });
    expect(doc.contacts).toEqual(["+7 (915) 222-33-44", "maria@example.ru"]);

    const row = await app.vitrina.db.kysely
      .selectFrom("orders")
      .select(["total", "delivery_cost", "lifting_cost"])
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    const rub = (k: number | string) => (Number(k) / 100).toFixed(2);
    expect(doc.fields["Сумма"]).toBe(rub(row.total));
    expect(doc.lines).toEqual([
      { id: PRODUCT_1C_ID, article: "KM-777", title: product.title, price: rub(product.price), qty: "2", sum: rub(product.price * 2), kind: "Товар" },
      {
        id: "ORDER_DELIVERY",
        article: "",
        title: "Доставка: Доставка с подъёмом на этаж",
        price: rub(row.delivery_cost),
        qty: "1",
        sum: rub(row.delivery_cost),
        kind: "Услуга",
      },
      { id: "ORDER_LIFTING", article: "", title: "Подъём на 9 этаж", price: rub(row.lifting_cost), qty: "1", sum: rub(row.lifting_cost), kind: "Услуга" },
    ]);
    expect(Number(row.lifting_cost)).toBeGreaterThan(0);
    expect(doc.requisites).toMatchObject({
      "Метод оплаты": "Онлайн-оплата (ЮKassa)",
      "Заказ оплачен": "true",
      "Способ доставки": "Доставка с подъёмом на этаж",
      "Статус заказа": "Новый",
      Отменен: "false",
    });
    expect(doc.requisites["Дата оплаты"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    await success(cookie);
    expect((await query(cookie)).docs).toEqual([]);
    expect((await sessionOf(cookie)).counts).toMatchObject({ ordersSent: 1, ordersExported: 1 });
    expect(await exchangePage()).toContain("заказов отправлено в 1С: 1");
  });

  it("sends an order again after a back-office change, also when the change comes between query and success", async () => {
    const number = await order("+7 (915) 222-33-45", "second@example.ru");
    await drain();
    await managerSetsStatus(number, "confirmed");
    const cookie = await checkauth();
    const first = await query(cookie);
    expect(first.docs.map((d) => [d.fields["Номер"], d.requisites["Статус заказа"]])).toEqual([[number, "Подтверждён"]]);
    // the manager moves it on while 1C is still reading the answer
    await managerSetsStatus(number, "cancelled");
    await success(cookie);
    const again = await query(cookie);
    expect(again.docs.map((d) => [d.fields["Номер"], d.requisites["Статус заказа"], d.requisites["Отменен"]])).toEqual([[number, "Отменён", "true"]]);
    await success(cookie);
    expect((await query(cookie)).docs).toEqual([]);
  });

  it("sends a completed order again when money is refunded after its export", async () => {
    const number = await order("+7 (915) 222-33-50", "refund@example.ru");
    await pay(number);
    for (const status of ["confirmed", "assembled", "shipped", "done"]) await managerSetsStatus(number, status);
    await drain();
    await refundOrderPayment(
      app.vitrina.db,
      provider,
      { id: null, email: "refund-test" },
      {
        orderNumber: number,
        request: { qty: {}, goodwill: 10_000, goodwillReason: "задержка доставки" },
        vatCode: 1,
      },
    );
    const cookie = await checkauth();
    const { docs } = await query(cookie);
    expect(docs.map((d) => [d.fields["Номер"], d.requisites["Статус заказа"], d.requisites["Возвращено покупателю"]])).toEqual([
      [number, "Выполнен", "100.00"],
    ]);
    await success(cookie);
  });

  it("applies 1C's statuses through the workflow as «1С», and reports an illegal move and an unknown number", async () => {
    const toShip = await order("+7 (915) 222-33-46", "ship@example.ru");
    const toCancel = await order("+7 (915) 222-33-47", "cancel@example.ru");
    const illegal = await order("+7 (915) 222-33-48", "illegal@example.ru");
    await managerSetsStatus(illegal, "cancelled");
    const stockBefore = await app.vitrina.db.kysely.selectFrom("products").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow();
    const file = fixture("orders-statuses.xml")
      .replaceAll("ORDER_SHIPPED", toShip)
      .replaceAll("ORDER_CANCELLED", toCancel)
      .replaceAll("ORDER_ILLEGAL", illegal);
    const cookie = await checkauth();
    const answer = await oneC.answer("type=sale&mode=file&filename=documents_1.xml", { cookie, body: file });
    expect(answer).toEqual(["success", "Документов: 5, статусов применено: 2, без изменений: 0, пропущено: 1, ошибок: 2"]);

    const shipped = await (await manager.get(`/admin/orders/${toShip}/`)).text();
    expect(shipped).toContain("Статус: Передан в доставку");
    // 1C knows no «Собран»: the order walked the workflow's steps, each one in the history as «1С»
    const history = [.../<ol class="order-history">([\s\S]*?)<\/ol>/.exec(shipped)![1]!.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) =>
      m[1]!.replace(/<[^>]*>/g, ""),
    );
    expect(history.slice(1).map((h) => [h.split(" — ")[0], h.endsWith(", 1С")])).toEqual([
      ["Подтверждён", true],
      ["Собран", true],
      ["Передан в доставку", true],
    ]);
    const cancelled = await (await manager.get(`/admin/orders/${toCancel}/`)).text();
    expect(cancelled).toContain("Статус: Отменён");
    const stockAfter = await app.vitrina.db.kysely.selectFrom("products").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(stockAfter.stock).toBe(stockBefore.stock + 2);
    expect(await (await manager.get(`/admin/orders/${illegal}/`)).text()).toContain("Статус: Отменён");

    const audit = await listAudit(app.vitrina.db, { entity: "order", entityId: toCancel });
    expect(audit.entries.map((e) => [e.action, e.actorEmail, e.actorId, e.after])).toEqual([["order.status", "1С", owner.id, { status: "cancelled" }]]);
    expect(readOutbox(app.mailOutboxDir, "cancel@example.ru").map((m) => m.subject)).toContain(`Заказ № ${toCancel} отменён`);

    const session = await sessionOf(cookie);
    expect(session.counts).toMatchObject({ statusesApplied: 2, orderErrors: 2 });
    expect(session.errors).toEqual([
      `Заказ № ${illegal}: переход «Отменён» → «Подтверждён» (Статус заказа) невозможен по правилам обработки заказов`,
      "Документ 99-999999: заказ с таким номером не найден",
    ]);
    const page = await exchangePage();
    expect(page).toContain("заказ с таким номером не найден");
    expect(page).toContain("статусов из 1С применено: 2");
  });

  it("reads a status file in Windows-1251 as older 1C configurations write it", async () => {
    const number = await order("+7 (915) 222-33-51", "cp1251@example.ru");
    const xml = `<?xml version="1.0" encoding="windows-1251"?>
<КоммерческаяИнформация ВерсияСхемы="2.05"><Документ><Ид>${number}</Ид><Номер>${number}</Номер><ХозОперация>Заказ товара</ХозОперация>
<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Статус заказа</Наименование><Значение>Подтверждён</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>
</Документ></КоммерческаяИнформация>`;
    // Windows-1251 puts А…я at 0xC0…0xFF, Ё at 0xA8 and ё at 0xB8; the rest here is ASCII
    const cp1251 = Uint8Array.from(
      [...xml].map((c) => (c === "Ё" ? 0xa8 : c === "ё" ? 0xb8 : c >= "А" && c <= "я" ? c.charCodeAt(0) - 0x410 + 0xc0 : c.charCodeAt(0))),
    );
    const answer = await oneC.answer("type=sale&mode=file&filename=documents_cp1251.xml", { cookie: await checkauth(), body: cp1251 });
    expect(answer[1]).toContain("статусов применено: 1");
    expect(await (await manager.get(`/admin/orders/${number}/`)).text()).toContain("Статус: Подтверждён");
  });

  it("refuses a hostile or malformed file with failure and applies nothing from it", async () => {
    const number = await order("+7 (915) 222-33-49", "hostile@example.ru");
    const cookie = await checkauth();
    const xxe = await oneC.answer("type=sale&mode=file&filename=documents_2.xml", {
      cookie,
      body: fixture("orders-xxe.xml").replaceAll("ORDER_SHIPPED", number),
    });
    expect(xxe[0]).toBe("failure");
    expect(xxe[1]).toContain("DOCTYPE");
    const broken = await oneC.answer("type=sale&mode=file&filename=documents_3.xml", { cookie, body: "<КоммерческаяИнформация><Документ>" });
    expect(broken[0]).toBe("failure");
    expect(broken[1]).toContain("не является корректным XML");
    const notXml = await oneC.answer("type=sale&mode=file&filename=documents_4.xml", { cookie, body: "просто текст" });
    expect(notXml[0]).toBe("failure");
    expect((await oneC.answer("type=sale&mode=file&filename=../documents.xml", { cookie, body: "<a/>" }))[0]).toBe("failure");
    const status = await app.vitrina.db.kysely.selectFrom("orders").select("status").where("number", "=", number).executeTakeFirstOrThrow();
    expect(status.status).toBe("new");
    expect(await oneC.answer("type=sale&mode=query")).toEqual(["failure", expect.stringContaining("Сеанс обмена не найден")]);
  });
});
