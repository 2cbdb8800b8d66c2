import { afterEach, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { DEFAULT_TILE_URL } from "../../../app/features/content/map-tiles.ts";

const KEY = "0a1b2c3d-0000-4e5f-8a9b-123456789abc";

describe.each(dialects)("content widgets on %s", (dialect) => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.stop();
    app = undefined;
  });

  it("the contacts map is Leaflet by default and CSP stays closed to Yandex", async () => {
    app = await startTestApp(dialect);
    const res = await fetch(`${app.url}/contacts/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).not.toContain("yandex");
    const html = await res.text();
    expect(html).toContain("tile.openstreetmap.org");
    expect(html).not.toContain(KEY);
  });

  it("with YANDEX_MAPS_KEY the page carries the key for Yandex Maps and CSP allows its hosts", async () => {
    app = await startTestApp(dialect, { maps: { tileUrl: DEFAULT_TILE_URL, yandexKey: KEY } });
    const res = await fetch(`${app.url}/contacts/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src [^;]*https:\/\/api-maps\.yandex\.ru/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.maps\.yandex\.net/);
    expect(await res.text()).toContain(KEY);
  });

  it("a content tab loads a page body by POST (ajax=page, id=slug) and refuses anything else", async () => {
    app = await startTestApp(dialect);
    const post = (body: Record<string, string>) =>
      fetch(`${app!.url}/content/tab/`, {
        method: "POST",
        headers: { origin: app!.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      });
    const ok = await post({ ajax: "page", id: "payment" });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/html");
    const html = await ok.text();
    expect(html).not.toContain("<html");
    expect(html.length).toBeGreaterThan(50);
    expect((await post({ ajax: "page", id: "about" })).status).toBe(400);
    expect((await post({ ajax: "other", id: "payment" })).status).toBe(400);
    expect((await fetch(`${app.url}/content/tab/`)).status).toBe(405);
  });
});
