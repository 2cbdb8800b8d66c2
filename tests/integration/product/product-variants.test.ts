// Choosing and buying a variant (docs/decisions/108-product-variants.md, sections 2, 3 and 1.4)
// over HTTP: `?v=` shows that variant, junk answers 301 to the model, the «Выбрать» form's values
// answer 302 to the variant they pick; cart lines and order lines carry the variant's values.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { Visitor } from "../../support/accounts-client.ts";
import { mainOf } from "../../support/page-text.ts";
import { insertVariantModel } from "../../support/variants.ts";
import { changeCart, loadCart } from "../../../app/features/cart/cart.server.ts";
import { formatPrice } from "../../../app/lib/format.ts";
import { CURRENT_CONSENT_VERSION } from "../../../app/lib/consent.ts";

const NOW = 1_764_000_000_000;

describe.each(dialects)("product variants on %s", (dialect) => {
  let app: TestApp;
  let slug: string;
  let grey: number;
  let green: number;
  let otherVariant: number;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    const k = app.vitrina.db.kysely;
    const section = await k.selectFrom("sections").select("id").where("parent_id", "is not", null).orderBy("id").executeTakeFirstOrThrow();
    slug = `divan-greta-${dialect}`;
    const made = await insertVariantModel(k, { sectionId: section.id, slug, title: "Диван Грета", now: NOW }, { code: "test_obivka", title: "Цвет обивки" }, [
      { value: "Серый", price: 5_000_000, stock: 0, article: `GRETA-GREY-${dialect}` },
      { value: "Зелёный", price: 5_500_000, oldPrice: 6_000_000, stock: 4, article: `GRETA-GREEN-${dialect}` },
    ]);
    [grey, green] = made.variantIds as [number, number];
    otherVariant = (await k.selectFrom("product_variants").select("id").where("product_id", "!=", made.productId).orderBy("id").executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = (path: string) => fetch(app.url + path, { redirect: "manual" });

  it("shows the choice group and, without v, the first variant in stock", async () => {
    const res = await get(`/product/${slug}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Цвет обивки/);
    expect(html).toMatch(/<input type="radio" name="test_obivka" checked="" value="Зелёный"/);
    // the grey one has no stock: still offered, said so in its label
    expect(mainOf(html)).toMatch(/Серый\s*,\s*нет в наличии/);
    expect(mainOf(html)).toContain(`Артикул: GRETA-GREEN-${dialect}`);
    expect(html).toContain(formatPrice(5_500_000));
    expect(html).toContain(`<link rel="canonical" href="${app.publicUrl}/product/${slug}/"/>`);
    // without JavaScript the buy form names the variant
    expect(html).toContain(`<input type="hidden" name="variant" value="${green}"/>`);
  });

  it("shows the variant ?v= names, with the model's canonical address", async () => {
    const res = await get(`/product/${slug}/?v=${grey}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(mainOf(html)).toContain(`Артикул: GRETA-GREY-${dialect}`);
    expect(html).toContain(formatPrice(5_000_000));
    expect(mainOf(html)).toContain("Под заказ");
    expect(html).toMatch(/<input type="radio" name="test_obivka" checked="" value="Серый"/);
    expect(html).toContain(`<link rel="canonical" href="${app.publicUrl}/product/${slug}/"/>`);
    // out of stock: the pre-order and the notice name this variant
    expect(html).toContain(`/preorder/${slug}/?v=${grey}`);
    expect(html).toContain(`/stock-notice/${slug}/?v=${grey}`);
  });

  it("answers 301 to the model for a v that is not one of its published variants", async () => {
    for (const v of ["999999999", "abc", String(otherVariant), ""]) {
      const res = await get(`/product/${slug}/?v=${v}`);
      expect(res.status, v).toBe(301);
      expect(res.headers.get("location"), v).toBe(`/product/${slug}/`);
    }
  });

  it("turns the «Выбрать» form's values into 302 to the variant they pick", async () => {
    const res = await get(`/product/${slug}/?test_obivka=${encodeURIComponent("Серый")}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/product/${slug}/?v=${grey}`);
    const unknown = await get(`/product/${slug}/?test_obivka=${encodeURIComponent("Розовый")}`);
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe(`/product/${slug}/?v=${green}`);
  });

  it("keeps a cart line per variant, each with its values", async () => {
    const db = app.vitrina.db;
    const owner = `s:product-variants-${dialect}`;
    const productId = (await db.kysely.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
    await changeCart(db, owner, { productId, variantId: green, type: "product", cnt: 1 });
    await db.kysely.updateTable("product_variants").set({ stock: 2 }).where("id", "=", grey).execute();
    await changeCart(db, owner, { productId, variantId: grey, type: "product", cnt: 1 });
    const { lines } = await loadCart(db, owner);
    expect(lines.map((l) => [l.variantId, l.values, l.article])).toEqual([
      [green, [{ property: "Цвет обивки", value: "Зелёный" }], `GRETA-GREEN-${dialect}`],
      [grey, [{ property: "Цвет обивки", value: "Серый" }], `GRETA-GREY-${dialect}`],
    ]);
    await db.kysely.updateTable("product_variants").set({ stock: 0 }).where("id", "=", grey).execute();
  });

  it("orders the chosen variant in one click without JavaScript; the order line keeps its values, the order page shows them", async () => {
    const v = new Visitor(app.url);
    const res = await v.post(`/buy/one-click/?product=${slug}&v=${green}`, {
      name: "Ольга Быстрова",
      phone: "8 916 700-11-23",
      consent: "on",
      consent_version: CURRENT_CONSENT_VERSION,
      product: slug,
      v: String(green),
    });
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    const number = /^\/order\/(\d{2}-\d{6})\/$/.exec(location)?.[1];
    expect(number, location).toBeTruthy();
    const line = await app.vitrina.db.kysely
      .selectFrom("order_lines")
      .innerJoin("orders", "orders.id", "order_lines.order_id")
      .select(["order_lines.variant_id", "order_lines.variant_values", "order_lines.article", "order_lines.price"])
      .where("orders.number", "=", number!)
      .executeTakeFirstOrThrow();
    expect({ ...line, price: Number(line.price), variant_values: JSON.parse(line.variant_values) as unknown }).toEqual({
      variant_id: green,
      variant_values: [{ property: "Цвет обивки", value: "Зелёный" }],
      article: `GRETA-GREEN-${dialect}`,
      price: 5_500_000,
    });
    const page = mainOf(await (await v.get(location)).text());
    expect(page).toContain("Цвет обивки: Зелёный");
    expect(page).toContain(`артикул GRETA-GREEN-${dialect}`);
  });

  it("pre-orders the chosen variant that is out of stock while another is in stock", async () => {
    const v = new Visitor(app.url);
    const page = await v.get(`/preorder/${slug}/?v=${grey}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(mainOf(html)).toContain("Цвет обивки: Серый");
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const res = await v.post(`/preorder/${slug}/`, {
      idempotencyKey: key,
      variant: String(grey),
      name: "Ольга",
      phone: "8 916 700-11-24",
      qty: "1",
      consent: "on",
      consentVersion: CURRENT_CONSENT_VERSION,
    });
    expect(
      res.status,
      await res
        .clone()
        .text()
        .then((t) => mainOf(t).slice(0, 300)),
    ).toBe(303);
    const number = /^\/order\/(\d{2}-\d{6})\/$/.exec(res.headers.get("location") ?? "")?.[1];
    const line = await app.vitrina.db.kysely
      .selectFrom("order_lines")
      .innerJoin("orders", "orders.id", "order_lines.order_id")
      .select(["order_lines.variant_id", "order_lines.variant_values"])
      .where("orders.number", "=", number!)
      .executeTakeFirstOrThrow();
    expect(line.variant_id).toBe(grey);
    expect(JSON.parse(line.variant_values)).toEqual([{ property: "Цвет обивки", value: "Серый" }]);
  });
});
