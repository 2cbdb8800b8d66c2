// Catalogue changes reach the storefront within a second, over HTTP as a visitor sees them: a
// hidden product leaves the section listing, its facet count, search, suggestions and the sitemap,
// answers 404 to visitors and shows staff a preview; a deleted one answers 410; a cart shows a
// changed price and a hidden product's line as unavailable. The writes come from this test
// process (another instance, as far as the server knows), so the server learns of them through
// the catalogue generation in the database; a second server on the same database must too.
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogChanged } from "../../../app/features/catalog/catalog-changes.server.ts";
import { getCatalogIndex } from "../../../app/features/catalog/catalog-index.server.ts";
import { deleteProduct, setProductPublished } from "../../../app/features/product/product-publishing.server.ts";
import { CLI_ACTOR } from "../../../app/features/staff/staff.server.ts";
import { formatPrice } from "../../../app/lib/format.ts";
import { checkoutForm } from "../../support/orders.ts";
import { staffVisitor } from "../../support/staff.ts";
import { dialects, loadAppModule, startTestApp, type TestApp } from "../../support/test-app.ts";
import { Visitor } from "../../support/accounts-client.ts";
import { mainOf, textOf } from "../../support/page-text.ts";
import { setVariantPrice } from "../../support/variants.ts";

interface Product {
  id: number;
  slug: string;
  title: string;
  brand: string;
  price: number;
  sectionSlug: string;
}

/** A change must show within this long (the promise). */
const WITHIN_MS = 1000;

const sp = (s: string) => s.replace(/\u00A0/g, " ");
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The section's product count from its heading, and the count beside the brand's checkbox. */
function sectionFigures(html: string, brand: string): { total: number; brandCount: number } {
  const total = /catalog-heading__count">([\d\s\u00A0]+)\u00A0товар/.exec(html)?.[1];
  const countId = new RegExp(`aria-label="${escapeRegExp(brand)}" aria-describedby="(facet-brand-\\d+-count)"`).exec(html)?.[1];
  const brandCount = countId ? new RegExp(`id="${countId}"[^>]*>([\\d\\s\\u00A0]+)<`).exec(html)?.[1] : undefined;
  return { total: Number((total ?? "NaN").replace(/\D/g, "")), brandCount: brandCount === undefined ? 0 : Number(brandCount.replace(/\D/g, "")) };
}

describe.each(dialects)("the live storefront on %s", (dialect) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = (base: string, p: string) => fetch(base + p, { redirect: "manual" });
  const db = () => app.vitrina.db;

  /** A plain product with a brand and stock, not part of any set, that nobody else in this file uses. */
  async function pickProduct(skip: number): Promise<Product> {
    const row = await db()
      .kysely.selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.id", "products.slug", "products.title", "products.brand", "products.price", "sections.slug as section_slug"])
      .where("products.kind", "=", "product")
      .where("products.brand", "is not", null)
      .where("products.stock", ">=", 5)
      .where("products.id", "not in", db().kysely.selectFrom("set_items").select("item_id"))
      .orderBy("products.id")
      .offset(skip)
      .limit(1)
      .executeTakeFirstOrThrow();
    return { id: row.id, slug: row.slug, title: row.title, brand: row.brand!, price: Number(row.price), sectionSlug: row.section_slug };
  }

  /** Polls `read` until it equals `expected`; answers how long that took since the write committed (fails after WITHIN_MS). */
  async function shownWithin<T>(read: () => Promise<T>, expected: T, since: number): Promise<number> {
    await expect.poll(read, { timeout: WITHIN_MS, interval: 20 }).toEqual(expected);
    return Date.now() - since;
  }

  it("hides a product: gone from the listing, its facet count, search, suggestions and sitemap within a second; 404 to visitors, a preview to staff", async () => {
    const p = await pickProduct(0);
    const figures = async (base = app.url) => sectionFigures(await (await get(base, `/catalog/${p.sectionSlug}/`)).text(), p.brand);
    const inSearch = async () => (await (await get(app.url, `/search/?q=${encodeURIComponent(p.title)}`)).text()).includes(`/product/${p.slug}/`);
    const inSuggestions = async () => JSON.stringify(await (await get(app.url, `/search/suggest/?q=${encodeURIComponent(p.title)}`)).json()).includes(p.slug);
    // the demo's few hundred addresses fit in one sitemap (parts start above 50 000)
    const inSitemap = async () => (await (await get(app.url, "/sitemap.xml")).text()).includes(`/product/${p.slug}/</loc>`);

    const before = await figures();
    expect(before.brandCount).toBeGreaterThan(0);
    expect(await inSearch()).toBe(true);
    expect(await inSuggestions()).toBe(true);
    expect(await inSitemap()).toBe(true);
    expect((await get(app.url, `/product/${p.slug}/`)).status).toBe(200);

    await setProductPublished(db(), CLI_ACTOR, p.id, false);
    const hiddenAt = Date.now();
    const took = await shownWithin(() => figures(), { total: before.total - 1, brandCount: before.brandCount - 1 }, hiddenAt);
    expect(took).toBeLessThanOrEqual(WITHIN_MS);
    expect(await inSearch()).toBe(false);
    expect(await inSuggestions()).toBe(false);
    expect(await inSitemap()).toBe(false);

    const visitor = await get(app.url, `/product/${p.slug}/`);
    expect(visitor.status).toBe(404);
    expect(mainOf(await visitor.text())).toContain("Страница не найдена");
    for (const role of ["content", "manager"] as const) {
      const { visitor: staff } = await staffVisitor(app, role);
      const preview = await staff.get(`/product/${p.slug}/`);
      expect(preview.status, role).toBe(200);
      expect(preview.headers.get("cache-control")).toContain("no-store");
      const html = await preview.text();
      expect(mainOf(html)).toContain("Скрыт — предпросмотр");
      expect(mainOf(html)).toContain(p.title);
    }

    // and back: published again, it returns to the listing within a second
    await setProductPublished(db(), CLI_ACTOR, p.id, true);
    const shownAt = Date.now();
    expect(await shownWithin(() => figures(), before, shownAt)).toBeLessThanOrEqual(WITHIN_MS);
    expect(await inSearch()).toBe(true);
    const audit = await db().kysely.selectFrom("audit_log").select("action").where("entity", "=", "product").where("entity_id", "=", String(p.id)).execute();
    expect(audit.map((a) => a.action)).toEqual(["product.hide", "product.publish"]);
  });

  it("deletes a product: its address answers 410 with a Russian page, and it leaves the listing", async () => {
    const p = await pickProduct(1);
    const figures = async () => sectionFigures(await (await get(app.url, `/catalog/${p.sectionSlug}/`)).text(), p.brand);
    const before = await figures();
    await deleteProduct(db(), CLI_ACTOR, p.id);
    const deletedAt = Date.now();
    expect(await shownWithin(async () => (await figures()).total, before.total - 1, deletedAt)).toBeLessThanOrEqual(WITHIN_MS);
    const gone = await get(app.url, `/product/${p.slug}/`);
    expect(gone.status).toBe(410);
    expect(mainOf(await gone.text())).toContain("Товар удалён из каталога");
    // an address that never existed is still a plain 404
    expect((await get(app.url, "/product/net-takogo-tovara/")).status).toBe(404);
  });

  it("shows «Цена изменилась: было X, стало Y» on a cart line, totals at the new price, once", async () => {
    const p = await pickProduct(2);
    const v = new Visitor(app.url);
    const added = await v.request("/cart/product/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ id: p.id, cnt: 2, type: "product" }),
    });
    expect(added.status).toBe(200);
    const newPrice = p.price + 123_400;
    await setVariantPrice(db().kysely, p.id, newPrice);
    await catalogChanged(db(), [p.id]);

    const page = await (await v.get("/cart/")).text();
    expect(sp(mainOf(page))).toContain(sp(`Цена изменилась: было ${formatPrice(p.price)}, стало ${formatPrice(newPrice)}`));
    expect(sp(textOf(/data-testid="cart-sum"[^>]*>([^<]*)</.exec(page)?.[1] ?? ""))).toBe(sp(formatPrice(2 * newPrice)));
    // the visit confirmed the new price: the next one says nothing
    expect(mainOf(await (await v.get("/cart/")).text())).not.toContain("Цена изменилась");
  });

  it("marks a hidden product's cart line «Нет в наличии», leaves it out of the total and out of any order", async () => {
    const p = await pickProduct(3);
    const v = new Visitor(app.url);
    await v.request("/cart/product/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ id: p.id, cnt: 1, type: "product" }),
    });
    await setProductPublished(db(), CLI_ACTOR, p.id, false);
    const page = await (await v.get("/cart/")).text();
    expect(mainOf(page)).toContain(p.title);
    expect(mainOf(page)).toContain("Нет в наличии");
    const orders = async () => (await db().kysely.selectFrom("orders").select("id").execute()).length;
    const before = await orders();
    const res = await v.post(
      "/checkout/",
      checkoutForm({
        name: "Вера Остаткова",
        phone: "+7 (916) 555-44-33",
        delivery: "courier",
        address: "Москва, ул. Лесная, д. 5, кв. 12",
      }),
    );
    expect(res.status).toBe(409);
    expect(await orders()).toBe(before);
    await setProductPublished(db(), CLI_ACTOR, p.id, true);
  });

  it("refreshes this instance's own index in the background when it makes the change", async () => {
    const p = await pickProduct(4);
    const index = await getCatalogIndex(db());
    expect(index.positionOf.has(p.id)).toBe(true);
    await setProductPublished(db(), CLI_ACTOR, p.id, false);
    const hiddenAt = Date.now();
    expect(await shownWithin(async () => (await getCatalogIndex(db())).positionOf.has(p.id), false, hiddenAt)).toBeLessThanOrEqual(WITHIN_MS);
    await setProductPublished(db(), CLI_ACTOR, p.id, true);
  });

  it("a second app instance on the same database shows a change within a second too", async () => {
    const { createApp } = await loadAppModule();
    const second = await createApp({ ...app.config, seedDemo: false, mailOutboxDir: path.join(os.tmpdir(), `vitrina-second-${process.pid}`) });
    const server = http.createServer(second.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const secondUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const p = await pickProduct(5);
      const figures = async (base: string) => sectionFigures(await (await get(base, `/catalog/${p.sectionSlug}/`)).text(), p.brand);
      const before = await figures(secondUrl);
      expect(await figures(app.url)).toEqual(before);
      await setProductPublished(db(), CLI_ACTOR, p.id, false);
      const hiddenAt = Date.now();
      const expected = { total: before.total - 1, brandCount: before.brandCount - 1 };
      const [first, other] = await Promise.all([
        shownWithin(() => figures(app.url), expected, hiddenAt),
        shownWithin(() => figures(secondUrl), expected, hiddenAt),
      ]);
      expect(Math.max(first, other)).toBeLessThanOrEqual(WITHIN_MS);
      await setProductPublished(db(), CLI_ACTOR, p.id, true);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await second.close();
    }
  });
});
