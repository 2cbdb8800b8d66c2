// Role × route matrix over every back-office address (tests/support/admin-routes.ts): visitors and
// customers get the login page with the way back, staff without the area a Russian 403, the right
// roles get in. Plus: the back office is never indexed and a role in a form counts for nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { ADMIN_ROUTES, type AdminRouteCase } from "../../support/admin-routes.ts";
import { staffVisitor } from "../../support/staff.ts";
import { STAFF_ROLES, type StaffRole } from "../../../app/features/staff/staff-roles.ts";
import { Visitor } from "../../support/accounts-client.ts";

const send = (v: Visitor, c: AdminRouteCase) => (c.method === "GET" ? v.get(c.path) : v.post(c.path, c.form ?? {}));

describe.each(dialects)("back-office access on %s", (dialect) => {
  let app: TestApp;
  const visitors = new Map<StaffRole | "customer", Visitor>();
  beforeAll(async () => {
    app = await startTestApp(dialect);
    for (const role of STAFF_ROLES) visitors.set(role, (await staffVisitor(app, role)).visitor);
    visitors.set("customer", (await staffVisitor(app, null)).visitor);
  });
  afterAll(async () => {
    await app?.stop();
  });

  describe.each(ADMIN_ROUTES)("$method $path", (c) => {
    it("sends an anonymous visitor and a customer to the login page with the way back", async () => {
      for (const v of [new Visitor(app.url), visitors.get("customer")!]) {
        const res = await send(v, c);
        expect([302, 303]).toContain(res.status);
        expect(res.headers.get("location")).toBe(`/login/?back=${encodeURIComponent(c.path)}`);
        expect(res.headers.get("x-robots-tag")).toContain("noindex");
      }
    });

    it.each(STAFF_ROLES)("as %s: in if the role may, else 403 in Russian", async (role) => {
      const res = await send(visitors.get(role)!, c);
      const body = await res.text();
      if (c.roles.includes(role)) {
        if (c.method === "GET") expect(res.status, body.slice(0, 300)).toBe(200);
        else expect([200, 303, 400, 401, 404, 409, 422]).toContain(res.status);
        expect(body).not.toContain("Недостаточно прав");
      } else {
        expect(res.status).toBe(403);
        expect(body).toContain("Недостаточно прав");
      }
    });
  });

  it("refuses the data a script (a fetcher) asks for with 403 too", async () => {
    const res = await visitors.get("manager")!.get("/admin/staff/_.data", { accept: "application/json" });
    expect(res.status).toBe(403);
    const body = await res.text();
    expect(body).toContain("Недостаточно прав");
    expect(body).not.toContain('"since"'); // no staff list leaks out
  });

  it("marks pages noindex and keeps the shop's header out", async () => {
    const res = await visitors.get("owner")!.get("/admin/");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const html = await res.text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain("Выйти");
    // the markup, not the class name: the shop's stylesheet (inlined into every head) names it
    expect(html).not.toMatch(/<header[^>]*class="site-header/);
    expect(html).not.toContain("Корзина</span>");
    const robots = await (await new Visitor(app.url).get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin/");
  });

  it("shows each role only the links it may follow", async () => {
    const html = await (await visitors.get("manager")!.get("/admin/")).text();
    for (const name of ["Заказы", "Заявки", "Отзывы", "Промокоды"]) expect(html).toContain(`>${name}</a>`);
    for (const name of ["Товары", "Разделы", "Импорт", "Контент", "Сотрудники", "Журнал"]) expect(html).not.toContain(`>${name}</a>`);
  });

  it("lets a customer sent by the back office sign in as staff instead of looping", async () => {
    const res = await visitors.get("customer")!.get("/login/?back=%2Fadmin%2F");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("только для сотрудников");
  });

  it("answers an unknown area with 404 inside the back office", async () => {
    const res = await visitors.get("owner")!.get("/admin/nowhere/");
    expect(res.status).toBe(404);
  });
});
