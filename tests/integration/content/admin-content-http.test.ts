// The back office's content screens over HTTP on both dialects: the banner's text, switch and days
// reach every storefront page; a page saved with script and handlers renders without them (and
// keeps its shop-fact tokens working); a showroom change shows on /contacts/; two editors with
// one version: the second is refused; every save is in the audit log.
import { describe, expect, it } from "vitest";
import { listAudit } from "../../../app/features/audit/audit.server.ts";
import { formatPrice } from "../../../app/lib/format.ts";
import { shopToday } from "../../../app/lib/shop-calendar.ts";
import { SITE } from "../../../app/features/settings/site.ts";
import { placeTestOrder } from "../../support/orders.ts";
import { contentDesk, staffVisitor } from "../../support/staff.ts";
import { dialects } from "../../support/test-app.ts";
import { Visitor } from "../../support/accounts-client.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(dialects)("back office content over HTTP on %s", (dialect) => {
  const desk = contentDesk(dialect);

  const bannerVersion = async () => Number((await desk.app.vitrina.db.kysely.selectFrom("site_banner").select("version").executeTakeFirstOrThrow()).version);
  const saveBanner = async (fields: Record<string, string>) =>
    desk.editor.post("/admin/content/", { intent: "banner", version: String(await bannerVersion()), startsOn: "", endsOn: "", ...fields });

  it("shows the saved banner on the storefront, hides it when switched off or out of its days", async () => {
    const first = await (await desk.visitor.get("/")).text();
    expect(first).toContain("особому графику");

    const saved = await saveBanner({ text: "Склад закрыт на инвентаризацию 1 декабря", enabled: "on" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/content/?saved=banner");
    const home = await (await desk.visitor.get("/catalog/")).text();
    expect(home).toContain("Склад закрыт на инвентаризацию 1 декабря");
    expect(home).not.toContain("особому графику");

    await saveBanner({ text: "Склад закрыт на инвентаризацию 1 декабря" });
    expect(await (await desk.visitor.get("/")).text()).not.toContain("Склад закрыт на инвентаризацию");

    const tomorrow = shopToday(Date.now() + DAY);
    const yesterday = shopToday(Date.now() - DAY);
    await saveBanner({ text: "Склад закрыт на инвентаризацию 1 декабря", enabled: "on", startsOn: tomorrow });
    expect(await (await desk.visitor.get("/")).text()).not.toContain("Склад закрыт на инвентаризацию");
    await saveBanner({ text: "Склад закрыт на инвентаризацию 1 декабря", enabled: "on", endsOn: yesterday });
    expect(await (await desk.visitor.get("/")).text()).not.toContain("Склад закрыт на инвентаризацию");
    await saveBanner({ text: "Склад закрыт на инвентаризацию 1 декабря", enabled: "on", startsOn: yesterday, endsOn: tomorrow });
    expect(await (await desk.visitor.get("/")).text()).toContain("Склад закрыт на инвентаризацию");
  });

  it("a closed banner stays closed until its text changes", async () => {
    const html = await (await desk.visitor.get("/")).text();
    const key = /data-type="(notice-[\w-]+)"/.exec(html)?.[1];
    expect(key).toBeDefined();
    const reader = new Visitor(desk.app.url);
    const closed = await reader.post("/banner/close/", { type: key!, back: "/" });
    expect(closed.headers.get("set-cookie")).toContain(`${key}=closed`);
    const cookie = `${key}=closed`;
    expect(await (await reader.get("/", { cookie })).text()).not.toContain("Склад закрыт на инвентаризацию");
    await saveBanner({ text: "Новый график салонов с 1 января", enabled: "on" });
    expect(await (await reader.get("/", { cookie })).text()).toContain("Новый график салонов с 1 января");
  });

  it("answers bad banner input in Russian at the field, and a stale version with 409", async () => {
    const bad = await saveBanner({ text: "", enabled: "on", startsOn: "2026-12-10", endsOn: "2026-12-01" });
    expect(bad.status).toBe(422);
    const html = await bad.text();
    expect(html).toContain("Напишите текст объявления");
    expect(html).toContain("Дата окончания раньше даты начала");
    const stale = await desk.editor.post("/admin/content/", { intent: "banner", version: "1", text: "Старое", enabled: "on", startsOn: "", endsOn: "" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("уже сохранил кто-то другой");
  });

  it("a page saved with script and handlers renders without them, its tokens still filled", async () => {
    const page = await (await desk.editor.get("/admin/content/pages/payment/")).text();
    const version = /name="version" value="(\d+)"/.exec(page)?.[1];
    expect(version).toBeDefined();
    const body =
      '<p onclick="steal()">Оплата картой. Звоните {{phone}}</p><script>alert(1)</script><a href="javascript:alert(2)">ссылка</a><img src="/media/x.png" onerror="alert(3)">';
    const saved = await desk.editor.post("/admin/content/pages/payment/", { title: "Оплата заказа", summary: "Как оплатить", body, version: version! });
    expect(saved.status).toBe(303);
    const stored = (await desk.app.vitrina.db.kysely.selectFrom("pages").select("body").where("slug", "=", "payment").executeTakeFirstOrThrow()).body;
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:/i);

    const shown = await (await desk.visitor.get("/payment/")).text();
    expect(shown).toContain("Оплата заказа");
    expect(shown).toContain("Оплата картой. Звоните");
    expect(shown).toContain(`${SITE.phone}</a>`);
    expect(shown).not.toContain("{{phone}}");
    const main = shown.slice(shown.indexOf("<main"), shown.indexOf("</main>"));
    expect(main).not.toMatch(/<script|onclick|onerror|javascript:/i);

    // the second editor still holding the old version is refused, nothing overwritten
    const stale = await desk.editor.post("/admin/content/pages/payment/", { title: "Чужая правка", summary: "", body: "<p>x</p>", version: version! });
    expect(stale.status).toBe(409);
    expect(await (await desk.visitor.get("/payment/")).text()).not.toContain("Чужая правка");

    const empty = await desk.editor.post("/admin/content/pages/payment/", { title: "", summary: "", body: "", version: String(Number(version) + 1) });
    expect(empty.status).toBe(422);
    const html = await empty.text();
    expect(html).toContain("Укажите заголовок");
    expect(html).toContain("Страница не может быть пустой");
    expect((await desk.editor.get("/admin/content/pages/no-such-page/")).status).toBe(404);
  });

  it("a showroom's new address and hours show on /contacts/", async () => {
    const row = await desk.app.vitrina.db.kysely.selectFrom("contact_points").select(["id", "version"]).orderBy("id").executeTakeFirstOrThrow();
    const fields = {
      title: "Салон на Тверской",
      city: "Москва",
      address: "ул. Тверская, 99",
      phones: "+7 495 111-22-33",
      emails: "tver@vitrina.example",
      hours: "Пн–Вс 11:00–20:00",
      kind: "showroom",
      lat: "55.7700",
      lon: "37,5950",
      version: String(row.version),
    };
    const bad = await desk.editor.post(`/admin/content/showrooms/${row.id}/`, { ...fields, lat: "200", phones: "123" });
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Широта — число от −90 до 90");
    const saved = await desk.editor.post(`/admin/content/showrooms/${row.id}/`, fields);
    expect(saved.status).toBe(303);
    const contacts = await (await desk.visitor.get("/contacts/")).text();
    expect(contacts).toContain("ул. Тверская, 99");
    expect(contacts).toContain("Пн–Вс 11:00–20:00");
    expect(contacts).toContain("+7 (495) 111-22-33");

    const added = await desk.editor.post("/admin/content/showrooms/new/", { ...fields, title: "Салон в Казани", city: "Казань", address: "ул. Баумана, 5" });
    expect(added.status).toBe(303);
    expect(await (await desk.visitor.get("/contacts/")).text()).toContain("ул. Баумана, 5");
  });

  it("new lifting tariffs price the checkout's order and the /delivery/ calculator", async () => {
    const refused = await desk.editor.post("/admin/content/", {
      intent: "tariffs",
      version: "1",
      stairsPerFloorPer50kg: "-5",
      passengerLiftPer50kg: "",
      freightLiftPer100kg: "290",
    });
    expect(refused.status).toBe(422);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Сумма в рублях, не меньше 0");
    expect(refusedHtml).toContain("Укажите цену с пассажирским лифтом");
    const saved = await desk.editor.post("/admin/content/", {
      intent: "tariffs",
      version: "1",
      stairsPerFloorPer50kg: "100",
      passengerLiftPer50kg: "1 234,50",
      freightLiftPer100kg: "290",
    });
    expect(saved.status).toBe(303);
    expect(
      (
        await desk.editor.post("/admin/content/", {
          intent: "tariffs",
          version: "1",
          stairsPerFloorPer50kg: "1",
          passengerLiftPer50kg: "1",
          freightLiftPer100kg: "1",
        })
      ).status,
    ).toBe(409);

    // 80 kg to the 5th floor with a passenger lift: two started 50 kg at 1 234,50 ₽
    const calc = await (await desk.visitor.get("/delivery/?weight=80&floor=5&lift=passenger&sum=0")).text();
    expect(calc).toContain(formatPrice(2 * 123_450));

    const db = desk.app.vitrina.db;
    const product = await db.kysely
      .selectFrom("products")
      .select(["id", "weight"])
      .where("kind", "=", "product")
      .where("stock", ">=", 2)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const number = await placeTestOrder(db, {
      productId: Number(product.id),
      fields: { name: "Анна", phone: "8 (916) 123-45-67", email: "", lift: "passenger" },
    });
    const order = await db.kysely.selectFrom("orders").select(["lifting_cost", "weight"]).where("number", "=", number).executeTakeFirstOrThrow();
    expect(Number(order.lifting_cost)).toBe(Math.max(1, Math.ceil(Number(order.weight) / 50_000)) * 123_450);
  });

  it("writes every save to the audit log and keeps visitors and managers out", async () => {
    const entries = await listAudit(desk.app.vitrina.db, {});
    const actions = entries.entries.map((e) => e.action);
    expect(actions).toContain("banner.edit");
    expect(actions).toContain("page.edit");
    expect(actions).toContain("showroom.edit");
    expect(actions).toContain("showroom.add");
    expect(actions).toContain("tariffs.edit");
    const page = entries.entries.find((e) => e.action === "page.edit");
    expect((page?.after as { title: string }).title).toBe("Оплата заказа");

    const manager = (await staffVisitor(desk.app, "manager")).visitor;
    expect((await manager.get("/admin/content/pages/payment/")).status).toBe(403);
    const anonymous = await new Visitor(desk.app.url).post("/admin/content/", { intent: "banner", version: "1", text: "x" });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\//);
  });
});
