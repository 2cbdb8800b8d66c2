// The back office's order domain on both dialects: search, filters and pages; the workflow with
// its refusals; stock given back on cancel; edits before assembly; two staff on one order; audit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { seedDemo } from "../../../app/db/seed/seed.server.ts";
import {
  AdminOrderError,
  changeOrderStatus,
  editOrderLines,
  listOrders,
  loadAdminOrder,
  setManagerNote,
} from "../../../app/features/orders/admin-orders.server.ts";
import { listAudit, type StaffActor } from "../../../app/features/audit/audit.server.ts";
import { ORDER_CONFLICT_MESSAGE, parseOrderListQuery } from "../../../app/features/orders/order-workflow.ts";
import { placeTestOrder } from "../../support/orders.ts";
import { dialects, MEDIA_DIR, openTestDb } from "../../support/test-app.ts";
import { setVariantStock } from "../../support/variants.ts";

const list = (db: Db, query: string) => listOrders(db, parseOrderListQuery(new URLSearchParams(query)));

describe.each(dialects)("back office orders on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let manager: StaffActor;
  let product: { id: number; title: string };

  const stockOf = async (id: number) => (await db.kysely.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;

  /** an order of `qty` pieces of the test product, placed through checkout */
  const order = (qty: number, fields: Record<string, string> = {}, now?: number) => placeTestOrder(db, { productId: product.id, qty, fields, now });

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    await seedDemo(db, { mediaDir: MEDIA_DIR, images: false });
    const p = await db.kysely.selectFrom("products").select(["id", "title"]).where("kind", "=", "product").orderBy("id").executeTakeFirstOrThrow();
    await setVariantStock(db.kysely, p.id, 500);
    product = p;
    const user = await db.kysely
      .insertInto("users")
      .values({
        email: "manager@vitrina.test",
        name: "Мария",
        phone: "",
        password_hash: "x",
        saved_data: "{}",
        created_at: 0,
        updated_at: 0,
        password_changed_at: 0,
        role: "manager",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    manager = { id: user.id, email: "manager@vitrina.test" };
  });
  afterAll(async () => {
    await drop?.();
  });

  it("finds an order by its phone written three ways, by e-mail, name and number", async () => {
    const number = await order(1, { phone: "8 (903) 555-12-34", name: "Фёдор Ёлкин", email: "Fedor@Example.RU" });
    await order(1, { phone: "+7 (903) 555-00-00", name: "Олег" });
    for (const q of ["8 (903) 555-12-34", "+79035551234", "9035551234"]) {
      const found = await list(db, `q=${encodeURIComponent(q)}`);
      expect(
        found.rows.map((r) => r.number),
        q,
      ).toEqual([number]);
    }
    expect((await list(db, "q=fedor@example.ru")).rows.map((r) => r.number)).toEqual([number]);
    expect((await list(db, `q=${encodeURIComponent("ёлкин")}`)).rows.map((r) => r.number)).toEqual([number]);
    expect((await list(db, `q=${encodeURIComponent("ФЕДОР")}`)).rows.map((r) => r.number)).toEqual([number]);
    expect((await list(db, `q=${number}`)).rows.map((r) => r.number)).toEqual([number]);
    expect((await list(db, "q=nobody%40nowhere.ru")).total).toBe(0);
  });

  it("filters by status, delivery and Moscow days, sorts and pages by 50", async () => {
    // 23:30 Moscow on 20 November is still the 20th there, though already the 20th 20:30 UTC
    const late = await order(1, { delivery: "courier", floor: "" }, Date.parse("2026-11-20T20:30:00Z"));
    const early = await order(2, {}, Date.parse("2026-11-20T21:30:00Z"));
    expect((await list(db, "from=2026-11-20&to=2026-11-20")).rows.map((r) => r.number)).toEqual([late]);
    expect((await list(db, "from=2026-11-21&to=2026-11-21")).rows.map((r) => r.number)).toEqual([early]);
    expect((await list(db, "delivery=courier")).rows.map((r) => r.number)).toContain(late);
    expect((await list(db, "delivery=courier")).rows.every((r) => r.deliveryType === "courier")).toBe(true);
    for (let i = 0; i < 52; i++) await order(1);
    const all = await list(db, "status=new");
    expect(all.total).toBeGreaterThan(55);
    expect(all.rows).toHaveLength(50);
    expect(all.pages).toBe(Math.ceil(all.total / 50));
    const second = await list(db, "status=new&page=2");
    expect(second.rows).toHaveLength(all.total - 50);
    expect(second.rows.some((r) => all.rows.some((a) => a.number === r.number))).toBe(false);
    const byTotal = await list(db, "sort=total&dir=asc");
    const totals = byTotal.rows.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const byNumber = await list(db, "sort=number&dir=desc");
    const numbers = byNumber.rows.map((r) => r.number);
    expect(numbers).toEqual([...numbers].sort().reverse());
    expect((await list(db, "status=done")).total).toBe(0);
  });

  it("moves an order through the workflow to Выполнен, with who did it in the history and the audit", async () => {
    const number = await order(1);
    let version = (await loadAdminOrder(db, number))!.version;
    for (const to of ["confirmed", "assembled", "shipped", "done"] as const) {
      version = (await changeOrderStatus(db, manager, number, to, version, to === "done" ? "Доставлено" : "")).version;
    }
    const view = (await loadAdminOrder(db, number))!;
    expect(view.status).toBe("done");
    expect(view.history.map((h) => [h.status, h.by])).toEqual([
      ["new", null],
      ["confirmed", "manager@vitrina.test"],
      ["assembled", "manager@vitrina.test"],
      ["shipped", "manager@vitrina.test"],
      ["done", "manager@vitrina.test"],
    ]);
    const audit = await listAudit(db, { entity: "order", entityId: number });
    expect(audit.entries.map((e) => [e.action, e.actorEmail, e.before, e.after])).toEqual([
      ["order.status", "manager@vitrina.test", { status: "shipped" }, { status: "done", note: "Доставлено" }],
      ["order.status", "manager@vitrina.test", { status: "assembled" }, { status: "shipped" }],
      ["order.status", "manager@vitrina.test", { status: "confirmed" }, { status: "assembled" }],
      ["order.status", "manager@vitrina.test", { status: "new" }, { status: "confirmed" }],
    ]);
  });

  it("refuses an illegal transition with 409 and writes nothing", async () => {
    const number = await order(1);
    const before = (await loadAdminOrder(db, number))!;
    for (const to of ["assembled", "done", "new"] as const) {
      await expect(changeOrderStatus(db, manager, number, to, before.version)).rejects.toMatchObject({ status: 409, message: /переход статуса невозможен/ });
    }
    const after = (await loadAdminOrder(db, number))!;
    expect(after.status).toBe("new");
    expect(after.version).toBe(before.version);
    expect(after.history).toHaveLength(1);
    expect((await listAudit(db, { entity: "order", entityId: number })).total).toBe(0);
    await expect(changeOrderStatus(db, manager, "00-000000", "confirmed", 1)).rejects.toMatchObject({ status: 404 });
  });

  it("gives the stock back when an order is cancelled, in the same transaction", async () => {
    const start = await stockOf(product.id);
    const number = await order(3);
    expect(await stockOf(product.id)).toBe(start - 3);
    let version = (await loadAdminOrder(db, number))!.version;
    version = (await changeOrderStatus(db, manager, number, "confirmed", version)).version;
    await changeOrderStatus(db, manager, number, "cancelled", version, "Покупатель передумал");
    expect(await stockOf(product.id)).toBe(start);
    expect((await loadAdminOrder(db, number))!.status).toBe("cancelled");
    // a cancelled order stays cancelled: no second return of the stock
    await expect(changeOrderStatus(db, manager, number, "cancelled", version + 1)).rejects.toBeInstanceOf(AdminOrderError);
    expect(await stockOf(product.id)).toBe(start);
  });

  it("two staff saving one version: the second gets the conflict and nothing of it is written", async () => {
    const number = await order(1);
    const { version } = (await loadAdminOrder(db, number))!;
    await changeOrderStatus(db, manager, number, "confirmed", version);
    await expect(changeOrderStatus(db, manager, number, "cancelled", version)).rejects.toMatchObject({ status: 409, message: ORDER_CONFLICT_MESSAGE });
    await expect(setManagerNote(db, manager, number, version, "Перезвонить")).rejects.toMatchObject({ status: 409, message: ORDER_CONFLICT_MESSAGE });
    const view = (await loadAdminOrder(db, number))!;
    expect(view.status).toBe("confirmed");
    expect(view.managerNote).toBe("");
    expect(view.version).toBe(version + 1);
    expect((await listAudit(db, { entity: "order", entityId: number })).total).toBe(1);
  });

  it("edits lines before Собран: stock and totals follow, beyond stock is a field error, audit has before and after", async () => {
    const other = await db.kysely
      .selectFrom("products")
      .select(["id", "price", "weight", "stock"])
      .where("kind", "=", "product")
      .where("id", "!=", product.id)
      .where("stock", ">=", 2)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const number = await order(2);
    let view = (await loadAdminOrder(db, number))!;
    const line = view.lines[0]!;
    const start = await stockOf(product.id);
    let version = await editOrderLines(db, manager, number, view.version, { kind: "qty", lineId: line.id, qty: 4 });
    expect(await stockOf(product.id)).toBe(start - 2);
    version = await editOrderLines(db, manager, number, version, { kind: "add", productId: other.id, qty: 1 });
    view = (await loadAdminOrder(db, number))!;
    expect(view.lines.map((l) => l.qty)).toEqual([4, 1]);
    expect(view.itemsTotal).toBe(line.price * 4 + Number(other.price));
    expect(view.weight).toBe(line.weight * 4 + other.weight);
    expect(view.total).toBe(view.itemsTotal + view.deliveryCost + view.liftingCost);
    expect(view.liftingCost).toBeGreaterThan(0);

    const refused = editOrderLines(db, manager, number, version, { kind: "add", productId: other.id, qty: other.stock });
    await expect(refused).rejects.toMatchObject({ status: 422, field: "qty", message: /на складе осталось только/ });
    expect((await loadAdminOrder(db, number))!.version).toBe(version);

    version = await editOrderLines(db, manager, number, version, { kind: "remove", lineId: view.lines[1]!.id });
    expect(await stockOf(other.id)).toBe(other.stock);
    version = await editOrderLines(db, manager, number, version, { kind: "qty", lineId: line.id, qty: 1 });
    expect(await stockOf(product.id)).toBe(start + 1);
    await expect(editOrderLines(db, manager, number, version, { kind: "remove", lineId: line.id })).rejects.toMatchObject({ status: 422 });

    const edits = (await listAudit(db, { entity: "order", entityId: number })).entries.filter((e) => e.action === "order.edit");
    expect(edits).toHaveLength(4);
    expect(edits.at(-1)!.before).toMatchObject({ lines: [{ title: product.title, qty: 2 }] });
    expect(edits.at(-1)!.after).toMatchObject({ lines: [{ title: product.title, qty: 4 }] });

    version = (await changeOrderStatus(db, manager, number, "confirmed", version)).version;
    version = (await changeOrderStatus(db, manager, number, "assembled", version)).version;
    await expect(editOrderLines(db, manager, number, version, { kind: "qty", lineId: line.id, qty: 2 })).rejects.toMatchObject({ status: 409 });
  });

  it("keeps the manager's note, audited", async () => {
    const number = await order(1);
    const { version } = (await loadAdminOrder(db, number))!;
    await setManagerNote(db, manager, number, version, "  Позвонить после 18:00 ");
    expect((await loadAdminOrder(db, number))!.managerNote).toBe("Позвонить после 18:00");
    const [entry] = (await listAudit(db, { entity: "order", entityId: number })).entries;
    expect(entry).toMatchObject({ action: "order.note", before: { managerNote: "" }, after: { managerNote: "Позвонить после 18:00" } });
  });
});
