// /metrics (decision 095) as an operator and a visitor meet it: nothing is shown without the
// token (404, as any unknown address) or with a wrong one (401); with it, the page just asked for
// shows in the request histogram under its route, an order placed through «Купить в 1 клик» moves
// the orders counter, two requests for one page move the page cache's hit counter, a cart's repeated
// view moves the render memo's; METRICS_PORT
// serves the same on 127.0.0.1 without a token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_CONSENT_VERSION } from "../../../app/lib/consent.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { Visitor } from "../../support/accounts-client.ts";
import { setVariantStock } from "../../support/variants.ts";

const TOKEN = "metrics-token-for-tests-0123456789";

/** the value of one series, or 0 when it is not there */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!line.startsWith(name + "{") && !line.startsWith(name + " ")) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

describe.each(dialects)("/metrics on %s", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { metricsToken: TOKEN, metricsPort: 0 });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const scrape = async () => {
    const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    return res.text();
  };

  it("shows nothing without the token or with a wrong one", async () => {
    const none = await fetch(`${app.url}/metrics`, { redirect: "manual" });
    expect(none.status).toBe(404);
    const page = await none.text();
    expect(page).toContain("Такой страницы нет");
    expect(page).not.toContain("vitrina_");

    const wrong = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("vitrina_");
    const notBearer = await fetch(`${app.url}/metrics`, { headers: { authorization: `Basic ${btoa(`x:${TOKEN}`)}` } });
    expect(notBearer.status).toBe(401);
  });

  it("times the page just asked for under its route and counts page cache hits", async () => {
    const product = await app.vitrina.db.kysely
      .selectFrom("products")
      .select("slug")
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const before = await scrape();
    const route = { route: "/product/", method: "GET", status_class: "2xx" };
    // read to the end: a request is timed when its whole answer has gone out
    const first = await fetch(`${app.url}/product/${product.slug}/`);
    expect(first.status).toBe(200);
    await first.text();
    const second = await fetch(`${app.url}/product/${product.slug}/`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    await second.text();
    const after = await scrape();

    const count = "vitrina_http_request_duration_seconds_count";
    expect(sample(after, count, route) - sample(before, count, route)).toBe(2);
    expect(sample(after, "vitrina_http_request_duration_seconds_bucket", { ...route, le: "+Inf" })).toBe(sample(after, count, route));
    expect(sample(after, "vitrina_page_cache_requests_total", { result: "hit" }) - sample(before, "vitrina_page_cache_requests_total", { result: "hit" })).toBe(
      1,
    );
    expect(sample(after, "vitrina_page_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
    expect(sample(after, "vitrina_page_cache_bytes")).toBeGreaterThan(0);
    // the address itself is no label: the route's first segment is
    expect(after).not.toContain(product.slug);
  });

  it("counts the renders the render memo skips for a visitor with a cart", async () => {
    const product = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "slug"])
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .where("stock", ">", 5)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const shopper = new Visitor(app.url);
    const put = await shopper.request("/cart/product/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ id: product.id, cnt: 1, type: "product" }),
    });
    expect(put.status).toBe(200);
    const memo = (text: string, result: string) => sample(text, "vitrina_render_memo_requests_total", { result });
    const before = await scrape();
    for (let i = 0; i < 3; i++) {
      const res = await shopper.get(`/product/${product.slug}/`);
      expect(res.status).toBe(200);
      await res.text();
    }
    const after = await scrape();
    // the first view is rendered, the two after it are the same document
    expect(memo(after, "miss") - memo(before, "miss")).toBe(1);
    expect(memo(after, "hit") - memo(before, "hit")).toBe(2);
  });

  it("counts an order placed through «Купить в 1 клик»", async () => {
    const product = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "slug"])
      .where("kind", "=", "product")
      .where("published", "=", 1)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    await setVariantStock(app.vitrina.db.kysely, product.id, 20);
    const placed = (text: string) => sample(text, "vitrina_orders_placed_total", { channel: "one-click" });
    const before = placed(await scrape());
    const res = await new Visitor(app.url).postForm(
      "/buy/one-click/order/",
      new URLSearchParams({ product: product.slug, name: "Ольга Быстрова", phone: "8 916 700-11-22", consent: "on", consent_version: CURRENT_CONSENT_VERSION }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty("number");
    expect(placed(await scrape()) - before).toBe(1);
  });

  it("has the catalogue index build time, event-loop lag and RSS", async () => {
    const text = await scrape();
    expect(sample(text, "vitrina_catalog_index_update_seconds_count", { kind: "build" })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10 * 1024 * 1024);
  });

  it("serves the same on METRICS_PORT without a token, and nothing else there", async () => {
    const port = app.vitrina.metricsPort;
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("vitrina_orders_placed_total");
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  });
});
