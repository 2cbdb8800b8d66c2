import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewForm } from "../../support/reviews.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { approveReview } from "../../../app/features/reviews/reviews.server.ts";
import { sitemapEntries, sitemapTotal } from "../../../app/features/content/sitemap.server.ts";
import { CURRENT_REVIEW_CONSENT } from "../../../app/lib/consent.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON-LD is checked field by field
type Json = any;

function jsonLdOf(html: string): Json[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!) as Json[];
}

describe.each(dialects)("product pages on %s", (dialect) => {
  let app: TestApp;
  let product: { id: number; slug: string; title: string; price: number; stock: number };
  let set: { id: number; slug: string };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const k = app.vitrina.db.kysely;
    const p = await k
      .selectFrom("products")
      .select(["id", "slug", "title", "price", "stock"])
      .where("kind", "=", "product")
      .where("stock", ">", 3)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    product = { ...p, price: Number(p.price) };
    set = await k.selectFrom("products").select(["id", "slug"]).where("kind", "=", "set").orderBy("id").executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(app.url + path, { redirect: "manual", headers });
  const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(app.url + path, { method: "POST", body: new URLSearchParams(body), redirect: "manual", headers: { origin: app.url, ...headers } });
  // what visitors sent (the demo's own reviews are approved already)
  const reviews = (productId: number) =>
    app.vitrina.db.kysely.selectFrom("reviews").selectAll().where("product_id", "=", productId).where("approved", "=", 0).orderBy("id").execute();

  it("renders the product with JSON-LD that carries name, price, RUB and availability", async () => {
    const res = await get(`/product/${product.slug}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const [ld, crumbs] = jsonLdOf(html);
    expect(ld).toMatchObject({ "@context": "https://schema.org", "@type": "Product", name: product.title });
    expect(ld.offers).toMatchObject({
      "@type": "Offer",
      price: (product.price / 100).toFixed(2),
      priceCurrency: "RUB",
      availability: "https://schema.org/InStock",
    });
    expect(ld.aggregateRating.ratingValue).toMatch(/^\d\.\d$/);
    expect(crumbs["@type"]).toBe("BreadcrumbList");
    expect(crumbs.itemListElement.at(-1)).toMatchObject({ name: product.title, item: `${app.publicUrl}/product/${product.slug}/` });
    // the inline JSON carries this response's CSP nonce
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(html).toContain(`<script type="application/ld+json" nonce="${nonce}">`);
    expect(res.headers.get("content-security-policy")).toContain("frame-src https://www.youtube-nocookie.com https://rutube.ru");
    expect(html).toContain(`<link rel="canonical" href="${app.publicUrl}/product/${product.slug}/"/>`);
    expect(html).toContain('property="og:type" content="product"');
    expect(html).toContain('property="product:price:currency" content="RUB"');
    expect(html).toContain("<h1");
    expect(html).toContain('role="tablist"');
  });

  it("answers an unknown product, tab or slug shape with the Russian 404", async () => {
    for (const path of ["/product/no-such-thing/", `/product/${product.slug}/unknown/`, "/product/%3Cscript%3E/", `/product/${"a".repeat(300)}/`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain("Страница не найдена");
    }
  });

  it("server-renders each tab at its own address for crawlers and no-JS visitors", async () => {
    const specs = await (await get(`/product/${product.slug}/specs/`)).text();
    expect(specs).toContain("Артикул");
    expect(specs).toMatch(/aria-selected="true"[^>]*>Характеристики|Характеристики<\/a>/);
    expect(specs).toContain(`<link rel="canonical" href="${app.publicUrl}/product/${product.slug}/specs/"/>`);
    const reviews = await (await get(`/product/${product.slug}/reviews/`)).text();
    expect(reviews).toContain("Оставить отзыв");
    expect(reviews).toMatch(/персональных данных/);
    const delivery = await (await get(`/product/${product.slug}/delivery/`)).text();
    expect(delivery).toContain(`<link rel="canonical" href="${app.publicUrl}/product/${product.slug}/"/>`);
  });

  it("loads a tab by POST with ajax and id, and refuses anything else", async () => {
    const tab = (id: string, headers?: Record<string, string>) => post(`/product/${product.slug}/tab/`, { ajax: "tab", id }, headers);
    const specs = await tab("specs");
    expect(specs.status).toBe(200);
    const body = await specs.json();
    expect(body.tab).toBe("specs");
    expect(body.rows[0]).toEqual({ title: "Артикул", value: String(product.id).padStart(6, "0") });
    expect((await (await tab("reviews")).json()).summary).toHaveProperty("ratingCount");
    expect((await (await tab("description")).json()).html).toMatch(/^<p>/);
    expect((await (await tab("delivery")).json()).html).toContain("Самовывоз");
    expect((await tab("__proto__")).status).toBe(400);
    expect((await post(`/product/${product.slug}/tab/`, { id: "specs" })).status).toBe(400);
    expect((await post("/product/no-such-thing/tab/", { ajax: "tab", id: "specs" })).status).toBe(404);
    expect(
      (
        await fetch(`${app.url}/product/${product.slug}/tab/`, {
          method: "POST",
          body: new URLSearchParams({ ajax: "tab", id: "specs" }),
          headers: { origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);
  });

  it("shows a set's items with the hidden fields that join the cart form", async () => {
    const html = await (await get(`/product/${set.slug}/`)).text();
    const items = await app.vitrina.db.kysely.selectFrom("set_items").select(["item_id", "optional"]).where("set_id", "=", set.id).execute();
    expect(html).toContain("Состав комплекта");
    expect(html).toContain('action="/cart/set/"');
    const inputs = [...html.matchAll(/<input[^>]*name="item"[^>]*>/g)].map((m) => m[0]);
    expect(
      inputs
        .filter((i) => i.includes('form="product-buy"'))
        .map((i) => Number(/value="(\d+)"/.exec(i)?.[1]))
        .sort(),
    ).toEqual(items.map((i) => i.item_id).sort());
    expect(inputs.filter((i) => i.includes('type="checkbox"'))).toHaveLength(items.filter((i) => Number(i.optional) === 1).length);
    expect(html).toContain("Цена комплекта");
    expect(html).toContain("Вес комплекта");
  });

  it("keeps a review without JavaScript: errors with what was typed (400), then 303 and an unapproved row", async () => {
    const path = `/product/${product.slug}/reviews/`;
    const bad = await post(path, { rating: "7", text: "Коротко", name: "Ива" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Оценка не может быть больше 5");
    expect(html).toContain("Расскажите чуть подробнее");
    expect(html).toContain("Подтвердите согласие на обработку персональных данных");
    expect(html).toContain(">Коротко</textarea>");
    expect(html).toContain('value="Ива"');
    expect(await reviews(product.id)).toHaveLength(0);

    const before = Date.now();
    const ok = await post(path, { rating: "4", text: "Хороший товар, пришёл быстро.", name: "Ива", consent: "on", consent_version: CURRENT_REVIEW_CONSENT });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`${path}?review=sent#review-form`);
    const [row] = await reviews(product.id);
    expect(row).toMatchObject({ rating: 4, text: "Хороший товар, пришёл быстро.", name: "Ива", consent_version: CURRENT_REVIEW_CONSENT, approved: 0 });
    expect(Number(row!.consent_at)).toBeGreaterThanOrEqual(before);
    const thanks = await (await get(`${path}?review=sent`)).text();
    expect(thanks).toContain("Спасибо, отзыв появится после проверки");
    expect(thanks).not.toContain("Хороший товар, пришёл быстро.");
  });

  it("takes the script's review post (ajax=review) without a redirect; only an approved review is shown and rated", async () => {
    // the page's script reads the action's answer through the router ({ok, errors}); a plain
    // post with ajax=review gets no redirect: 400 with errors or 200
    const path = `/product/${product.slug}/reviews/`;
    const bad = await post(path, { ajax: "review", rating: "abc" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Оценка должна быть числом");
    const ok = await post(path, {
      ajax: "review",
      rating: "5",
      text: "Отличный товар, всем советую!",
      name: "Олег",
      consent: "on",
      consent_version: CURRENT_REVIEW_CONSENT,
    });
    expect(ok.status).toBe(200);

    const row = (await reviews(product.id)).find((r) => r.name === "Олег")!;
    expect(row).toBeDefined();
    const before = await app.vitrina.db.kysely.selectFrom("products").select(["rating", "rating_count"]).where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(await approveReview(app.vitrina.db, Number(row.id))).toBe(true);
    expect(await approveReview(app.vitrina.db, Number(row.id))).toBe(false);
    const after = await app.vitrina.db.kysely.selectFrom("products").select(["rating", "rating_count"]).where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(Number(after.rating_count)).toBe(Number(before.rating_count) + 1);
    expect(Number(after.rating)).toBeCloseTo((Number(before.rating) * Number(before.rating_count) + 5) / (Number(before.rating_count) + 1), 1);

    // the newest review comes first; the demo's own reviews are older
    const shown = await (await post(`/product/${product.slug}/tab/`, { ajax: "tab", id: "reviews" })).json();
    expect(shown.list.items.map((r: Json) => r.name).filter((n: string) => n === "Олег")).toEqual(["Олег"]);
    expect(shown.list.items[0].name).toBe("Олег");
    const [ld] = jsonLdOf(await (await get(`/product/${product.slug}/`)).text());
    expect(ld.aggregateRating.reviewCount).toBe(Number(after.rating_count));
    expect(ld.review[0]).toMatchObject({ author: { name: "Олег" }, reviewRating: { ratingValue: "5" } });
  });

  it("thanks a bot that fills the honeypot but keeps nothing, and limits a flood", async () => {
    const path = `/product/${product.slug}/reviews/`;
    const review = (over: Record<string, string> = {}) =>
      reviewForm({ ajax: "review", rating: "3", text: "Нормально, но могло быть лучше.", name: "Тест", ...over });
    const count = (await reviews(product.id)).length;
    const bot = await post(path, review({ website: "http://spam.example" }));
    expect(bot.status).toBe(200);
    expect(await reviews(product.id)).toHaveLength(count);
    // five posts per address in ten minutes: three were made above, so the next two pass
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(path, review())).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("remembers viewed products in a cookie and shows them on the next product", async () => {
    const first = await get(`/product/${product.slug}/`);
    const cookie = first.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^viewed=${product.id}; `));
    for (const attribute of [/; Path=\/(;|$)/, /; Max-Age=\d+(;|$)/, /; SameSite=Lax(;|$)/, /; HttpOnly(;|$)/]) expect(cookie).toMatch(attribute);
    const next = await get(`/product/${set.slug}/`, { cookie: cookie.split(";")[0]! });
    const html = await next.text();
    expect(html).toContain("Вы недавно смотрели");
    expect(html).toContain(`/product/${product.slug}/`);
    expect(next.headers.get("set-cookie")).toContain(`viewed=${set.id}.${product.id};`);
    const junk = await get(`/product/${set.slug}/`, { cookie: "viewed=<script>.-1.99999999999" });
    expect(junk.status).toBe(200);
    expect(await junk.text()).not.toContain("Вы недавно смотрели");
  });

  it("lists every product, section, page and news item in /sitemap.xml, and robots.txt points to it", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    const k = app.vitrina.db.kysely;
    const products = await k.selectFrom("products").select("slug").execute();
    expect(products.length).toBeGreaterThan(300);
    for (const p of products) expect(locs.has(`${app.publicUrl}/product/${p.slug}/`), p.slug).toBe(true);
    for (const s of await k.selectFrom("sections").select("slug").execute()) expect(locs.has(`${app.publicUrl}/catalog/${s.slug}/`)).toBe(true);
    for (const p of await k.selectFrom("pages").select("slug").execute()) expect(locs.has(`${app.publicUrl}/${p.slug}/`)).toBe(true);
    for (const n of await k.selectFrom("news").select("slug").execute()) expect(locs.has(`${app.publicUrl}/news/${n.slug}/`)).toBe(true);
    expect(locs.size).toBe(await sitemapTotal(app.vitrina.db, app.publicUrl));
    expect((await get("/sitemap/1.xml")).status).toBe(404);

    const robots = await get("/robots.txt");
    expect(robots.headers.get("content-type")).toContain("text/plain");
    expect(await robots.text()).toContain(`Sitemap: ${app.publicUrl}/sitemap.xml`);
  });

  it("splits the address list into parts without gaps or overlaps", async () => {
    const all = await sitemapEntries(app.vitrina.db, app.publicUrl);
    const total = await sitemapTotal(app.vitrina.db, app.publicUrl);
    expect(all).toHaveLength(total);
    const parts: string[] = [];
    for (let start = 0; start < total; start += 37)
      parts.push(...(await sitemapEntries(app.vitrina.db, app.publicUrl, { start, end: Math.min(total, start + 37) })).map((e) => e.loc));
    expect(parts).toEqual(all.map((e) => e.loc));
  });
});
