// The back office's order pages over HTTP on both dialects, as a browser without JavaScript uses
// them: find by phone, legal statuses only, 409 for an illegal move and for a stale version,
// a field error beyond stock, the customer's letter, 404s and the printable sheet.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeTestOrder } from "../../support/orders.ts";
import { readOutbox } from "../../support/outbox.ts";
import { staffVisitor } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import type { Visitor } from "../../support/accounts-client.ts";

describe.each(dialects)("back-office order pages on %s", (dialect) => {
  let app: TestApp;
  let manager: Visitor;
  let product: { id: number; stock: number };

  /** an order of one piece, placed through checkout by a buyer with this phone */
  const order = (phone: string, email = "buyer@example.ru") =>
    placeTestOrder(app.vitrina.db, {
      productId: product.id,
      fields: { name: "Ирина Соколова", phone, email, address: "Москва, ул. Арбат, д. 10, кв. 3", floor: "5", lift: "passenger" },
    });

  const versionOf = (html: string) => Number(/name="version" value="(\d+)"/.exec(html)?.[1]);

  beforeAll(async () => {
    app = await startTestApp(dialect);
    manager = (await staffVisitor(app, "manager")).visitor;
    const p = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "stock"])
      .where("kind", "=", "product")
      .where("stock", ">=", 3)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    product = p;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("finds an order by phone written three ways", async () => {
    const number = await order("+7 (926) 700-11-22");
    for (const q of ["8 (926) 700-11-22", "+79267001122", "9267001122"]) {
      const html = await (await manager.get(`/admin/orders/?q=${encodeURIComponent(q)}`)).text();
      expect(html, q).toContain(`/admin/orders/${number}/`);
      expect(html).toContain("Найдено: 1");
    }
  });

  it("offers only the legal next statuses and refuses the rest with 409", async () => {
    const number = await order("+7 (926) 700-11-23");
    const html = await (await manager.get(`/admin/orders/${number}/`)).text();
    const select = /<select[^>]*name="status"[^>]*>([\s\S]*?)<\/select>/.exec(html)![1]!;
    expect([...select.matchAll(/<option[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual(["— выберите —", "Подтверждён", "Предзаказ", "Отменён"]);
    const res = await manager.post(`/admin/orders/${number}/`, { intent: "status", version: String(versionOf(html)), status: "done" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("переход статуса невозможен");
  });

  it("starts «Статус» on «— выберите —» with an empty comment after a save, and refuses a save without a choice", async () => {
    const number = await order("+7 (926) 700-11-27", "select@example.ru");
    const html = await (await manager.get(`/admin/orders/${number}/`)).text();
    const saved = await manager.post(`/admin/orders/${number}/`, {
      intent: "status",
      version: String(versionOf(html)),
      status: "confirmed",
      note: "Ждём оплату",
    });
    expect(saved.status).toBe(303);
    const after = await (await manager.get(`/admin/orders/${number}/`)).text();
    expect(after).toContain("Статус: Подтверждён");
    const select = /<select[^>]*name="status"[^>]*>([\s\S]*?)<\/select>/.exec(after)![1]!;
    // no status is preselected (the browser shows the first option, the placeholder), least of all «Отменён»
    expect(select).toMatch(/^<option value=""[^>]*>— выберите —<\/option>/);
    expect(select).not.toMatch(/<option[^>]*value="[a-z]+"[^>]*selected/);
    expect(/<textarea[^>]*name="note"[^>]*>([^<]*)<\/textarea>/.exec(after)![1]).toBe("");
    // «Сохранить» without choosing changes nothing and keeps the comment typed
    const blank = await manager.post(`/admin/orders/${number}/`, {
      intent: "status",
      version: String(versionOf(after)),
      status: "",
      note: "Второй комментарий",
    });
    expect(blank.status).toBe(422);
    const refused = await blank.text();
    expect(refused).toContain("Выберите новый статус.");
    expect(refused).toContain(">Второй комментарий</textarea>");
    expect(await (await manager.get(`/admin/orders/${number}/`)).text()).toContain("Статус: Подтверждён");
  });

  it("the second of two saves with one version gets the conflict, and the letter goes only for the first", async () => {
    const number = await order("+7 (926) 700-11-24", "twice@example.ru");
    const version = String(versionOf(await (await manager.get(`/admin/orders/${number}/`)).text()));
    const first = await manager.post(`/admin/orders/${number}/`, { intent: "status", version, status: "confirmed", notify: "on" });
    expect(first.status).toBe(303);
    const second = await manager.post(`/admin/orders/${number}/`, { intent: "status", version, status: "cancelled", notify: "on" });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("Заказ изменён другим сотрудником, обновите страницу");
    const page = await (await manager.get(`/admin/orders/${number}/`)).text();
    expect(page).toContain("Статус: Подтверждён");
    const mails = readOutbox(app.mailOutboxDir, "twice@example.ru").filter((m) => m.subject.includes(number) && !m.subject.startsWith("Ваш заказ"));
    expect(mails.map((m) => m.subject)).toEqual([`Заказ № ${number} подтверждён`]);
  });

  it("says how many are left when a quantity goes beyond stock, and changes nothing", async () => {
    const number = await order("+7 (926) 700-11-25");
    const html = await (await manager.get(`/admin/orders/${number}/`)).text();
    const lineId = /name="lineId" value="(\d+)"/.exec(html)![1]!;
    const res = await manager.post(`/admin/orders/${number}/`, { intent: "qty", version: String(versionOf(html)), lineId, qty: "99" });
    expect(res.status).toBe(422);
    expect(await res.text()).toMatch(/на складе осталось только|нет на складе/);
    expect(versionOf(await (await manager.get(`/admin/orders/${number}/`)).text())).toBe(versionOf(html));
  });

  it("answers unknown orders with 404 and prints the sheet with address, floor, phone and signatures", async () => {
    expect((await manager.get("/admin/orders/00-000000/")).status).toBe(404);
    expect((await manager.get("/admin/orders/nonsense/")).status).toBe(404);
    expect((await manager.get("/admin/orders/00-000000/print/")).status).toBe(404);
    const number = await order("+7 (926) 700-11-26");
    const sheet = await (await manager.get(`/admin/orders/${number}/print/`)).text();
    for (const text of ["Москва, ул. Арбат, д. 10, кв. 3", "+7 (926) 700-11-26", "Пассажирский лифт", "Отпустил"]) expect(sheet).toContain(text);
  });

  it("ignores a role field in the form: a content editor stays out", async () => {
    const { visitor } = await staffVisitor(app, "content");
    const res = await visitor.post("/admin/orders/00-000000/", { intent: "status", version: "1", status: "confirmed", role: "owner" });
    expect(res.status).toBe(403);
  });
});
