// Documents kept by the hash of their loader data (decision 097), over HTTP as visitors with a cart
// see them: the same page asked again by the same cart is the same document (with its own CSP
// nonce, the one its scripts carry); another cart never sees this one's header; a change to the
// cart or to a price shows on the very next request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "../../../app/lib/format.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { Visitor } from "../../support/accounts-client.ts";
import { setVariantPrice } from "../../support/variants.ts";

const SECTION = "/catalog/divany-i-kresla/";

/** the header cart link's name: «Корзина <sum>, <count>» */
const cartName = (html: string) => /aria-label="(Корзина [^"]*)"/.exec(html)?.[1]?.replace(/\u00A0/g, " ");
/** the page with every CSP nonce blanked out: what two answers of one document share */
const withoutNonces = (html: string, nonce: string) => html.split(nonce).join("");
const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";

describe.each(dialects)("render memo on %s", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function productsOfSection(count: number) {
    return app.vitrina.db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.id", "products.price"])
      .where("products.kind", "=", "product")
      .where("products.published", "=", 1)
      .where("products.stock", ">", 5)
      .where("sections.slug", "=", "pryamye-divany")
      .orderBy("products.id")
      .limit(count)
      .execute();
  }

  async function shopper(productIds: number[]) {
    const visitor = new Visitor(app.url);
    for (const id of productIds) {
      const res = await visitor.request("/cart/product/", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ id, cnt: 1, type: "product" }),
      });
      expect(res.status).toBe(200);
    }
    return visitor;
  }

  async function page(visitor: Visitor, path: string) {
    const res = await visitor.get(path);
    expect(res.status).toBe(200);
    const nonce = nonceOf(res);
    expect(nonce).not.toBe("");
    return { html: await res.text(), nonce };
  }

  it("answers the same cart the same document, each time with the nonce its CSP names", async () => {
    const [a] = await productsOfSection(1);
    const visitor = await shopper([a!.id]);
    const first = await page(visitor, SECTION);
    const second = await page(visitor, SECTION);
    expect(second.nonce).not.toBe(first.nonce);
    // every script of the second answer carries the second answer's nonce, none the first's
    expect(second.html).toContain(`nonce="${second.nonce}"`);
    expect(second.html).not.toContain(first.nonce);
    expect(withoutNonces(second.html, second.nonce)).toBe(withoutNonces(first.html, first.nonce));
    expect(cartName(second.html)).toBe(`Корзина ${formatPrice(a!.price)}, 1 товар`.replace(/\u00A0/g, " "));
  });

  it("never shows one cart's header to another, and follows a cart's change at once", async () => {
    const [a, b] = await productsOfSection(2);
    const one = await shopper([a!.id]);
    const two = await shopper([a!.id, b!.id]);
    const path = `${SECTION}?direction=price_desc`;
    const nameOne = cartName((await page(one, path)).html);
    expect(nameOne).toContain("1 товар");
    // the same page for a second cart, right after the first one's render was kept
    expect(cartName((await page(two, path)).html)).toContain("2 товара");
    expect(cartName((await page(one, path)).html)).toBe(nameOne);

    // the first shopper adds the second product: the next page shows two
    const res = await one.request("/cart/product/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ id: b!.id, cnt: 1, type: "product" }),
    });
    expect(res.status).toBe(200);
    expect(cartName((await page(one, path)).html)).toBe(`Корзина ${formatPrice(a!.price + b!.price)}, 2 товара`.replace(/\u00A0/g, " "));
  });

  it("shows a new price on the very next request of a kept page", async () => {
    const [a] = await productsOfSection(1);
    const visitor = await shopper([a!.id]);
    const product = await app.vitrina.db.kysely.selectFrom("products").select(["slug", "price"]).where("id", "=", a!.id).executeTakeFirstOrThrow();
    const path = `/product/${product.slug}/`;
    await page(visitor, path);
    expect((await page(visitor, path)).html).toContain(formatPrice(product.price));

    const price = product.price + 77_700;
    await setVariantPrice(app.vitrina.db.kysely, a!.id, price);
    expect((await page(visitor, path)).html).toContain(formatPrice(price));
  });
});
