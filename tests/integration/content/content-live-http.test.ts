// The back office's content promises over HTTP on both dialects: FAQ questions are edited in the back
// office and show in the accordion; a showroom's typed map point is checked in Russian; a product
// description saved with script, handlers and javascript: links renders without them (and the
// seed's plain-text descriptions still render as paragraphs); the sitemap is revalidated by ETag,
// so a hidden product leaves every cached copy on the next request.
import { describe, expect, it } from "vitest";
import { contentDesk } from "../../support/staff.ts";
import { dialects } from "../../support/test-app.ts";

const versionOf = (html: string) => /name="version" value="(\d+)"/.exec(html)?.[1];

describe.each(dialects)("content live on the storefront on %s", (dialect) => {
  const desk = contentDesk(dialect);

  const product = (offset: number) =>
    desk.app.vitrina.db.kysely
      .selectFrom("products")
      .selectAll()
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .orderBy("id")
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow();

  it("FAQ questions are edited one by one: added, changed, removed, and the accordion follows", async () => {
    const page = await (await desk.editor.get("/admin/content/pages/faq/")).text();
    expect(page).toContain("Текст вопроса 1");
    expect(page).toContain("Текст нового вопроса");
    const questions = [...page.matchAll(/name="question-(\d+)"[^>]*value="([^"]*)"/g)].map((m) => m[2]!);
    expect(questions.length).toBeGreaterThan(2);
    const answers = [...page.matchAll(/<textarea[^>]*name="answer-(\d+)"[^>]*>([^<]*)</g)];
    const intro = /<textarea[^>]*name="intro"[^>]*>([^<]*)</.exec(page)?.[1];
    expect(intro).toContain("{{phone}}");
    const unescape = (s: string) =>
      s
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&amp;/g, "&");
    const fields: Record<string, string> = { form: "faq-items", title: "Вопросы и ответы", summary: "", intro: unescape(intro!), version: versionOf(page)! };
    questions.forEach((q, i) => {
      fields[`question-${i}`] = unescape(q);
      fields[`answer-${i}`] = unescape(answers[i]?.[2] ?? "");
    });
    fields["question-0"] = "Как быстро привезут диван?";
    fields["remove-1"] = "on";
    fields[`question-${questions.length}`] = "Можно ли заказать диван по своим размерам?";
    fields[`answer-${questions.length}`] = '<p onclick="x()">Да, <strong>от 3 недель</strong>.</p>';

    const half = await desk.editor.post("/admin/content/pages/faq/", { ...fields, [`answer-${questions.length}`]: "" });
    expect(half.status).toBe(422);
    const halfHtml = await half.text();
    expect(halfHtml).toContain("Напишите ответ на вопрос");
    expect(halfHtml).toContain('value="Можно ли заказать диван по своим размерам?"');

    const saved = await desk.editor.post("/admin/content/pages/faq/", fields);
    expect(saved.status).toBe(303);
    const faq = await (await desk.visitor.get("/faq/")).text();
    expect(faq).toContain("Как быстро привезут диван?");
    expect(faq).not.toContain(unescape(questions[1]!));
    expect(faq).toContain("Можно ли заказать диван по своим размерам?");
    expect(faq).toContain("<strong>от 3 недель</strong>");
    expect(faq).not.toContain("onclick");
    // the introduction's shop facts are still filled on the storefront
    expect(faq).not.toContain("{{phone}}");
  });

  it("checks a typed map point in Russian at the field and keeps what was typed", async () => {
    const row = await desk.app.vitrina.db.kysely.selectFrom("contact_points").select(["id", "version"]).orderBy("id").executeTakeFirstOrThrow();
    const fields = { title: "Салон на Невском", city: "Санкт-Петербург", address: "Невский проспект, 28", kind: "showroom", version: String(row.version) };
    const bad = await desk.editor.post(`/admin/content/showrooms/${row.id}/`, { ...fields, lat: "95,5", lon: "восток" });
    expect(bad.status).toBe(422);
    const html = await bad.text();
    expect(html).toContain("Широта — число от −90 до 90, например 55.7601");
    expect(html).toContain("Долгота — число от −180 до 180, например 37.6187");
    expect(html).toContain('value="95,5"');
    const empty = await desk.editor.post(`/admin/content/showrooms/${row.id}/`, { ...fields, lat: "", lon: "" });
    expect(await empty.text()).toContain("Укажите широту");

    const saved = await desk.editor.post(`/admin/content/showrooms/${row.id}/`, { ...fields, lat: "59,93432", lon: "30.3351" });
    expect(saved.status).toBe(303);
    const stored = await desk.app.vitrina.db.kysely.selectFrom("contact_points").select(["lat", "lon"]).where("id", "=", row.id).executeTakeFirstOrThrow();
    // PostgreSQL keeps the point as \`real\`: about a metre
    expect(Number(stored.lat)).toBeCloseTo(59.93432, 5);
    expect(Number(stored.lon)).toBeCloseTo(30.3351, 5);
    expect(await (await desk.editor.get(`/admin/content/showrooms/${row.id}/`)).text()).toContain('value="59.93432"');
  });

  it("a description saved with script, handlers and javascript: links renders without them", async () => {
    const p = await product(2);
    const form = await (await desk.editor.get(`/admin/products/${p.id}/`)).text();
    const description =
      '<p onclick="steal()">Каркас из <strong>массива бука</strong>.</p><script>alert(1)</script><ul><li>Велюр</li></ul><p><a href="javascript:alert(2)">уход</a> <img src="/media/x.webp" onerror="alert(3)"></p>';
    const saved = await desk.editor.post(`/admin/products/${p.id}/`, {
      title: p.title,
      slug: p.slug,
      sectionId: String(p.section_id),
      price: String(Number(p.price) / 100),
      stock: String(p.stock),
      published: "on",
      description,
      version: versionOf(form)!,
    });
    expect(saved.status).toBe(303);
    // a row written some other way (an import, an old save) is cleaned when shown as well
    await desk.app.vitrina.db.kysely
      .updateTable("products")
      .set({ description: `${description}<iframe src="https://evil.example/"></iframe>` })
      .where("id", "=", p.id)
      .execute();
    const html = await (await desk.visitor.get(`/product/${p.slug}/`)).text();
    const tab = html.slice(html.indexOf('class="product-description"'), html.indexOf("</div>", html.indexOf('class="product-description"')));
    expect(tab).toContain("Каркас из <strong>массива бука</strong>.");
    expect(tab).toContain("<li>Велюр</li>");
    expect(tab).not.toMatch(/<script|onclick|onerror|javascript:|<iframe/i);
    // the page's meta description carries the words, not the markup
    expect(html).toMatch(/<meta name="description" content="Каркас из массива бука\./);
  });

  it("a seed description in plain text still renders as paragraphs", async () => {
    const p = await product(5);
    expect(p.description).not.toMatch(/<p>/);
    const first = p.description.split(/\n\s*\n/)[0]!.trim();
    const html = await (await desk.visitor.get(`/product/${p.slug}/`)).text();
    const tab = html.slice(html.indexOf('class="product-description"'));
    expect(tab.startsWith(`class="product-description"><div class="rich-text"><p>${first.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}</p>`)).toBe(true);
  });

  it("the sitemap is revalidated by ETag: 304 while unchanged, a hidden product gone on the next request", async () => {
    const first = await desk.visitor.get("/sitemap.xml");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const p = await product(7);
    expect(await first.text()).toContain(`/product/${p.slug}/`);

    const again = await desk.visitor.get("/sitemap.xml", { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const hidden = await desk.editor.post("/admin/products/", { action: "hide", ids: String(p.id) });
    expect(hidden.status).toBe(303);
    const after = await desk.visitor.get("/sitemap.xml", { "if-none-match": etag! });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(await after.text()).not.toContain(`/product/${p.slug}/`);
  });
});
