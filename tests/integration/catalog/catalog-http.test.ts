import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";

describe.each(dialects)("catalogue pages over HTTP on %s", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app?.stop();
  });
  const get = (path: string) => fetch(app.url + path, { redirect: "manual" });

  it("lists the sections and a section's products with the Russian plural", async () => {
    const catalog = await (await get("/catalog/")).text();
    expect(catalog).toContain("Диваны и кресла");
    const res = await get("/catalog/divany-i-kresla/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/\d+\s(товар|товара|товаров)</);
    expect(html).toContain('aria-label="Хлебные крошки"');
    expect(html).toContain("Показать ещё");
    expect(html).toContain('rel="canonical"');
  });

  it("answers an unknown section with 404", async () => {
    expect((await get("/catalog/no-such-section/")).status).toBe(404);
  });

  it("survives hostile query strings without a 500 and escapes what it echoes", async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `color=v${i}`).join("&");
    const paths = [
      "/catalog/divany-i-kresla/?page=-1&num=100000&direction=__proto__&price[min]=abc",
      "/catalog/divany-i-kresla/?price[min]=1,5&price[max]=0&width[min]=9e999",
      "/catalog/divany-i-kresla/?page=1e309&view=%3Cscript%3E",
      "/catalog/divany-i-kresla/?price[min]=90000&price[max]=100",
      "/catalog/divany-i-kresla/?nonsense[x]=1&%E0%A4%A=1",
      `/search/?q=${"д".repeat(10_000)}`,
      "/search/?q=%22'*()%3Cscript%3Ealert(1)%3C/script%3E",
    ];
    for (const path of paths) {
      const res = await get(path);
      expect(res.status, path.slice(0, 80)).toBe(200);
      const html = await res.text();
      expect(html).not.toContain("<script>alert(1)</script>");
    }
    // 10 000 repeated values pass Node's 16 KB request-line limit: refused with 431, not a crash
    expect((await get(`/catalog/divany-i-kresla/?${many}`)).status).toBe(431);
    const fits = Array.from({ length: 1500 }, () => "color=x").join("&");
    expect((await get(`/catalog/divany-i-kresla/?${fits}`)).status).toBe(200);
  });

  it("finds «диваны» by stem on the search page and suggests as you type", async () => {
    const html = await (await get("/search/?q=" + encodeURIComponent("диваны"))).text();
    expect(html).toMatch(/Нашли (<!-- -->)?\d+/);
    expect(html).toMatch(/Диван/);
    const suggest = await (await get("/search/suggest/?q=" + encodeURIComponent("див"))).json();
    expect(suggest.products.length).toBeGreaterThan(0);
    expect(suggest.sections.map((s: { title: string }) => s.title)).toContain("Диваны и кресла");
  });
});
