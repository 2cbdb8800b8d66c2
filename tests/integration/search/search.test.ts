// The search page and the suggestions over HTTP, on both dialects: ranking (title and named
// section first), typo and keyboard-layout correction with «Возможно, вы искали …», and
// hostile queries that must never answer 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";

interface Found {
  slug: string;
  title: string;
  kind: string;
  section: string;
}

describe.each(dialects)("search on %s", (dialect) => {
  let app: TestApp;
  let catalogue: Map<string, Found>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const rows = await app.vitrina.db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.slug", "products.title", "products.kind", "sections.slug as section"])
      .execute();
    catalogue = new Map(rows.map((r) => [r.slug, r]));
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = (path: string) => fetch(app.url + path, { redirect: "manual" });
  /** the results page for `q`: its HTML and the products in the order shown */
  async function search(q: string, extra = "num=48") {
    const res = await get(`/search/?q=${encodeURIComponent(q)}&${extra}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const slugs = [...new Set([...html.matchAll(/href="\/product\/([^/"]+)\/"/g)].map((m) => m[1]!))];
    return { html, found: slugs.map((s) => catalogue.get(s)!) };
  }
  const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");
  const sofaSections = new Set(["pryamye-divany", "uglovye-divany"]);

  it("puts the sets first for «комплект», those named so in the title before the others", async () => {
    const sets = [...catalogue.values()].filter((p) => p.kind === "set").length;
    expect(sets).toBeGreaterThan(5);
    for (const q of ["комплект", "Комплекты"]) {
      const { found } = await search(q);
      expect(found.length).toBeGreaterThan(sets);
      expect(
        found.slice(0, sets).map((p) => p.kind),
        q,
      ).toEqual(Array(sets).fill("set"));
      const named = found.slice(0, sets).map((p) => /комплект/i.test(p.title));
      expect(named.indexOf(false)).toBeGreaterThan(0);
      expect(named.slice(named.indexOf(false))).not.toContain(true);
    }
  });

  it("puts the sofas first for «диваны» (the section's name, any word form)", async () => {
    const sofas = [...catalogue.values()].filter((p) => sofaSections.has(p.section)).length;
    for (const q of ["диваны", "диван", "Диванов"]) {
      const { found } = await search(q);
      expect(found.length, q).toBeGreaterThanOrEqual(sofas);
      expect(
        found.slice(0, sofas).every((p) => sofaSections.has(p.section)),
        q,
      ).toBe(true);
    }
  });

  it("ranks a title match above a match in the description", async () => {
    for (const q of ["светильник", "комплект"]) {
      const { found } = await search(q);
      const inTitle = found.map((p) => p.title.toLowerCase().includes(q));
      const lastTitled = inTitle.lastIndexOf(true);
      // products found only by their description (not sets, which «комплект» names)
      const descriptionOnly = found.map((p, i) => (!inTitle[i] && p.kind !== "set" ? i : -1)).filter((i) => i >= 0);
      expect(descriptionOnly.length, q).toBeGreaterThan(0);
      expect(lastTitled, q).toBeLessThan(descriptionOnly[0]!);
    }
  });

  it("corrects a typo, says «Возможно, вы искали …» with a link, and keeps the visitor's words", async () => {
    const cases = [
      { q: "дивн", fixed: "диван", first: (p: Found) => sofaSections.has(p.section) },
      { q: "крвать", fixed: "кровать", first: (p: Found) => /кровать/i.test(p.title) },
    ];
    for (const { q, fixed, first } of cases) {
      const { html, found } = await search(q);
      expect(text(html)).toContain(`Возможно, вы искали «${fixed}»`);
      expect(html).toContain(`href="/search/?q=${encodeURIComponent(fixed)}"`);
      expect(html).toMatch(new RegExp(`<input[^>]*name="q"[^>]*value="${q}"`));
      expect(text(html)).toContain(`Результаты поиска «${q}»`);
      expect(found.length, q).toBeGreaterThan(0);
      expect(found.slice(0, 5).every(first), q).toBe(true);
      // the link leads to the corrected search, which needs no correction
      const { html: fixedHtml, found: fixedFound } = await search(fixed);
      expect(text(fixedHtml)).not.toContain("Возможно, вы искали");
      expect(fixedFound.map((p) => p.slug)).toEqual(found.map((p) => p.slug));
    }
  });

  it("reads text typed with the wrong keyboard layout: «lbdfy» is «диван», «rhjdfnm» is «кровать»", async () => {
    for (const [q, fixed] of [
      ["lbdfy", "диван"],
      ["rhjdfnm", "кровать"],
    ] as const) {
      const { html, found } = await search(q);
      expect(text(html)).toContain(`Возможно, вы искали «${fixed}»`);
      const { found: expected } = await search(fixed);
      expect(found.map((p) => p.slug)).toEqual(expected.map((p) => p.slug));
    }
  });

  it("keeps the results of words that found something and offers no correction for known words", async () => {
    const { html, found } = await search("серый диван");
    expect(text(html)).not.toContain("Возможно, вы искали");
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.title).toMatch(/^Диван.*серый/);
  });

  it("lets the visitor order search results otherwise, and keeps the order in the links", async () => {
    const { html } = await search("диван", "direction=price_asc");
    expect(html).toMatch(/<option value="price_asc" selected/);
    expect(html).toContain("По соответствию");
    expect(html).toMatch(/href="\/search\/\?q=[^"]*direction=price_asc[^"]*page=2"/);
  });

  it("suggests corrected products with a thumbnail, the price and the section", async () => {
    for (const [q, fixed] of [
      ["дивн", "диван"],
      ["lbdf", "диван"],
    ] as const) {
      const res = await get(`/search/suggest/?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      const s = await res.json();
      expect(s.correction).toEqual({ text: fixed, href: `/search/?q=${encodeURIComponent(fixed)}` });
      expect(s.sections.map((x: { title: string }) => x.title)).toContain("Диваны и кресла");
      expect(s.products.length).toBeGreaterThan(0);
      for (const p of s.products) {
        expect(p.title).toMatch(/диван/i);
        expect(p.price).toMatch(/^\d[\d\s]*\s₽$/);
        expect(p.section).toMatch(/диваны/i);
        expect(p.thumbnail).toMatch(/^\/media\/.+\.webp$/);
      }
    }
    const known = await (await get(`/search/suggest/?q=${encodeURIComponent("кресло")}`)).json();
    expect(known.correction).toBeNull();
    expect(known.products[0].title).toMatch(/^Кресло/);
  });

  it("answers hostile queries with a page or an empty answer, never a 500", async () => {
    const queries = [
      "д".repeat(10_000),
      "\u0000\u0001\u0007диван\u001b",
      "!!! ??? ...",
      "\"'*()<script>alert(1)</script>",
      "AND OR NOT NEAR( * ^",
      "a & b | !c :* ()",
      "дива* ди:*",
      "\u202eнавид\u200b",
      "😀🛋️",
      Array.from({ length: 400 }, (_, i) => `дивн${i}`).join(" "),
      " ",
    ];
    for (const q of queries) {
      const page = await get(`/search/?q=${encodeURIComponent(q)}`);
      expect(page.status, q.slice(0, 40)).toBe(200);
      const html = await page.text();
      expect(html).not.toContain("<script>alert(1)</script>");
      const suggestions = await get(`/search/suggest/?q=${encodeURIComponent(q)}`);
      expect(suggestions.status, q.slice(0, 40)).toBe(200);
      expect(Array.isArray((await suggestions.json()).products)).toBe(true);
    }
    for (const path of ["/search/?q=%E0%A4%A", "/search/?q[]=диван&q[x]=1", "/search/?q=%00", "/search/suggest/?q=%E0%A4%A", "/search/suggest/?q=%00%00"]) {
      const res = await get(path);
      expect(res.status, path).toBeLessThan(500);
    }
    const punctuation = text(await (await get(`/search/?q=${encodeURIComponent("!!!")}`)).text());
    expect(punctuation).toContain("ничего не нашлось");
    // the text shown back is bounded and free of control characters
    const long = text(await (await get(`/search/?q=${"ж".repeat(5000)}`)).text());
    expect(long).toContain(`«${"ж".repeat(200)}»`);
    expect(long).not.toContain("ж".repeat(201));
  });
});
