import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";

// Stock by showroom, delivery by city, reviews that match the counts,
// honest «Под заказ».
describe.each(dialects)("product details on %s", (dialect) => {
  let app: TestApp;
  let inStock: { id: number; slug: string; stock: number };
  let madeToOrder: { id: number; slug: string; title: string; lead_weeks_min: number; lead_weeks_max: number; section_id: number };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const k = app.vitrina.db.kysely;
    // the most reviewed product in stock: several pages of reviews, every star filter to try
    inStock = await k
      .selectFrom("products")
      .select(["id", "slug", "stock"])
      .where("kind", "=", "product")
      .where("stock", ">", 3)
      .orderBy("rating_count", "desc")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    // one in a section small enough for one listing page (48), so its card can be checked too
    const sizes = await k
      .selectFrom("products")
      .select(["section_id", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy("section_id")
      .execute();
    const small = new Set(sizes.filter((s) => Number(s.n) <= 48).map((s) => s.section_id));
    const candidates = await k
      .selectFrom("products")
      .select(["id", "slug", "title", "lead_weeks_min", "lead_weeks_max", "section_id"])
      .where("kind", "=", "product")
      .where("stock", "=", 0)
      .orderBy("id")
      .execute();
    madeToOrder = candidates.find((c) => small.has(c.section_id))!;
    expect(madeToOrder).toBeDefined();
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(app.url + path, { redirect: "manual", headers });
  const post = (path: string, body: Record<string, string>) =>
    fetch(app.url + path, { method: "POST", body: new URLSearchParams(body), redirect: "manual", headers: { origin: app.url } });
  const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/\u00A0/g, " ");

  it("spreads every product's stock over the pickup points, adding up to products.stock", async () => {
    const k = app.vitrina.db.kysely;
    const products = await k.selectFrom("products").select(["id", "stock"]).where("kind", "=", "product").execute();
    const rows = await k
      .selectFrom("variant_point_stock")
      .innerJoin("product_variants", "product_variants.id", "variant_point_stock.variant_id")
      .select(["product_variants.product_id", "variant_point_stock.qty"])
      .execute();
    const sums = new Map<number, number>();
    for (const r of rows) {
      expect(Number(r.qty)).toBeGreaterThan(0);
      sums.set(r.product_id, (sums.get(r.product_id) ?? 0) + Number(r.qty));
    }
    for (const p of products) expect(sums.get(p.id) ?? 0, `product ${p.id}`).toBe(Number(p.stock));
    expect(await k.selectFrom("contact_points").select("id").where("kind", "=", "warehouse").execute()).toHaveLength(1);
  });

  it("shows «В наличии в N шоурумах» and each point's quantity or «нет», as the table says", async () => {
    const k = app.vitrina.db.kysely;
    const points = await k
      .selectFrom("contact_points")
      // the seed's products are models whose only variant has their id
      .leftJoin("variant_point_stock", (j) =>
        j.onRef("variant_point_stock.point_id", "=", "contact_points.id").on("variant_point_stock.variant_id", "=", inStock.id),
      )
      .select(["contact_points.title", "contact_points.kind", "variant_point_stock.qty"])
      .execute();
    const showrooms = points.filter((p) => p.kind === "showroom" && Number(p.qty ?? 0) > 0).length;
    const html = text(await (await get(`/product/${inStock.slug}/`)).text());
    if (showrooms > 0) expect(html).toMatch(new RegExp(`В наличии в ${showrooms} шоурум(е|ах)`));
    else expect(html).toContain("Нет в шоурумах, есть на складе");
    for (const p of points) {
      const qty = Number(p.qty ?? 0);
      expect(html).toMatch(new RegExp(`<th scope="row">${p.title.replace(/[()]/g, "\\$&")}</th><td>[^<]*</td><td[^>]*>${qty > 0 ? `${qty} шт.` : "нет"}</td>`));
    }
  });

  it("counts exactly the approved reviews: rating_count, the average, the page and the tab agree", async () => {
    const k = app.vitrina.db.kysely;
    const products = await k.selectFrom("products").select(["id", "rating", "rating_count"]).execute();
    const stats = await k
      .selectFrom("reviews")
      .select(["product_id", (eb) => eb.fn.countAll<number | string>().as("n"), (eb) => eb.fn.sum<number | string>("rating").as("sum")])
      .where("approved", "=", 1)
      .groupBy("product_id")
      .execute();
    const byProduct = new Map(stats.map((s) => [s.product_id, { n: Number(s.n), sum: Number(s.sum) }]));
    let reviewed = 0;
    for (const p of products) {
      const s = byProduct.get(p.id) ?? { n: 0, sum: 0 };
      expect(Number(p.rating_count), `product ${p.id}`).toBe(s.n);
      expect(Number(p.rating), `product ${p.id}`).toBeCloseTo(s.n ? Math.round((s.sum / s.n) * 10) / 10 : 0, 5);
      if (s.n) reviewed++;
    }
    expect(reviewed).toBeGreaterThan(products.length / 2);
    const withTexts = await k.selectFrom("reviews").select(["text", "pros", "cons", "photos"]).limit(500).execute();
    expect(withTexts.every((r) => r.text.length > 20)).toBe(true);
    expect(withTexts.some((r) => r.pros && r.cons)).toBe(true);
    expect(withTexts.some((r) => r.photos !== "[]")).toBe(true);

    const count = byProduct.get(inStock.id)!.n;
    const page = text(await (await get(`/product/${inStock.slug}/`)).text());
    expect(page).toMatch(new RegExp(`>${count} отзыв(а|ов)?<`));
    const tab = await (await post(`/product/${inStock.slug}/tab/`, { ajax: "tab", id: "reviews" })).json();
    expect(tab.summary.reviewCount).toBe(count);
    expect(tab.summary.byStars.reduce((a: number, b: number) => a + b, 0)).toBe(count);
    expect(tab.list.items).toHaveLength(Math.min(10, count));
  });

  it("filters reviews by stars, sorts and pages them by query parameters", async () => {
    const k = app.vitrina.db.kysely;
    const ratings = (await k.selectFrom("reviews").select("rating").where("product_id", "=", inStock.id).where("approved", "=", 1).execute()).map((r) =>
      Number(r.rating),
    );
    const star = [5, 4, 3, 2, 1].find((n) => ratings.filter((r) => r === n).length > 0)!;
    const filtered = text(await (await get(`/product/${inStock.slug}/reviews/?stars=${star}`)).text());
    const shown = [...filtered.matchAll(/<li class="review">[\s\S]*?aria-label="Оценка (\d)/g)].map((m) => Number(m[1]));
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set([star]));
    expect(filtered).toContain(`С оценкой ${star}★: ${ratings.filter((r) => r === star).length}`);

    const low = [
      ...text(await (await get(`/product/${inStock.slug}/reviews/?sort=low`)).text()).matchAll(/<li class="review">[\s\S]*?aria-label="Оценка (\d)/g),
    ].map((m) => Number(m[1]));
    expect(low).toEqual([...low].sort((a, b) => a - b));
    expect(low[0]).toBe(Math.min(...ratings));

    if (ratings.length > 10) {
      const second = text(await (await get(`/product/${inStock.slug}/reviews/?page=2`)).text());
      expect(second).toContain(`Страница 2 из ${Math.ceil(ratings.length / 10)}`);
    }
  });

  it("answers hostile review parameters with the page, never a 500", async () => {
    for (const q of [
      "?stars=9&sort=%3Cscript%3E&page=-5",
      "?page=99999999999999",
      "?page[]=2&stars[]=5",
      "?sort=__proto__",
      "?stars=&page=",
      `?sort=${"x".repeat(3000)}`,
    ]) {
      const res = await get(`/product/${inStock.slug}/reviews/${q}`);
      expect(res.status, q).toBe(200);
      expect(await res.text()).not.toContain("<script>");
    }
  });

  it("remembers the city from a plain form post (303 back) and refuses an unknown one (400)", async () => {
    const back = `/product/${inStock.slug}/`;
    const ok = await post("/city/", { city: "novosibirsk", back });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(back);
    const cookie = ok.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^city=novosibirsk; /);
    for (const attribute of [/; Path=\/(;|$)/, /; Max-Age=\d+(;|$)/, /; SameSite=Lax(;|$)/]) expect(cookie).toMatch(attribute);

    const bad = await post("/city/", { city: "atlantis", back });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Такого города нет в списке");
    expect((await post("/city/", { city: "kazan", back: "//evil.example/" })).headers.get("location")).toBe("/");

    const moscow = text(await (await get(back)).text());
    expect(moscow).toContain("Доставка курьером в Москве");
    const far = text(await (await get(back, { cookie: cookie.split(";")[0]! })).text());
    expect(far).toContain("Доставка транспортной компанией в г. Новосибирск");
    expect(far).toMatch(/<option value="novosibirsk" selected="">Новосибирск<\/option>/);
  });

  it("shows a product made to order honestly: price, «Под заказ, N–M недель», no buy button, «Сообщить о поступлении»", async () => {
    const weeks = `${madeToOrder.lead_weeks_min}–${madeToOrder.lead_weeks_max} недел`;
    const page = text(await (await get(`/product/${madeToOrder.slug}/`)).text());
    expect(page).toContain(`Под заказ, ${weeks}`);
    expect(page).toContain("Сообщить о поступлении");
    expect(page).not.toContain('id="product-buy"');
    expect(page).not.toContain("менеджер подскажет сроки и цену");
    expect(page).toContain('data-testid="product-price"');

    const section = await app.vitrina.db.kysely.selectFrom("sections").select("slug").where("id", "=", madeToOrder.section_id).executeTakeFirstOrThrow();
    const listing = text(await (await get(`/catalog/${section.slug}/?num=48`)).text());
    const card = listing.slice(listing.indexOf(`/product/${madeToOrder.slug}/`));
    const end = card.indexOf("</article>");
    expect(card.slice(0, end)).toContain(`Под заказ, ${weeks}`);
    expect(card.slice(0, end)).not.toMatch(/<button[^>]*disabled/);

    // the comparison says the same: the lead time and «Сообщить о поступлении», no disabled buy button
    const added = await post("/compare/toggle/", { id: String(madeToOrder.id), back: "/compare/" });
    expect(added.status).toBe(303);
    const cookie = added.headers.get("set-cookie")!.split(";")[0]!;
    const compare = text(await (await get("/compare/", { cookie })).text());
    expect(compare).toContain(madeToOrder.title);
    expect(compare).toContain(`Под заказ, ${weeks}`);
    expect(compare).toContain("Сообщить о поступлении");
    expect(compare).not.toMatch(/<button[^>]*disabled/);
  });
});
