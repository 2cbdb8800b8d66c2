// Shared pages for visitors without a session (decision 091), over HTTP as visitors see them: a
// cached page shows a new price, stock, a published review or a content edit on the very next
// request; what one visitor typed, put in a cart or signed in as never reaches another; every
// answer has its own CSP nonce, the one its scripts carry; ETag/304 works; the cache stays within
// its byte limit and drops the least recently used page first.
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_CONSENT_VERSION, CURRENT_REVIEW_CONSENT } from "../../../app/lib/consent.ts";
import { formatPrice } from "../../../app/lib/format.ts";
import { availabilityUrl } from "../../../app/features/product/product-json-ld.ts";
import { staffVisitor } from "../../support/staff.ts";
import { dialects, loadAppModule, startTestApp, type TestApp } from "../../support/test-app.ts";
import { confirmFromMail, PASSWORD, requestAccount, uniqueEmail, Visitor } from "../../support/accounts-client.ts";
import { setVariantPrice, setVariantStock } from "../../support/variants.ts";

const SECTION = "/catalog/divany-i-kresla/";

describe.each(dialects)("page cache on %s", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** a new visitor: no cookie at all */
  const anonymous = (path: string, headers: Record<string, string> = {}) => fetch(app.url + path, { headers, redirect: "manual" });
  const html = async (path: string) => {
    const res = await anonymous(path);
    expect(res.status).toBe(200);
    return { text: await res.text(), state: res.headers.get("x-page-cache") };
  };
  /** the same page twice: the second answer must come from the cache, so a later change is seen through it */
  const cached = async (path: string) => {
    await html(path);
    const again = await html(path);
    expect(again.state).toBe("hit");
    return again.text;
  };

  async function aProduct() {
    return app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "slug", "price", "stock"])
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .where("stock", ">", 5)
      .orderBy("id")
      .executeTakeFirstOrThrow();
  }

  it("shows a new price and a new stock on the very next request", async () => {
    const product = await aProduct();
    const path = `/product/${product.slug}/`;
    expect(await cached(path)).toContain(availabilityUrl(product.stock));

    const price = product.price + 123_400;
    await setVariantPrice(app.vitrina.db.kysely, product.id, price);
    const repriced = await html(path);
    expect(repriced.state).toBe("miss");
    expect(repriced.text).toContain(formatPrice(price));

    await setVariantStock(app.vitrina.db.kysely, product.id, 0);
    const soldOut = await html(path);
    expect(soldOut.text).toContain(availabilityUrl(0));
    expect(soldOut.text).not.toContain(availabilityUrl(product.stock));
  });

  it("shows a review as soon as the back office publishes it", async () => {
    const product = await aProduct();
    const path = `/product/${product.slug}/reviews/`;
    const now = Date.now();
    const { id } = await app.vitrina.db.kysely
      .insertInto("reviews")
      .values({
        product_id: product.id,
        rating: 5,
        text: "Собрали за вечер, сидеть удобно.",
        name: "Ефросинья Кэшева",
        consent_version: CURRENT_REVIEW_CONSENT,
        consent_at: now,
        approved: 0,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await cached(path)).not.toContain("Ефросинья Кэшева");

    const { visitor: manager } = await staffVisitor(app, "manager");
    expect((await manager.post("/admin/reviews/", { intent: "publish", id: String(id) })).status).toBe(303);
    expect((await html(path)).text).toContain("Ефросинья Кэшева");
  });

  it("shows a content edit on the very next request", async () => {
    const page = await app.vitrina.db.kysely.selectFrom("pages").select(["slug", "body"]).orderBy("slug").executeTakeFirstOrThrow();
    const path = `/${page.slug}/`;
    expect(await cached(path)).not.toContain("Новый абзац про гарантию");
    await app.vitrina.db.kysely
      .updateTable("pages")
      .set({ body: `${page.body}<p>Новый абзац про гарантию</p>` })
      .where("slug", "=", page.slug)
      .execute();
    expect((await html(path)).text).toContain("Новый абзац про гарантию");
  });

  it("never shows one visitor's cart, name, e-mail or typed values to another", async () => {
    const product = await aProduct();
    const productPath = `/product/${product.slug}/`;
    const pages = [SECTION, productPath, "/contacts/", "/"];

    // a signed-in customer with a cart, who looks at every page (rendered for them)
    const customer = new Visitor(app.url);
    const email = uniqueEmail("cache");
    expect((await requestAccount(customer, email, PASSWORD, "Аполлинария Кэшева")).status).toBe(200);
    expect((await confirmFromMail(customer, email)).status).toBe(303);
    expect((await customer.post("/cart/product/", { id: String(product.id), cnt: "2", type: "product", back: SECTION })).status).toBe(303);
    // a guest whose session holds only a cart
    const guest = new Visitor(app.url);
    expect((await guest.post("/cart/product/", { id: String(product.id), cnt: "3", type: "product", back: SECTION })).status).toBe(303);
    expect(guest.cookie).not.toBe("");

    for (const path of pages) {
      const mine = await customer.get(path);
      expect(mine.headers.get("x-page-cache")).toBeNull();
      expect(mine.headers.get("cache-control")).toContain("private");
      const text = await mine.text();
      expect(text).toContain('data-cart-count="2"');
      expect(text).toContain("/profile/");
      const guestPage = await guest.get(path);
      expect(guestPage.headers.get("x-page-cache")).toBeNull();
      expect(await guestPage.text()).toContain('data-cart-count="3"');
    }
    // a visitor without JavaScript posts a form with a mistake: the page comes back with what was typed
    const typed = await fetch(app.url + "/contacts/", {
      method: "POST",
      headers: { origin: app.url, accept: "text/html" },
      body: new URLSearchParams({
        name: "Ксенофонт",
        email: "ksenofont-cache@",
        message: "коротко",
        consent_version: CURRENT_CONSENT_VERSION,
        ajax: "feedback",
      }),
    });
    expect(typed.status).toBe(400);
    expect(await typed.text()).toContain('value="ksenofont-cache@"');

    // another visitor, twice (the second from the cache), sees none of it
    for (const path of pages)
      for (const round of [1, 2]) {
        const res = await anonymous(path);
        const text = await res.text();
        if (round === 2) expect(res.headers.get("x-page-cache")).toBe("hit");
        expect(res.headers.getSetCookie().some((c) => c.startsWith("vitrina_sid="))).toBe(false);
        expect(text).toContain('data-cart-count="0"');
        for (const secret of ["Аполлинария", email, "Ксенофонт", "ksenofont-cache@", 'data-cart-count="2"', 'data-cart-count="3"'])
          expect(text).not.toContain(secret);
      }
  });

  it("shows a change made through one instance on another instance's cached page at once", async () => {
    const { createApp } = await loadAppModule();
    const second = await createApp({ ...app.config, seedDemo: false, mailOutboxDir: path.join(os.tmpdir(), `vitrina-cache-second-${process.pid}`) });
    const server = http.createServer(second.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const secondUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const fromSecond = async (page: string) => {
      const res = await fetch(secondUrl + page);
      return { text: await res.text(), state: res.headers.get("x-page-cache") };
    };
    try {
      const product = await aProduct();
      const page = `/product/${product.slug}/`;
      await fromSecond(page);
      expect((await fromSecond(page)).state).toBe("hit");
      // the first instance writes the new price; the second one learns of it from the database only
      const price = product.price + 777_00;
      await setVariantPrice(app.vitrina.db.kysely, product.id, price);
      const after = await fromSecond(page);
      expect(after.state).toBe("miss");
      expect(after.text).toContain(formatPrice(price));
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await second.close();
    }
  });

  it("keeps a page per city: a cookie a shared page reads", async () => {
    const product = await aProduct();
    const path = `/product/${product.slug}/`;
    // React separates neighbouring text with <!-- -->
    const moscow = (await cached(path)).replaceAll("<!-- -->", "");
    expect(moscow).toContain("в Москве");
    expect(moscow).not.toContain("в г. Казань");
    const kazan = await anonymous(path, { cookie: "city=kazan" });
    expect(kazan.headers.get("x-page-cache")).toBe("miss");
    const text = (await kazan.text()).replaceAll("<!-- -->", "");
    expect(text).toContain("в г. Казань");
    expect(text).not.toContain("в Москве");
    // a cookie no page reads (an analytics id) does not split the cache
    expect((await anonymous(path, { cookie: "_ym_uid=12345" })).headers.get("x-page-cache")).toBe("hit");
  });

  it("gives every answer its own CSP nonce, the one its scripts carry", async () => {
    await html(SECTION);
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await anonymous(SECTION);
      expect(res.headers.get("x-page-cache")).toBe("hit");
      const policy = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      expect(policy).toBeTruthy();
      const inPage = new Set([...(await res.text()).matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]));
      expect([...inPage]).toEqual([policy]);
      nonces.add(policy!);
    }
    expect(nonces.size).toBe(2);
  });

  it("answers 304 while the page is unchanged, keeping the browser's policy, and 200 once it changes", async () => {
    const product = await aProduct();
    const path = `/product/${product.slug}/`;
    const first = await anonymous(path);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    await first.text();
    const same = await anonymous(path, { "if-none-match": etag! });
    expect(same.status).toBe(304);
    expect(same.headers.get("content-security-policy")).toBeNull();
    expect(await same.text()).toBe("");

    await setVariantPrice(app.vitrina.db.kysely, product.id, product.price + 100);
    const changed = await anonymous(path, { "if-none-match": etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain(formatPrice(product.price + 100));
  });
});

describe.each(dialects)("a small page cache on %s", (dialect) => {
  let app: TestApp;
  const LIMIT = 600 * 1024;
  beforeAll(async () => {
    app = await startTestApp(dialect, { pageCacheBytes: LIMIT });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("stays within its byte limit over many addresses and drops the least recently used page first", async () => {
    const state = async (path: string) => {
      const res = await fetch(app.url + path);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return res.headers.get("x-page-cache");
    };
    const page = (i: number) => `/catalog/divany-i-kresla/?sort=price&n=${i}`;
    expect(await state(page(0))).toBe("miss");
    for (let i = 1; i <= 20; i++) {
      expect(await state(page(i))).toBe("miss");
      // page 0 is used all the time, so it is never the one dropped
      expect(await state(page(0))).toBe("hit");
      expect(app.vitrina.pageCache!.bytes).toBeLessThanOrEqual(LIMIT);
    }
    expect(app.vitrina.pageCache!.bytes).toBeGreaterThan(LIMIT / 2);
    expect(await state(page(1))).toBe("miss");
    expect(await state(page(20))).toBe("hit");
  });
});
