// Staff-written HTML is cleaned on its way to every page that shows it: pages, FAQ, news, the
// product's delivery tab and the loading content tabs, for the server render and the POSTs alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";

// every hostile part carries a «pwn» marker: none may reach the visitor in any form
const HOSTILE = `<p>Безопасный текст</p>
<script>pwn1()</script><style>body{background:url(pwn2)}</style>
<img src="x" onerror="pwn3()"><img src="/media/news/a.webp" onload="pwn4()">
<a href="javascript:pwn5()">ссылка</a><a href="jav&#x61;script:pwn6()">ещё</a>
<svg onload="pwn7()"><a xlink:href="javascript:pwn8()">svg</a></svg>
<iframe src="https://evil.example/pwn9"></iframe><p style="width:expression(pwn10())" onclick="pwn11()">стиль</p>
<table><tr><td>ячейка</td></tr></table>
<details><summary>Вопрос?</summary><p onmouseover="pwn12()">Ответ</p></details>`;

describe.each(dialects)("shop-written HTML on %s", (dialect) => {
  let app: TestApp;
  let productSlug: string;
  let newsSlug: string;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    const db = app.vitrina.db.kysely;
    await db.updateTable("pages").set({ body: HOSTILE }).execute();
    await db.updateTable("news").set({ body: HOSTILE }).execute();
    productSlug = (await db.selectFrom("products").select("slug").orderBy("id").executeTakeFirstOrThrow()).slug;
    newsSlug = (await db.selectFrom("news").select("slug").orderBy("id").executeTakeFirstOrThrow()).slug;
  });
  afterAll(() => app?.stop());

  const clean = (html: string) => {
    expect(html).not.toContain("pwn");
    expect(html).toContain("Безопасный текст");
    expect(html).toContain('<div class="table-scroll" tabindex="0" role="region" aria-label="Таблица"><table>');
  };
  const post = (path: string, body: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body),
    });

  it("pages rendered on the server", async () => {
    for (const path of [
      "/about/",
      "/about/?info=payment",
      "/delivery/",
      "/contacts/",
      "/payment/",
      "/warranty/",
      `/news/${newsSlug}/`,
      `/product/${productSlug}/delivery/`,
    ]) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      clean(html);
      expect(html, path).toContain('<img src="/media/news/a.webp" loading="lazy" decoding="async">');
    }
  });

  it("the FAQ: questions split out of cleaned HTML", async () => {
    const res = await fetch(`${app.url}/faq/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    clean(html);
    expect(html).toContain("Вопрос?");
    expect(html).toContain("<p>Ответ</p>");
  });

  it("the loading tabs' POST answers", async () => {
    const tab = await post("/content/tab/", { ajax: "page", id: "warranty" });
    expect(tab.status).toBe(200);
    clean(await tab.text());
    const productTab = await post(`/product/${productSlug}/tab/`, { ajax: "tab", id: "delivery" });
    expect(productTab.status).toBe(200);
    const answer = (await productTab.json()) as { tab: string; html: string };
    expect(answer.tab).toBe("delivery");
    clean(answer.html);
  });
});
