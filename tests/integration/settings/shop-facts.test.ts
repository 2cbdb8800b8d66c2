// The shop's counted facts come from the database on both dialects, the shop-written
// pages carry them, and «Показать ещё»'s page range (`from` … `page`) holds up against junk.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadShopCounts } from "../../../app/features/settings/shop-facts.server.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";

const SECTION = "/catalog/divany-i-kresla/";
const text = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/&nbsp;|\u00A0/g, " ");
const cardCount = (html: string) => (html.match(/<article class="product-card /g) ?? []).length;

describe.each(dialects)("shop facts and listing ranges on %s", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app?.stop();
  });
  const get = (path: string) => fetch(app.url + path, { redirect: "manual" });

  it("counts products and showroom cities from the database", async () => {
    const db = app.vitrina.db.kysely;
    const products = Number(
      (
        await db
          .selectFrom("products")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const points = await db.selectFrom("contact_points").select(["kind", "city"]).execute();
    const cities = new Set(points.filter((p) => p.kind === "showroom").map((p) => p.city));
    const counts = await loadShopCounts(app.vitrina.db);
    expect(counts.products).toBe(products);
    expect(counts.cities).toHaveLength(cities.size);
    expect(counts.showrooms).toBe(points.filter((p) => p.kind === "showroom").length);
    expect(cities.size).toBeGreaterThan(1);

    const about = text(await (await get("/about/")).text());
    expect(about).toMatch(new RegExp(`${products}\\s+товар\\S* в каталоге`));
    expect(about).toMatch(new RegExp(`шоурумы в ${cities.size} городах`));
    const home = text(await (await get("/")).text());
    expect(home).toMatch(new RegExp(`Шоурумы в ${cities.size} городах`));
    expect(home).toContain('"@type":"FurnitureStore"');
    for (const page of ["/about/", "/faq/", "/contacts/", "/delivery/", "/warranty/", "/payment/"]) {
      const html = await (await get(page)).text();
      expect(html, page).not.toContain("{{");
      expect(text(html), page).not.toMatch(/в трёх городах|4 200|с 9:00|в чат/);
    }
  });

  it("a new showroom shows on the pages at once", async () => {
    const db = app.vitrina.db.kysely;
    const before = (await loadShopCounts(app.vitrina.db)).cities.length;
    await db
      .insertInto("contact_points")
      .values({ title: "Шоурум на Невском", city: "Тверь", address: "Невский, 1", phones: "[]", emails: "[]", hours: "", lat: 56.86, lon: 35.9, sort: 999 })
      .execute();
    try {
      expect(text(await (await get("/faq/")).text())).toMatch(new RegExp(`шоурумах в ${before + 1} городах \\([^)]*и Тверь\\)`));
    } finally {
      await db.deleteFrom("contact_points").where("city", "=", "Тверь").execute();
    }
  });

  it("shows pages from … page after «Показать ещё», and a numbered page alone", async () => {
    const one = await (await get(`${SECTION}?num=12`)).text();
    const two = await (await get(`${SECTION}?num=12&page=2`)).text();
    const both = await (await get(`${SECTION}?num=12&page=2&from=1`)).text();
    expect(cardCount(one)).toBe(12);
    expect(cardCount(two)).toBe(12);
    expect(cardCount(both)).toBe(24);
    const slugs = (html: string) => [...html.matchAll(/class="product-card__title"><a href="([^"]+)"/g)].map((m) => m[1]);
    expect(slugs(both)).toEqual([...slugs(one), ...slugs(two)]);
    // the next «Показать ещё» keeps the range; the canonical address is the page itself
    expect(both).toMatch(/name="page" value="3"/);
    expect(both).toMatch(/name="from" value="1"/);
    expect(both).toMatch(/rel="canonical" href="[^"]*\?page=2"/);
  });

  it("answers hostile ranges without a 500 and never shows more than 240 products", async () => {
    for (const query of [
      "from=abc&page=2",
      "from=-5&page=2",
      "from=9&page=2",
      "from=1e309&page=3",
      "from=0&page=0",
      "from=1&page=99999999",
      "from[]=1&page=2",
      "from=1.5&page=2",
    ]) {
      const res = await get(`${SECTION}?${query}`);
      expect(res.status, query).toBe(200);
      expect(cardCount(await res.text()), query).toBeLessThanOrEqual(24);
    }
    // the whole section at 12 a page: five pages at once
    expect(cardCount(await (await get(`${SECTION}?num=12&page=5&from=1`)).text())).toBeGreaterThan(48);
  });
});
