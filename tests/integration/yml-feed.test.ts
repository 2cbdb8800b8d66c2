// The Yandex Market feed over HTTP, parsed back with a streaming XML parser and checked offer by
// offer against the database: every published product and set of the chosen sections, with its
// price, old price, address, category and pictures; the gzip copy; a price change, a hidden
// product and a section taken out show in the next fetch.
import { gunzipSync } from "node:zlib";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogChanged } from "../../app/domain/catalog-changes.server.ts";
import { setProductPublished } from "../../app/domain/product-publishing.server.ts";
import { CLI_ACTOR } from "../../app/domain/staff.server.ts";
import { loadFeedSettings, saveFeedSettings } from "../../app/domain/yml-feed.server.ts";
import type { ProductImage } from "../../app/db/schema.ts";
import { staffVisitor } from "../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../support/test-app.ts";

interface ParsedOffer {
  id: number;
  available: string;
  url: string;
  price: string;
  oldprice?: string;
  categoryId: string;
  pictures: string[];
  name: string;
  description: string;
}

interface ParsedFeed {
  date: string;
  categories: { id: number; parentId: number | null; name: string }[];
  offers: Map<number, ParsedOffer>;
}

function parseFeed(xml: string): ParsedFeed {
  const parser = new SaxesParser();
  const feed: ParsedFeed = { date: "", categories: [], offers: new Map() };
  let offer: ParsedOffer | null = null;
  let category: ParsedFeed["categories"][number] | null = null;
  let text = "";
  parser.on("opentag", (t) => {
    text = "";
    const attr = (n: string) => (typeof t.attributes[n] === "string" ? (t.attributes[n] as string) : "");
    if (t.name === "yml_catalog") feed.date = attr("date");
    if (t.name === "category") category = { id: Number(attr("id")), parentId: attr("parentId") ? Number(attr("parentId")) : null, name: "" };
    if (t.name === "offer")
      offer = { id: Number(attr("id")), available: attr("available"), url: "", price: "", categoryId: "", pictures: [], name: "", description: "" };
  });
  parser.on("text", (t) => (text += t));
  parser.on("cdata", (t) => (text += t));
  parser.on("closetag", (t) => {
    if (t.name === "category" && category) feed.categories.push({ ...category, name: text });
    if (t.name === "offer" && offer) feed.offers.set(offer.id, offer);
    if (offer) {
      if (t.name === "picture") offer.pictures.push(text);
      else if (t.name === "url" || t.name === "price" || t.name === "oldprice" || t.name === "categoryId" || t.name === "name" || t.name === "description")
        offer[t.name] = text;
    }
    if (t.name === "offer") offer = null;
    text = "";
  });
  parser.write(xml).close();
  return feed;
}

/** The ids of the section checkboxes on the exchange page that are ticked / not ticked. */
function sectionTicks(html: string): { ticked: number[]; unticked: number[] } {
  const out = { ticked: [] as number[], unticked: [] as number[] };
  for (const [tag] of html.matchAll(/<input[^>]*name="section"[^>]*>/g)) {
    const id = Number(/value="(\d+)"/.exec(tag)?.[1]);
    (/\schecked(="")?[\s/>]/.test(tag) ? out.ticked : out.unticked).push(id);
  }
  return out;
}

const rub = (kopecks: number | string) => {
  const r = Number(kopecks) / 100;
  return Number.isInteger(r) ? String(r) : r.toFixed(2);
};

describe.each(dialects)("the YML feed on %s", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(async () => {
    await app?.stop();
  });
  const db = () => app.vitrina.db;

  async function fetchFeed(): Promise<{ xml: string; feed: ParsedFeed; res: Response }> {
    const res = await fetch(`${app.url}/yml.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    return { xml, feed: parseFeed(xml), res };
  }

  it("lists every published product and set of the chosen sections, offer by offer as in the catalogue", async () => {
    const { feed } = await fetchFeed();
    const rows = await db()
      .kysely.selectFrom("products")
      .select(["id", "slug", "title", "price", "old_price", "section_id", "images", "stock", "kind"])
      .where("published", "=", 1)
      .execute();
    expect(rows.some((r) => r.kind === "set")).toBe(true);
    expect(feed.offers.size).toBe(rows.length);
    const sections = await db().kysely.selectFrom("sections").select(["id", "parent_id", "title"]).execute();
    expect(feed.categories.map((c) => c.id).sort((a, b) => a - b)).toEqual(sections.map((s) => s.id).sort((a, b) => a - b));
    for (const s of sections) expect(feed.categories.find((c) => c.id === s.id)).toEqual({ id: s.id, parentId: s.parent_id, name: s.title });
    for (const r of rows) {
      const o = feed.offers.get(r.id);
      expect(o, `offer ${r.id}`).toBeDefined();
      expect(o!.url).toBe(`${app.publicUrl}/product/${r.slug}/`);
      expect(o!.name).toBe(r.title);
      expect(o!.price).toBe(rub(r.price));
      expect(o!.oldprice).toBe(r.old_price !== null && Number(r.old_price) > Number(r.price) ? rub(r.old_price) : undefined);
      expect(o!.categoryId).toBe(String(r.section_id));
      const images = JSON.parse(r.images) as ProductImage[];
      expect(o!.pictures).toEqual(images.slice(0, 10).map((i) => `${app.publicUrl}${i.src}-960.webp`));
      if (r.kind === "product") expect(o!.available).toBe(Number(r.stock) > 0 ? "true" : "false");
    }
  });

  it("serves the same bytes gzipped, and answers 304 to a copy still current", async () => {
    const plain = await fetch(`${app.url}/yml.xml`);
    const bytes = Buffer.from(await plain.arrayBuffer());
    const gz = await fetch(`${app.url}/yml.xml.gz`);
    expect(gz.status).toBe(200);
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(bytes)).toBe(true);
    const etag = plain.headers.get("etag")!;
    expect(plain.headers.get("last-modified")).toBeTruthy();
    expect((await fetch(`${app.url}/yml.xml`, { headers: { "If-None-Match": etag } })).status).toBe(304);
    expect((await fetch(`${app.url}/yml.xml`, { headers: { "If-Modified-Since": plain.headers.get("last-modified")! } })).status).toBe(304);
  });

  it("keeps the built feed until the catalogue changes, then shows a new price and drops a hidden product", async () => {
    const first = await fetchFeed();
    expect((await fetchFeed()).xml).toBe(first.xml);
    const [a, b] = await db()
      .kysely.selectFrom("products")
      .select(["id", "price"])
      .where("published", "=", 1)
      .where("kind", "=", "product")
      .orderBy("id")
      .limit(2)
      .execute();
    await db().kysely.updateTable("products").set({ price: 1_234_500, old_price: null }).where("id", "=", a!.id).execute();
    // the bytes are kept: a write that has not announced itself is not in the feed yet
    expect((await fetchFeed()).feed.offers.get(a!.id)!.price).toBe(rub(a!.price));
    await catalogChanged(db(), [a!.id]);
    const changed = await fetchFeed();
    expect(changed.feed.offers.get(a!.id)!.price).toBe("12345");
    expect(changed.feed.offers.get(a!.id)!.oldprice).toBeUndefined();

    await setProductPublished(db(), CLI_ACTOR, b!.id, false);
    const hidden = await fetchFeed();
    expect(hidden.feed.offers.has(b!.id)).toBe(false);
    expect(hidden.feed.offers.size).toBe(changed.feed.offers.size - 1);
  });

  it("leaves out a section taken out in the settings, with its subsections and products", async () => {
    const top = await db().kysely.selectFrom("sections").select(["id"]).where("parent_id", "is", null).orderBy("sort").orderBy("id").executeTakeFirstOrThrow();
    const subs = (await db().kysely.selectFrom("sections").select("id").where("parent_id", "=", top.id).execute()).map((s) => s.id);
    const all = (await db().kysely.selectFrom("sections").select("id").execute()).map((s) => s.id);
    const out = new Set([top.id, ...subs]);
    const settings = await loadFeedSettings(db());
    expect(
      await saveFeedSettings(db(), CLI_ACTOR, {
        included: all.filter((id) => id !== top.id),
        version: settings.version,
      }),
    ).toEqual({ status: "saved" });
    const { feed } = await fetchFeed();
    expect(feed.categories.some((c) => out.has(c.id))).toBe(false);
    const expected = await db()
      .kysely.selectFrom("products")
      .select("id")
      .where("published", "=", 1)
      .where("section_id", "not in", [...out])
      .execute();
    expect([...feed.offers.keys()].sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
    // a stale form is refused, nothing changes
    expect(await saveFeedSettings(db(), CLI_ACTOR, { included: all, version: settings.version })).toMatchObject({ status: "conflict" });
    const audit = await db().kysely.selectFrom("audit_log").select(["action", "after"]).where("action", "=", "yml.settings").execute();
    expect(audit).toHaveLength(1);
    // only the unticked section is stored: its subsections follow it
    expect(JSON.parse(audit[0]!.after)).toEqual({ excluded: [top.id] });
  });

  it("lets a content editor choose the sections on /admin/exchange/ with a plain form; a stale form keeps what was ticked", async () => {
    const editor = (await staffVisitor(app, "content")).visitor;
    const sections = await db().kysely.selectFrom("sections").select(["id", "title", "parent_id"]).orderBy("sort").orderBy("id").execute();
    const top = sections.find((s) => s.parent_id === null)!;
    const page = await editor.get("/admin/exchange/");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`${app.publicUrl}/yml.xml`);
    // left out by the previous test: its checkbox is not ticked, another one is
    const other = sections.find((s) => s.parent_id === null && s.id !== top.id)!;
    const subsOfTop = sections.filter((s) => s.parent_id === top.id).map((s) => s.id);
    expect(sectionTicks(html).unticked.sort((a, b) => a - b)).toEqual([top.id, ...subsOfTop].sort((a, b) => a - b));
    expect(sectionTicks(html).ticked).toContain(other.id);

    const { version } = await loadFeedSettings(db());
    const everything = new URLSearchParams([["version", String(version)], ...sections.map((s) => ["section", String(s.id)])]);
    const saved = await editor.postForm("/admin/exchange/", everything);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/exchange/?saved=feed");
    const { feed } = await fetchFeed();
    expect(feed.categories).toHaveLength(sections.length);
    expect(feed.offers.size).toBe(
      Number(
        (
          await db()
            .kysely.selectFrom("products")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("published", "=", 1)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );

    const stale = await editor.postForm(
      "/admin/exchange/",
      new URLSearchParams([
        ["version", String(version)],
        ["section", String(other.id)],
      ]),
    );
    expect(stale.status).toBe(409);
    const again = await stale.text();
    expect(again).toContain("Настройки выгрузки уже изменил другой сотрудник");
    expect(sectionTicks(again).ticked).toEqual([other.id]);
    expect((await loadFeedSettings(db())).excluded).toEqual([]);
  });
});
