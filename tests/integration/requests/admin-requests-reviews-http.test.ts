// The requests and reviews screens over HTTP on both dialects: plain form posts (303 back), bad
// input answered in Russian with a 4xx, attachments served to staff only and never by a public
// URL, a published review on the product page at once.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, MEDIA_DIR, startTestApp, type TestApp } from "../../support/test-app.ts";
import { staffVisitor } from "../../support/staff.ts";
import { Visitor } from "../../support/accounts-client.ts";
import { listAudit } from "../../../app/features/audit/audit.server.ts";
import { CURRENT_CONSENT_VERSION, CURRENT_REVIEW_CONSENT } from "../../../app/lib/consent.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe.each(dialects)("back office requests and reviews over HTTP on %s", (dialect) => {
  let app: TestApp;
  let manager: Visitor;
  let managerId: number;
  let content: Visitor;
  let customer: Visitor;
  let feedbackId: number;
  let stored: string;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const m = await staffVisitor(app, "manager");
    manager = m.visitor;
    managerId = m.account.id;
    content = (await staffVisitor(app, "content")).visitor;
    customer = (await staffVisitor(app, null)).visitor;
    // a visitor sends feedback with a photo through the public form
    const f = new FormData();
    for (const [k, v] of Object.entries({ name: "Олег", email: "oleg@example.ru", phone: "", message: "Царапина на двери шкафа", consent: "on" })) f.set(k, v);
    f.set("consent_version", CURRENT_CONSENT_VERSION);
    f.set("ajax", "feedback");
    f.append("files[]", new Blob([PNG], { type: "image/png" }), "царапина.png");
    const sent = await fetch(`${app.url}/forms/feedback/`, { method: "POST", body: f, headers: { origin: app.url, accept: "application/json" } });
    expect(sent.status).toBe(200);
    const row = await app.vitrina.db.kysely.selectFrom("form_submissions").select(["id", "attachments"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    feedbackId = Number(row.id);
    stored = (JSON.parse(row.attachments) as { file: string }[])[0]!.file;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("lists the request and finds it by e-mail, with its consent on its page", async () => {
    const list = await (await manager.get("/admin/requests/?q=OLEG@example.ru")).text();
    expect(list).toContain(`Заявка № ${feedbackId}`);
    const page = await manager.get(`/admin/requests/${feedbackId}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Царапина на двери шкафа");
    expect(html).toContain(CURRENT_CONSENT_VERSION);
    expect(html).toContain(`/admin/requests/${feedbackId}/files/1/`);
    expect(html).not.toContain(stored);
  });

  it("serves an attachment to staff as a download, and to nobody else", async () => {
    const res = await manager.get(`/admin/requests/${feedbackId}/files/1/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("царапина.png"));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await manager.get(`/admin/requests/${feedbackId}/files/2/`)).status).toBe(404);

    const anonymous = await new Visitor(app.url).get(`/admin/requests/${feedbackId}/files/1/`);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\//);
    const asCustomer = await customer.get(`/admin/requests/${feedbackId}/files/1/`);
    expect(asCustomer.status).toBe(303);
    expect((await content.get(`/admin/requests/${feedbackId}/files/1/`)).status).toBe(403);

    // the stored name under no public address
    expect(fs.existsSync(path.join(MEDIA_DIR, "forms", stored))).toBe(false);
    for (const guess of [`/media/forms/${stored}`, `/media/${stored}`, `/uploads/forms/${stored}`, `/forms/${stored}`]) {
      const res = await fetch(app.url + guess);
      expect(res.status, guess).toBeGreaterThanOrEqual(400);
      expect(Buffer.from(await res.arrayBuffer()).includes(PNG)).toBe(false);
    }
  });

  it("takes a request in work and closes it with plain posts, audited; bad input gets 4xx in Russian", async () => {
    const path = `/admin/requests/${feedbackId}/`;
    const taken = await manager.post(path, { status: "in_progress", assignee: String(managerId), note: "Отправить мастера", version: "1" });
    expect(taken.status).toBe(303);
    expect(taken.headers.get("location")).toBe(`${path}?saved=1`);
    expect(await (await manager.get(`/admin/requests/?status=in_progress`)).text()).toContain(`Заявка № ${feedbackId}`);

    const stale = await manager.post(path, { status: "closed", assignee: "", note: "", version: "1" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Заявку изменил другой сотрудник, обновите страницу");
    const bad = await manager.post(path, { status: "archived", assignee: "", note: "", version: "2" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Выберите статус заявки");

    expect((await manager.post(path, { status: "closed", assignee: String(managerId), note: "Отправить мастера", version: "2" })).status).toBe(303);
    const { entries } = await listAudit(app.vitrina.db, { entity: "request", entityId: String(feedbackId) });
    expect(entries.map((e) => e.after)).toEqual([{ status: "closed" }, { status: "in_progress", assigneeId: managerId, note: "Отправить мастера" }]);

    expect((await manager.get("/admin/requests/99999999/")).status).toBe(404);
    expect((await manager.get("/admin/requests/abc/")).status).toBe(404);
    expect((await manager.post("/admin/requests/99999999/", { status: "closed", version: "1" })).status).toBe(404);
    expect((await content.post(path, { status: "new", version: "3" })).status).toBe(403);
  });

  it("publishes a review onto the product page with the new rating, hides it again, and needs a reason to reject", async () => {
    const k = app.vitrina.db.kysely;
    const product = await k
      .selectFrom("products")
      .select(["id", "slug", "rating", "rating_count"])
      .where("kind", "=", "product")
      .where("rating_count", ">", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const approved = await k.selectFrom("reviews").select("rating").where("product_id", "=", product.id).where("approved", "=", 1).execute();
    const now = Date.now();
    const add = async (name: string, rating: number) =>
      Number(
        (
          await k
            .insertInto("reviews")
            .values({
              product_id: product.id,
              rating,
              text: "Собрали за вечер, сидеть удобно.",
              name,
              consent_version: CURRENT_REVIEW_CONSENT,
              consent_at: now,
              approved: 0,
              created_at: now,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    const id = await add("Зинаида", 2);
    const queue = await (await manager.get("/admin/reviews/")).text();
    expect(queue).toContain("Зинаида");

    const noReason = await manager.post("/admin/reviews/", { intent: "reject", id: String(id), reason: "  " });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Укажите причину отклонения");

    const published = await manager.post("/admin/reviews/", { intent: "publish", id: String(id) });
    expect(published.status).toBe(303);
    const count = approved.length + 1;
    const rating = Math.round(((approved.reduce((a, r) => a + Number(r.rating), 0) + 2) / count) * 10) / 10;
    const after = await k.selectFrom("products").select(["rating", "rating_count"]).where("id", "=", product.id).executeTakeFirstOrThrow();
    expect([Number(after.rating), Number(after.rating_count)]).toEqual([rating, count]);
    const tab = await (await fetch(`${app.url}/product/${product.slug}/reviews/`)).text();
    expect(tab).toContain("Зинаида");
    expect(tab).toContain(rating.toFixed(1).replace(".", ","));

    const again = await manager.post("/admin/reviews/", { intent: "publish", id: String(id) });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Этот отзыв уже опубликован");

    expect((await manager.post("/admin/reviews/?state=published", { intent: "hide", id: String(id) })).status).toBe(303);
    const hidden = await k.selectFrom("products").select(["rating", "rating_count"]).where("id", "=", product.id).executeTakeFirstOrThrow();
    expect([Number(hidden.rating), Number(hidden.rating_count)]).toEqual([Number(product.rating), Number(product.rating_count)]);
    expect(await (await fetch(`${app.url}/product/${product.slug}/reviews/`)).text()).not.toContain("Зинаида");

    const spam = await add("Спам", 5);
    expect((await manager.post("/admin/reviews/", { intent: "reject", id: String(spam), reason: "Реклама" })).status).toBe(303);
    expect(await (await manager.get("/admin/reviews/?state=rejected")).text()).toContain("Причина отклонения: Реклама");
    expect((await manager.post("/admin/reviews/", { intent: "publish", id: "99999999" })).status).toBe(404);
    expect((await manager.post("/admin/reviews/", { intent: "delete", id: String(spam) })).status).toBe(400);
    expect((await content.post("/admin/reviews/", { intent: "publish", id: String(spam) })).status).toBe(403);
    expect((await customer.post("/admin/reviews/", { intent: "publish", id: String(spam) })).status).toBe(303);
    expect((await k.selectFrom("reviews").select("approved").where("id", "=", spam).executeTakeFirstOrThrow()).approved).toBe(0);
  });
});
