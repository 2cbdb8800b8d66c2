// The dashboard's figures on both dialects: orders since Moscow midnight and since Monday (count and
// sum), products low in stock, unapproved reviews, requests; each figure links into its list and a
// role sees only the figures of its areas.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestDb, startTestApp, type TestApp } from "../../support/test-app.ts";
import { staffVisitor } from "../../support/staff.ts";
import { LOW_STOCK, loadDashboard } from "../../../app/features/back-office/admin-dashboard.server.ts";
import type { Db } from "../../../app/db/database.server.ts";

let seq = 0;
async function addOrder(db: Db, createdAt: number, total: number) {
  const n = `T${++seq}${process.pid}`;
  await db.kysely
    .insertInto("orders")
    .values({
      number: n,
      owner: "test",
      user_id: null,
      idempotency_key: n,
      status: "new",
      name: "Анна",
      phone: "+79161234567",
      email: "",
      delivery_type: "pickup",
      pickup_point_id: null,
      address: "",
      floor: null,
      lift: null,
      delivery_date: "2026-11-30",
      delivery_time: "",
      comment: "",
      items_total: total,
      discount: 0,
      delivery_cost: 0,
      lifting_cost: 0,
      total,
      weight: 0,
      consent_version: "1",
      consent_at: createdAt,
      created_at: createdAt,
    })
    .execute();
}

describe.each(dialects)("dashboard on %s", (dialect) => {
  let test: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    test = await openTestDb(dialect);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("counts orders by Moscow day and week, low stock, reviews and requests", async () => {
    const db = test.db;
    // Wednesday 25 Nov 2026, 12:00 Moscow (09:00 UTC); the week began Monday 23 Nov 00:00 Moscow
    const now = Date.UTC(2026, 10, 25, 9, 0);
    await addOrder(db, Date.UTC(2026, 10, 24, 21, 30), 100_00); // today 00:30 Moscow
    await addOrder(db, Date.UTC(2026, 10, 25, 8, 0), 250_00); // today
    await addOrder(db, Date.UTC(2026, 10, 24, 20, 59), 1_000_00); // yesterday 23:59 Moscow: week only
    await addOrder(db, Date.UTC(2026, 10, 22, 21, 0), 10_00); // Monday 00:00 Moscow: week
    await addOrder(db, Date.UTC(2026, 10, 22, 20, 59), 5_000_00); // Sunday: neither
    const figures = await loadDashboard(db, now);
    expect(figures.today).toEqual({ count: 2, sum: 350_00 });
    expect(figures.week).toEqual({ count: 4, sum: 1_360_00 });
    expect(figures.lowStock).toBe(0);
    expect(LOW_STOCK).toBe(2);
  });
});

describe.each(dialects)("dashboard page on %s", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("shows the owner every figure linked into its list, with the seeded shop's low stock", async () => {
    const low = await app.vitrina.db.kysely
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("stock", "<=", 2)
      .executeTakeFirstOrThrow();
    const waiting = await app.vitrina.db.kysely
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("approved", "=", 0)
      .executeTakeFirstOrThrow();
    const { visitor } = await staffVisitor(app, "owner");
    const html = await (await visitor.get("/admin/")).text();
    expect(html).toMatch(/href="\/admin\/orders\/\?from=\d{4}-\d{2}-\d{2}"/);
    expect(html).toContain('href="/admin/requests/?status=new"');
    expect(html).toContain('href="/admin/reviews/"');
    expect(html).toMatch(new RegExp(`href="/admin/products/\\?stock=low"[^>]*>.*?<span class="dashboard__value">${Number(low.n)}</span>`));
    expect(html).toMatch(new RegExp(`href="/admin/reviews/"[^>]*>.*?<span class="dashboard__value">${Number(waiting.n)}</span>`));
  });

  it("shows a content editor no order figures", async () => {
    const { visitor } = await staffVisitor(app, "content");
    const html = await (await visitor.get("/admin/")).text();
    expect(html).not.toContain("Заказы сегодня");
    expect(html).toContain("Заканчиваются");
  });
});
