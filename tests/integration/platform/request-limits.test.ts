// Every action's body is capped while it streams, with or without
// Content-Length; over the cap → 413 in Russian, the connection closed, memory not grown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { postUntilAnswered } from "../../support/post-stream.ts";

const MB = 1024 * 1024;
const HOSTILE_BYTES = 50 * MB;

describe.each(dialects)("request body limits on %s", (dialect) => {
  let app: TestApp;
  let productSlug: string;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    productSlug = (await app.vitrina.db.kysely.selectFrom("products").select("slug").orderBy("id").executeTakeFirstOrThrow()).slug;
  });
  afterAll(async () => {
    await app?.stop();
  });

  // every kind of endpoint: form pages, JSON APIs, uploads and attachments
  const endpoints = () => [
    { path: "/login/", type: "application/x-www-form-urlencoded", cap: 64 * 1024 },
    { path: "/register/", type: "application/x-www-form-urlencoded", cap: 64 * 1024 },
    { path: "/password/reset/", type: "application/x-www-form-urlencoded", cap: 64 * 1024 },
    { path: "/checkout/", type: "application/x-www-form-urlencoded", cap: 64 * 1024 },
    { path: `/product/${productSlug}/`, type: "application/x-www-form-urlencoded", cap: 64 * 1024 },
    { path: "/forms/callback/", type: "application/x-www-form-urlencoded", cap: 64 * 1024, json: true },
    { path: "/cart/product/", type: "application/json", cap: 8 * 1024, json: true },
    { path: "/compare/toggle/", type: "application/json", cap: 8 * 1024, json: true },
    { path: "/banner/close/", type: "application/x-www-form-urlencoded", cap: 8 * 1024 },
    { path: "/forms/feedback/", type: "multipart/form-data; boundary=x", cap: 8 * MB, json: true },
    { path: "/contacts/", type: "multipart/form-data; boundary=x", cap: 8 * MB },
    { path: "/profile/file/add/", type: "application/x-www-form-urlencoded", cap: 4 * MB, json: true },
    // the back office's big caps (pictures, CSV) are for signed-in staff only: a stranger gets the form cap
    { path: "/admin/products/new/", type: "multipart/form-data; boundary=x", cap: 64 * 1024 },
    { path: "/admin/products/1/_.data", type: "multipart/form-data; boundary=x", cap: 64 * 1024 },
    { path: "/admin/import/", type: "multipart/form-data; boundary=x", cap: 64 * 1024 },
  ];

  function headersFor(e: { type: string; json?: boolean }, extra: Record<string, string>) {
    return { "content-type": e.type, "sec-fetch-site": "same-origin", accept: e.json ? "application/json" : "text/html", ...extra };
  }

  it("refuses an announced body over the cap before reading it, and keeps memory flat", async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      for (const e of endpoints()) {
        const res = await postUntilAnswered(app.url + e.path, headersFor(e, { "content-length": String(HOSTILE_BYTES) }), HOSTILE_BYTES);
        expect(res.status, e.path).toBe(413);
        expect(res.headers.connection, e.path).toBe("close");
        // answered long before the 50 MB were on the wire
        expect(res.sentBytes, e.path).toBeLessThan(e.cap + 16 * MB);
        if (e.json) expect(JSON.parse(res.body).error, e.path).toMatch(/слишком больш/i);
        else expect(res.body, e.path).toMatch(/Слишком большой запрос|Файл/);
      }
    } finally {
      clearInterval(sampler);
    }
    expect((peak - before) / MB).toBeLessThan(24);
  });

  it("cuts off a chunked body without Content-Length at the cap, and keeps memory flat", async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      for (const e of endpoints()) {
        const res = await postUntilAnswered(app.url + e.path, headersFor(e, { "transfer-encoding": "chunked" }), HOSTILE_BYTES);
        expect(res.status, e.path).toBe(413);
        expect(res.headers.connection, e.path).toBe("close");
        expect(res.sentBytes, e.path).toBeLessThan(e.cap + 16 * MB);
        if (e.json) expect(JSON.parse(res.body).error, e.path).toMatch(/слишком больш/i);
      }
    } finally {
      clearInterval(sampler);
    }
    // the biggest cap (8 MB attachments) may be held once; 50 MB bodies never are
    expect((peak - before) / MB).toBeLessThan(40);
    // and the shop still answers
    expect((await fetch(app.url + "/healthz")).status).toBe(200);
  });

  it("still takes a body just under the cap", async () => {
    const product = await app.vitrina.db.kysely
      .selectFrom("products")
      .select("id")
      .where("kind", "=", "product")
      .where("stock", ">", 0)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({ id: product.id, cnt: 1, type: "product", pad: "x".repeat(7 * 1024) });
    const res = await fetch(app.url + "/cart/product/", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).cnt).toBe(1);
  });
});
