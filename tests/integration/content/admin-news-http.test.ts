// News in the back office over HTTP on both dialects: a content editor adds a news item with a
// cover picture and it is on /news/ and /news/<slug>/ at once; the body is cleaned of script,
// handlers and javascript: links; bad input is refused at the field without losing the uploaded
// cover; a taken address, a stale version and an unconfirmed delete are refused; every write is
// in the audit log.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { listAudit } from "../../../app/features/audit/audit.server.ts";
import { contentDesk, staffVisitor } from "../../support/staff.ts";
import { dialects, MEDIA_DIR } from "../../support/test-app.ts";

const cover = async (width = 1200, height = 675) =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 160, b: 90 } } })
        .jpeg()
        .toBuffer(),
    ),
  ]);

function newsForm(fields: Record<string, string>, picture?: Blob, name = "salon.jpg"): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (picture) form.set("cover", picture, name);
  return form;
}

const hiddenImage = (html: string) => /<input type="hidden" name="image" value="([^"]*)"/.exec(html)?.[1] ?? null;

describe.each(dialects)("news in the back office over HTTP on %s", (dialect) => {
  const desk = contentDesk(dialect);
  const slug = `otkrytie-salona-${dialect}`;
  const fields = {
    title: "Открытие салона в Казани",
    slug,
    date: "2026-11-25",
    summary: "Новый салон на улице Баумана",
    body: '<p>Ждём вас <a href="javascript:alert(1)">по адресу</a></p><script>alert(2)</script><p onclick="alert(3)">Каждый день</p>',
    imageAlt: "Зал салона с диванами",
  };

  const post = (to: string, form: FormData) => desk.editor.postForm(to, form, { accept: "text/html" });
  const rowOf = (s: string) => desk.app.vitrina.db.kysely.selectFrom("news").selectAll().where("slug", "=", s).executeTakeFirst();

  it("adds a news item with a cover: it is first on /news/ and its page shows the cleaned text", async () => {
    const list = await (await desk.editor.get("/admin/content/")).text();
    expect(list).toContain("Новости");
    expect(list).toContain('href="/admin/content/news/new/"');

    const res = await post("/admin/content/news/new/", newsForm(fields, await cover()));
    expect(res.status).toBe(303);
    const row = await rowOf(slug);
    expect(row).toBeDefined();
    expect(res.headers.get("location")).toBe(`/admin/content/news/${row!.id}/?saved=1`);
    expect(row!.image).toMatch(/^\/media\/news\/u[0-9a-f]{32}$/);
    expect(fs.existsSync(path.join(MEDIA_DIR, `${row!.image.replace("/media/", "")}-960.webp`))).toBe(true);
    expect((await desk.visitor.get(`${row!.image}-480.avif`)).status).toBe(200);

    const news = await (await desk.visitor.get("/news/")).text();
    const first = news.indexOf('class="news-card"');
    expect(news.indexOf(`/news/${slug}/`)).toBeGreaterThan(first);
    expect(news.indexOf(`/news/${slug}/`)).toBeLessThan(news.indexOf('class="news-card"', first + 1));
    expect(news).toContain('alt="Зал салона с диванами"');

    const page = await desk.visitor.get(`/news/${slug}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Открытие салона в Казани");
    expect(html).toContain("Каждый день");
    expect(html).toContain(`${row!.image}-960.webp`);
    const body = html.slice(html.indexOf("<h1"), html.indexOf("news-share"));
    expect(body).not.toContain("alert(");
    expect(body).not.toMatch(/onclick|javascript:/i);
    expect(row!.body).not.toMatch(/<script|onclick|javascript:/i);
  });

  it("edits a news item: the storefront shows the change on the next request", async () => {
    const row = (await rowOf(slug))!;
    const res = await post(
      `/admin/content/news/${row.id}/`,
      newsForm({ ...fields, title: "Салон в Казани открыт", image: row.image, version: String(row.version) }),
    );
    expect(res.status).toBe(303);
    expect(await (await desk.visitor.get("/news/")).text()).toContain("Салон в Казани открыт");
    const after = (await rowOf(slug))!;
    expect(after.image).toBe(row.image);
    expect(Number(after.version)).toBe(Number(row.version) + 1);
    const audit = await listAudit(desk.app.vitrina.db, { entity: "news" });
    const edit = audit.entries.find((e) => e.action === "news.edit" && e.entityId === String(row.id));
    expect(edit?.before).toMatchObject({ title: "Открытие салона в Казани" });
    expect(edit?.after).toMatchObject({ title: "Салон в Казани открыт" });
    expect(audit.entries.some((e) => e.action === "news.add" && e.entityId === String(row.id))).toBe(true);
  });

  it("refuses bad input at the field with 422, keeps what was typed and the uploaded cover", async () => {
    const res = await post("/admin/content/news/new/", newsForm({ ...fields, title: "", slug: `bez-zagolovka-${dialect}`, date: "2026-02-30" }, await cover()));
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Укажите заголовок");
    expect(html).toContain("Дата в формате ГГГГ-ММ-ДД");
    expect(html).toContain("Новый салон на улице Баумана");
    const carried = hiddenImage(html);
    expect(carried).toMatch(/^\/media\/news\/u[0-9a-f]{32}$/);

    // sent again, fixed, without the file: the carried cover is the one saved
    const fixed = await post("/admin/content/news/new/", newsForm({ ...fields, slug: `bez-zagolovka-${dialect}`, image: carried! }));
    expect(fixed.status).toBe(303);
    expect((await rowOf(`bez-zagolovka-${dialect}`))!.image).toBe(carried);
  });

  it("accepts back only a cover path an upload produced", async () => {
    const res = await post("/admin/content/news/new/", newsForm({ ...fields, slug: `chuzhaya-kartinka-${dialect}`, image: "/logout/" }));
    expect(res.status).toBe(303);
    expect((await rowOf(`chuzhaya-kartinka-${dialect}`))!.image).toBe("");
  });

  it("refuses a file that is not a picture, and a taken address, in Russian at the field", async () => {
    const notImage = await post(
      "/admin/content/news/new/",
      newsForm({ ...fields, slug: `ne-kartinka-${dialect}` }, new Blob([new TextEncoder().encode("<svg onload=alert(1)>")]), "price.png"),
    );
    expect(notImage.status).toBe(415);
    const html = await notImage.text();
    expect(html).toContain("Это не изображение (нужен JPEG, PNG, WebP или AVIF): price.png");
    expect(html).toContain("Открытие салона в Казани");
    expect(await rowOf(`ne-kartinka-${dialect}`)).toBeUndefined();

    const taken = await post("/admin/content/news/new/", newsForm(fields));
    expect(taken.status).toBe(422);
    expect(await taken.text()).toContain("Такой адрес уже есть у другой новости");
  });

  it("refuses a cover over 10 MB at the field, and a body over the route's cap before reading it", async () => {
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]);
    const over = await post("/admin/content/news/new/", newsForm({ ...fields, slug: `bolshaya-${dialect}` }, big, "big.jpg"));
    expect(over.status).toBe(413);
    const html = await over.text();
    expect(html).toContain("Файл больше 10 МБ: big.jpg");
    expect(html).toContain("Открытие салона в Казани");
    expect(await rowOf(`bolshaya-${dialect}`)).toBeUndefined();

    const huge = await post(
      "/admin/content/news/new/",
      newsForm({ ...fields, slug: `ogromnaya-${dialect}` }, new Blob([new Uint8Array(13 * 1024 * 1024)]), "huge.jpg"),
    );
    expect(huge.status).toBe(413);
    expect(await rowOf(`ogromnaya-${dialect}`)).toBeUndefined();
    // the rest of the content screens keep the small cap of a form
    const page = await desk.editor.request("/admin/content/", { method: "POST", body: newsForm({ intent: "banner", text: "x".repeat(70 * 1024) }) });
    expect(page.status).toBe(413);
    expect((await desk.editor.get("/admin/content/news/abc/")).status).toBe(404);
    expect((await desk.editor.get("/admin/content/news/999999/")).status).toBe(404);
  });

  it("refuses a save on a version someone else already saved", async () => {
    const row = (await rowOf(slug))!;
    const stale = await post(`/admin/content/news/${row.id}/`, newsForm({ ...fields, title: "Чужая правка", version: String(Number(row.version) - 1) }));
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Пока вы редактировали");
    expect((await rowOf(slug))!.title).toBe("Салон в Казани открыт");
  });

  it("deletes only when confirmed: the news page is gone and so is its cover", async () => {
    const row = (await rowOf(slug))!;
    const unconfirmed = await post(`/admin/content/news/${row.id}/`, newsForm({ intent: "delete", version: String(row.version) }));
    expect(unconfirmed.status).toBe(422);
    expect(await unconfirmed.text()).toContain("Да, удалить эту новость");
    expect(await rowOf(slug)).toBeDefined();

    const deleted = await post(`/admin/content/news/${row.id}/`, newsForm({ intent: "delete", version: String(row.version), confirm: "on" }));
    expect(deleted.status).toBe(303);
    expect((await desk.visitor.get(`/news/${slug}/`)).status).toBe(404);
    expect(await (await desk.visitor.get("/news/")).text()).not.toContain(`/news/${slug}/`);
    expect(fs.existsSync(path.join(MEDIA_DIR, `${row.image.replace("/media/", "")}-960.webp`))).toBe(false);
    const audit = await listAudit(desk.app.vitrina.db, { entity: "news" });
    expect(audit.entries.find((e) => e.action === "news.delete" && e.entityId === String(row.id))?.after).toBeNull();
  });

  it("a visitor or a manager cannot add news", async () => {
    const manager = (await staffVisitor(desk.app, "manager")).visitor;
    expect((await manager.postForm("/admin/content/news/new/", newsForm({ ...fields, slug: "nelzya" }), { accept: "text/html" })).status).toBe(403);
    expect(await rowOf("nelzya")).toBeUndefined();
  });
});
