// The shop answers only to its own host names, builds every absolute
// URL from PUBLIC_URL, compares the whole Origin on posts, and answers faults in Russian — JSON
// for API callers — with 503 when the database cannot serve.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { postReview } from "../../support/reviews.ts";
import { registerVisitor, uniqueEmail, Visitor } from "../../support/accounts-client.ts";
import { readOutbox } from "../../support/outbox.ts";

/** A raw form post with a chosen Host header, as an attacker's client sends it. */
function rawPost(url: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, url),
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)), ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** fetch() cannot forge Host; a raw request can, as an attacker's client does */
function rawGet(url: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, url), { method: "GET", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe.each(dialects)("trusted host and public address on %s", (dialect) => {
  let app: TestApp;
  let proxied: TestApp;
  let productSlug: string;
  beforeAll(async () => {
    app = await startTestApp(dialect, { allowedHosts: ["www.vitrina.test"] });
    proxied = await startTestApp(dialect, { trustProxy: true, seedDemo: false });
    productSlug = (await app.vitrina.db.kysely.selectFrom("products").select("slug").orderBy("id").executeTakeFirstOrThrow()).slug;
  });
  afterAll(async () => {
    await app?.stop();
    await proxied?.stop();
  });

  it("answers 421 in Russian to a Host that is not the shop's", async () => {
    for (const path of ["/", "/sitemap.xml", "/robots.txt", `/product/${productSlug}/`]) {
      const res = await rawGet(app.url, path, { host: "evil.example" });
      expect(res.status, path).toBe(421);
      expect(res.body).toContain("Этот адрес не относится к магазину");
      expect(res.body).not.toContain("evil.example");
    }
    const reset = await fetch(app.url + "/password/reset/", {
      method: "POST",
      headers: { host: "evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "email=someone%40example.ru",
    }).catch(() => null);
    // fetch() refuses to send a forged Host itself; the raw client above is the real probe
    if (reset) expect(reset.status).not.toBe(500);
  });

  it("mails password-reset links on PUBLIC_URL, whatever Host the request named", async () => {
    const email = await registerVisitor(new Visitor(app.url), uniqueEmail("reset-host"));
    const body = new URLSearchParams({ email }).toString();
    // a forged host is refused before anything is mailed
    const forged = await rawPost(app.url, "/password/reset/", { host: "evil.example" }, body);
    expect(forged.status).toBe(421);
    expect(readOutbox(app.mailOutboxDir, email).filter((m) => m.text.includes("/password/reset/"))).toEqual([]);
    // an accepted alias does not choose the link's host either
    const aliased = await rawPost(app.url, "/password/reset/", { host: "www.vitrina.test" }, body);
    expect(aliased.status).toBe(200);
    const mail = readOutbox(app.mailOutboxDir, email)
      .filter((m) => m.text.includes("/password/reset/"))
      .at(-1);
    expect(mail?.text).toMatch(new RegExp(`${app.publicUrl.replace(/\./g, "\\.")}/password/reset/[A-Za-z0-9_-]+/`));
    expect(mail?.text).not.toContain("www.vitrina.test");
    expect(mail?.text).not.toContain("evil.example");
  });

  it("takes the configured host, its aliases and (locally) loopback names", async () => {
    expect((await rawGet(app.url, "/healthz", { host: "vitrina.test" })).status).toBe(200);
    expect((await rawGet(app.url, "/", { host: "vitrina.test" })).status).toBe(200);
    expect((await rawGet(app.url, "/", { host: "www.vitrina.test" })).status).toBe(200);
    expect((await rawGet(app.url, "/", { host: "localhost:1234" })).status).toBe(200);
  });

  it("behind a trusted proxy, checks X-Forwarded-Host as well", async () => {
    expect((await rawGet(proxied.url, "/robots.txt", { host: "vitrina.test", "x-forwarded-host": "evil.example" })).status).toBe(421);
    expect((await rawGet(proxied.url, "/robots.txt", { host: "vitrina.test", "x-forwarded-host": "vitrina.test" })).status).toBe(200);
  });

  it("builds canonical, JSON-LD, sitemap and robots addresses from PUBLIC_URL, whatever Host said", async () => {
    const page = (await rawGet(app.url, `/product/${productSlug}/`, { host: "www.vitrina.test" })).body;
    expect(page).toContain(`<link rel="canonical" href="${app.publicUrl}/product/${productSlug}/"/>`);
    expect(page).not.toContain("www.vitrina.test");
    expect(page).not.toContain("127.0.0.1");
    const sitemap = (await rawGet(app.url, "/sitemap.xml", { host: "localhost:9" })).body;
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(10);
    for (const loc of locs) expect(loc.startsWith(`${app.publicUrl}/`), loc).toBe(true);
    const robots = (await rawGet(app.url, "/robots.txt", { host: "localhost:9" })).body;
    expect(robots).toContain(`Sitemap: ${app.publicUrl}/sitemap.xml`);
  });

  it("refuses a post whose Origin differs in scheme or port, and takes the exact origin", async () => {
    const post = (origin: string) =>
      fetch(app.url + "/compare/toggle/", {
        method: "POST",
        headers: { origin, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ id: 1 }),
      });
    const https = await post(app.url.replace("http:", "https:"));
    expect(https.status).toBe(403);
    expect((await https.json()).error).toContain("Запрос отклонён");
    expect((await post(app.url.replace(/:(\d+)$/, (_, p: string) => `:${Number(p) + 1}`))).status).toBe(403);
    expect((await post(app.url)).status).not.toBe(403);
  });

  it("answers a failing JSON endpoint with JSON in Russian, never text/plain", async () => {
    const product = await app.vitrina.db.kysely
      .selectFrom("products")
      .select("id")
      .where("kind", "=", "product")
      .where("stock", ">", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const add = () =>
      fetch(app.url + "/cart/product/", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "sec-fetch-site": "same-origin" },
        body: JSON.stringify({ id: product.id, cnt: 1, type: "product" }),
      });
    // a broken schema (a bug, not an outage): 500, JSON with a Russian message
    await sql`alter table cart_lines rename to cart_lines_away`.execute(app.vitrina.db.kysely);
    try {
      const res = await add();
      expect(res.status).toBe(500);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect((await res.json()).error).toContain("Произошла ошибка на сервере");
    } finally {
      await sql`alter table cart_lines_away rename to cart_lines`.execute(app.vitrina.db.kysely);
    }
    expect((await add()).status).toBe(200);
  });
});

describe("a database that cannot be written to (SQLite)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await sql`pragma query_only = off`.execute(app.vitrina.db.kysely);
    await app?.stop();
  });

  it("answers writes with 503 «попробуйте через минуту» (JSON for API callers), and recovers", async () => {
    const product = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "slug"])
      .where("kind", "=", "product")
      .where("stock", ">", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const add = (accept: string) =>
      fetch(app.url + "/cart/product/", {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/json", accept, "sec-fetch-site": "same-origin" },
        body: JSON.stringify({ id: product.id, cnt: 1, type: "product" }),
      });
    // the same failure a read-only file gives: SQLITE_READONLY on every write
    await sql`pragma query_only = on`.execute(app.vitrina.db.kysely);
    const json = await add("application/json");
    expect(json.status).toBe(503);
    expect(json.headers.get("retry-after")).toBe("60");
    expect((await json.json()).error).toContain("попробуйте через минуту");
    const review = await postReview(app.url, product.slug, { "sec-fetch-site": "same-origin" });
    expect(review.status).toBe(503);
    const page = await review.text();
    expect(page).toContain("попробуйте через минуту");
    expect(page).not.toMatch(/at .*\.(ts|js):\d+/);
    // reading still works
    expect((await fetch(`${app.url}/product/${product.slug}/`)).status).toBe(200);
    await sql`pragma query_only = off`.execute(app.vitrina.db.kysely);
    expect((await add("application/json")).status).toBe(200);
  });
});
