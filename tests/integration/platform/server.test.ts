import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";

describe.each(dialects)("the shop's HTTP server on %s", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = (path: string, init: RequestInit = {}) => fetch(app.url + path, { redirect: "manual", ...init });

  it("renders the home page in Russian with the site chrome and demo data", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain("Мебель и интерьер");
    // the header cart link: «Корзина 0 ₽, 0 товаров» (the visible words first)
    expect(html).toMatch(/aria-label="Корзина 0\s₽, 0\sтоваров"/);
    expect(html).toContain("Наверх");
    expect(html).toContain("Популярное");
    // demo catalogue sections reach the menu
    expect((html.match(/class="main-menu__item/g) ?? []).length).toBeGreaterThanOrEqual(8);
  });

  it("answers /healthz after checking the database", async () => {
    const res = await get("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("sends a strict Content-Security-Policy whose nonce is on every inline script", async () => {
    const res = await get("/");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    // a fresh nonce for every response
    const again = (await get("/")).headers.get("content-security-policy");
    expect(again).not.toBe(csp);
  });

  it("serves hashed assets with immutable caching", async () => {
    const html = await (await get("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await get(asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("renders content pages from the database with wrapped tables", async () => {
    const res = await get("/delivery/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Доставка</h1>");
    expect(html).toContain('class="table-scroll"');
  });

  it("answers unknown pages with the Russian 404 page", async () => {
    for (const path of ["/no-such-page/", "/a/b/c/d/", "/Ёлка/"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain("Страница не найдена");
      expect(html).not.toMatch(/at \w+ \(|node_modules|Error:/);
    }
  });

  it("never answers 500 to malformed addresses", async () => {
    const paths = ["/%E0%A4%A/", "/%/", "/?q=%", "/%00/", "/delivery/?x=%ZZ&y[]=1&y[a]=2", "/" + "a".repeat(5000) + "/", "/..%2f..%2fetc/passwd"];
    for (const path of paths) {
      const res = await get(path);
      expect(res.status, path).toBeLessThan(500);
      const body = await res.text();
      expect(body, path).not.toMatch(/at \w+ \(|node_modules/);
    }
  });

  it("adds the trailing slash with a permanent redirect", async () => {
    const res = await get("/delivery?utm=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/delivery/?utm=1");
  });

  it("refuses a cross-site form post with 403 in Russian", async () => {
    const res = await get("/banner/close/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: "type=notice-holidays&back=/",
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Запрос отклонён");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a cross-site JSON call with a JSON 403", async () => {
    const res = await get("/cart/product/", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ id: 1, cnt: 1, type: "product" }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatch(/отклонён/);
  });

  it("closes the banner by a same-origin form post and stops rendering it", async () => {
    expect(await (await get("/")).text()).toContain('data-type="notice-holidays"');
    const res = await get("/banner/close/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, "sec-fetch-site": "same-origin" },
      body: "type=notice-holidays&back=/delivery/",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/delivery/");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^notice-holidays=closed; /);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    const after = await (await get("/", { headers: { cookie: "notice-holidays=closed" } })).text();
    expect(after).not.toContain('data-type="notice-holidays"');
  });

  it("does not let the banner form set arbitrary cookies or redirect off-site", async () => {
    const res = await get("/banner/close/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: "type=vitrina_sid&back=https://evil.example/",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
