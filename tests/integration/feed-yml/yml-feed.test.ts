// The Yandex Market feed over HTTP, parsed back with a streaming XML parser, its structure checked
// against Market's YML reference and every offer against the database: every published product and
// set of the chosen sections, with its price, old price, address, category, pictures, vendor,
// description, params, weight, dimensions, stock and sales note; the gzip copy; a price change, a
// hidden product and a section taken out show in the next fetch; the shop's details set in the back
// office; one build for many requests, the previous files while a build runs.
import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogChanged } from "../../../app/features/catalog/catalog-changes.server.ts";
import { setProductPublished } from "../../../app/features/product/product-publishing.server.ts";
import { CLI_ACTOR } from "../../../app/features/staff/staff.server.ts";
import { loadFeedSettings, saveFeedSettings, ymlFeed } from "../../../app/features/feed-yml/yml-feed.server.ts";
import type { FileStorage } from "../../../app/lib/ports.ts";
import type { ProductImage } from "../../../app/db/schema.ts";
import { createDiskStorage } from "../../../server/file-storage.ts";
import { staffVisitor } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { setVariantPrice } from "../../support/variants.ts";

interface ParsedOffer {
  id: number;
  available: string;
  /** child element names in document order */
  children: string[];
  url: string;
  price: string;
  oldprice?: string;
  currencyId: string;
  categoryId: string;
  pictures: string[];
  name: string;
  vendor?: string;
  description?: string;
  sales_notes?: string;
  delivery?: string;
  pickup?: string;
  weight?: string;
  dimensions?: string;
  count?: string;
  params: { name: string; unit: string | null; value: string }[];
}

interface ParsedFeed {
  root: string;
  date: string;
  /** the elements directly under <shop>, in order */
  shopChildren: string[];
  shop: Record<string, string>;
  currencies: { id: string; rate: string }[];
  deliveryOptions: { cost: string; days: string }[];
  categories: { id: number; parentId: number | null; name: string }[];
  offers: Map<number, ParsedOffer>;
}

const OFFER_TEXT = [
  "url",
  "price",
  "oldprice",
  "currencyId",
  "categoryId",
  "name",
  "vendor",
  "description",
  "sales_notes",
  "delivery",
  "pickup",
  "weight",
  "dimensions",
  "count",
] as const;

/** Reads the feed back with saxes (a conforming XML parser: a malformed document throws). */
function parseFeed(xml: string): ParsedFeed {
  const parser = new SaxesParser();
  const feed: ParsedFeed = { root: "", date: "", shopChildren: [], shop: {}, currencies: [], deliveryOptions: [], categories: [], offers: new Map() };
  const stack: string[] = [];
  let offer: ParsedOffer | null = null;
  let category: ParsedFeed["categories"][number] | null = null;
  let param: ParsedOffer["params"][number] | null = null;
  let text = "";
  parser.on("opentag", (t) => {
    text = "";
    const attr = (n: string) => (typeof t.attributes[n] === "string" ? (t.attributes[n] as string) : "");
    const parent = stack.at(-1);
    if (!stack.length) [feed.root, feed.date] = [t.name, attr("date")];
    if (parent === "shop") feed.shopChildren.push(t.name);
    if (parent === "offer") offer!.children.push(t.name);
    if (t.name === "currency") feed.currencies.push({ id: attr("id"), rate: attr("rate") });
    if (t.name === "option" && parent === "delivery-options") feed.deliveryOptions.push({ cost: attr("cost"), days: attr("days") });
    if (t.name === "category") category = { id: Number(attr("id")), parentId: attr("parentId") ? Number(attr("parentId")) : null, name: "" };
    if (t.name === "offer")
      offer = {
        id: Number(attr("id")),
        available: attr("available"),
        children: [],
        url: "",
        price: "",
        currencyId: "",
        categoryId: "",
        pictures: [],
        name: "",
        params: [],
      };
    if (t.name === "param") param = { name: attr("name"), unit: typeof t.attributes.unit === "string" ? t.attributes.unit : null, value: "" };
    stack.push(t.name);
  });
  parser.on("text", (t) => (text += t));
  parser.on("cdata", (t) => (text += t));
  parser.on("closetag", (t) => {
    stack.pop();
    const parent = stack.at(-1);
    if (parent === "shop" && ["name", "company", "url", "platform", "version"].includes(t.name)) feed.shop[t.name] = text;
    if (t.name === "category" && category) feed.categories.push({ ...category, name: text });
    if (t.name === "param" && param && offer) offer.params.push({ ...param, value: text });
    if (parent === "offer" && offer) {
      if (t.name === "picture") offer.pictures.push(text);
      else if ((OFFER_TEXT as readonly string[]).includes(t.name)) (offer as unknown as Record<string, string>)[t.name] = text;
    }
    if (t.name === "offer" && offer) {
      feed.offers.set(offer.id, offer);
      offer = null;
    }
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

/** the shop's details as the settings form sends them unchanged */
const SHOP_FIELDS: [string, string][] = [
  ["shopName", "Витрина"],
  ["company", "Витрина"],
  ["deliveryCost", "990"],
  ["deliveryDays", "1-3"],
  ["salesNotes", "Оплата при получении или онлайн"],
];

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

  it("is a valid YML document: the shop, RUR, categories, a delivery option, then offers in Market's order", async () => {
    const { feed } = await fetchFeed();
    expect(feed.root).toBe("yml_catalog");
    expect(feed.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}\+03:00$/);
    expect(feed.shopChildren).toEqual(["name", "company", "url", "platform", "version", "currencies", "categories", "delivery-options", "offers"]);
    expect(feed.shop).toMatchObject({ name: "Витрина", company: "Витрина", url: app.publicUrl, platform: "Vitrina" });
    expect(feed.currencies).toEqual([{ id: "RUR", rate: "1" }]);
    expect(feed.deliveryOptions).toEqual([{ cost: "990", days: "1-3" }]);
    // ids that refer to something refer to something in the feed
    const categoryIds = new Set(feed.categories.map((c) => c.id));
    for (const c of feed.categories) if (c.parentId !== null) expect(categoryIds.has(c.parentId), `category ${c.id}`).toBe(true);
    for (const o of feed.offers.values()) expect(categoryIds.has(Number(o.categoryId)), `offer ${o.id}`).toBe(true);
    const order = [
      "url",
      "price",
      "oldprice",
      "currencyId",
      "categoryId",
      "picture",
      "pickup",
      "delivery",
      "name",
      "vendor",
      "description",
      "sales_notes",
      "param",
      "weight",
      "dimensions",
      "count",
    ];
    for (const o of feed.offers.values()) {
      for (const required of ["url", "price", "currencyId", "categoryId", "name", "delivery", "pickup"])
        expect(o.children, `offer ${o.id}`).toContain(required);
      // every child is a YML element, in the order of Market's shops.dtd
      const positions = o.children.map((c) => order.indexOf(c));
      expect(positions, `offer ${o.id}: ${o.children.join(",")}`).not.toContain(-1);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
      expect(o.currencyId).toBe("RUR");
      expect(["true", "false"]).toContain(o.available);
      expect(o.pictures.length).toBeLessThanOrEqual(10);
      expect([...(o.description ?? "")].length).toBeLessThanOrEqual(3000);
      // Market's tags only in a description
      for (const [, tag] of (o.description ?? "").matchAll(/<\/?([a-z0-9]+)/gi)) expect(["h3", "p", "br", "ul", "ol", "li"]).toContain(tag!.toLowerCase());
      expect([...(o.sales_notes ?? "")].length).toBeLessThanOrEqual(50);
    }
  });

  it("lists every published product and set of the chosen sections, offer by offer as in the catalogue", async () => {
    const { feed } = await fetchFeed();
    const rows = await db()
      .kysely.selectFrom("products")
      .select(["id", "slug", "title", "brand", "price", "old_price", "section_id", "images", "stock", "kind", "weight", "lead_weeks_min", "lead_weeks_max"])
      .where("published", "=", 1)
      .execute();
    expect(rows.some((r) => r.kind === "set")).toBe(true);
    expect(feed.offers.size).toBe(rows.length);
    const sections = await db().kysely.selectFrom("sections").select(["id", "parent_id", "title"]).execute();
    expect(feed.categories.map((c) => c.id).sort((a, b) => a - b)).toEqual(sections.map((s) => s.id).sort((a, b) => a - b));
    for (const s of sections) expect(feed.categories.find((c) => c.id === s.id)).toEqual({ id: s.id, parentId: s.parent_id, name: s.title });
    const values = await db()
      .kysely.selectFrom("product_values as v")
      .innerJoin("properties as p", "p.id", "v.property_id")
      .select(["v.product_id", "p.code", "p.title", "p.unit", "v.value_text", "v.value_num"])
      .execute();
    let withSize = 0;
    for (const r of rows) {
      const o = feed.offers.get(r.id);
      expect(o, `offer ${r.id}`).toBeDefined();
      expect(o!.url).toBe(`${app.publicUrl}/product/${r.slug}/`);
      expect(o!.name).toBe(r.title);
      expect(o!.vendor).toBe(r.brand || undefined);
      expect(o!.price).toBe(rub(r.price));
      expect(o!.oldprice).toBe(r.old_price !== null && Number(r.old_price) > Number(r.price) ? rub(r.old_price) : undefined);
      expect(o!.categoryId).toBe(String(r.section_id));
      const images = JSON.parse(r.images) as ProductImage[];
      expect(o!.pictures).toEqual(images.slice(0, 10).map((i) => `${app.publicUrl}${i.src}-960.webp`));
      expect(o!.weight).toBe(Number(r.weight) > 0 ? String(Number(r.weight) / 1000) : undefined);
      // a param per property value, with its unit
      const own = values.filter((v) => v.product_id === r.id);
      expect(o!.params.map((p) => `${p.name}|${p.unit ?? ""}|${p.value}`).sort()).toEqual(
        own.map((v) => `${v.title}|${v.unit}|${v.value_num !== null ? String(Number(v.value_num)) : v.value_text}`).sort(),
      );
      const num = (code: string) => own.find((v) => v.code === code)?.value_num;
      const [w, d, h] = [num("width"), num("depth"), num("height")];
      if (w != null && d != null && h != null) {
        withSize++;
        expect(o!.dimensions).toBe(`${Number(w)}/${Number(d)}/${Number(h)}`);
      } else expect(o!.dimensions).toBeUndefined();
      if (r.kind === "product") {
        expect(o!.available).toBe(Number(r.stock) > 0 ? "true" : "false");
        expect(o!.count).toBe(String(Math.max(0, Number(r.stock))));
      } else expect(o!.count).toBeUndefined();
      expect(o!.sales_notes).toBe(o!.available === "true" ? "Оплата при получении или онлайн" : `Под заказ, ${r.lead_weeks_min}–${r.lead_weeks_max} нед.`);
    }
    expect(withSize).toBeGreaterThan(0);
  });

  it("serves the same bytes gzipped (as /yml.xml.gz, or as Content-Encoding when accepted), and answers 304 to a copy still current", async () => {
    const identity = { "Accept-Encoding": "identity" };
    const plain = await fetch(`${app.url}/yml.xml`, { headers: identity });
    const bytes = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-length")).toBe(String(bytes.length));
    const gz = await fetch(`${app.url}/yml.xml.gz`);
    expect(gz.status).toBe(200);
    expect(gz.headers.get("content-type")).toBe("application/gzip");
    const gzBytes = Buffer.from(await gz.arrayBuffer());
    expect(gunzipSync(gzBytes).equals(bytes)).toBe(true);
    // a client that takes gzip gets the stored gzip file as the encoding of /yml.xml
    const encoded = await fetch(`${app.url}/yml.xml`, { headers: { "Accept-Encoding": "gzip" } });
    expect(encoded.headers.get("content-encoding")).toBe("gzip");
    expect(encoded.headers.get("content-length")).toBe(String(gzBytes.length));
    expect(encoded.headers.get("vary")).toContain("Accept-Encoding");
    expect(Buffer.from(await encoded.arrayBuffer()).equals(bytes)).toBe(true);

    const etag = plain.headers.get("etag")!;
    expect(plain.headers.get("last-modified")).toBeTruthy();
    // three representations, three ETags
    expect(new Set([etag, gz.headers.get("etag"), encoded.headers.get("etag")]).size).toBe(3);
    expect((await fetch(`${app.url}/yml.xml`, { headers: { ...identity, "If-None-Match": etag } })).status).toBe(304);
    expect((await fetch(`${app.url}/yml.xml`, { headers: { ...identity, "If-Modified-Since": plain.headers.get("last-modified")! } })).status).toBe(304);
    expect((await fetch(`${app.url}/yml.xml`, { headers: { "Accept-Encoding": "gzip", "If-None-Match": encoded.headers.get("etag")! } })).status).toBe(304);
    expect((await fetch(`${app.url}/yml.xml.gz`, { headers: { "If-None-Match": gz.headers.get("etag")! } })).status).toBe(304);
    const head = await fetch(`${app.url}/yml.xml`, { method: "HEAD", headers: identity });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
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
    await setVariantPrice(db().kysely, a!.id, 1_234_500, null);
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
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ excluded: [top.id] });
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
    const everything = new URLSearchParams([["version", String(version)], ...SHOP_FIELDS, ...sections.map((s) => ["section", String(s.id)])]);
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

    const stale = await editor.postForm("/admin/exchange/", new URLSearchParams([["version", String(version)], ...SHOP_FIELDS, ["section", String(other.id)]]));
    expect(stale.status).toBe(409);
    const again = await stale.text();
    expect(again).toContain("Настройки выгрузки уже изменил другой сотрудник");
    expect(sectionTicks(again).ticked).toEqual([other.id]);
    expect((await loadFeedSettings(db())).excluded).toEqual([]);
  });

  it("takes the shop's name, company, delivery option and sales note from the settings form, with Russian words next to a wrong field", async () => {
    const owner = (await staffVisitor(app, "owner")).visitor;
    const sections = await db().kysely.selectFrom("sections").select("id").execute();
    const ticks = sections.map((s): [string, string] => ["section", String(s.id)]);
    const { version } = await loadFeedSettings(db());
    const wrong = await owner.postForm(
      "/admin/exchange/",
      new URLSearchParams([
        ["version", String(version)],
        ["shopName", "Мебельный магазин «Витрина»"],
        ["company", ""],
        ["deliveryCost", "сто"],
        ["deliveryDays", "1-7"],
        ["salesNotes", "Оплата"],
        ...ticks,
      ]),
    );
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toMatch(/id="feed-shop-name-error"[^>]*>[^<]*Название магазина — от 1 до 20 символов/);
    expect(html).toMatch(/id="feed-company-error"[^>]*>[^<]*Укажите компанию/);
    expect(html).toMatch(/id="feed-delivery-cost-error"[^>]*>[^<]*целое число рублей/);
    expect(html).toMatch(/id="feed-delivery-days-error"[^>]*>[^<]*Срок доставки/);
    // what was typed is drawn again
    expect(html).toContain('value="Мебельный магазин «Витрина»"');
    expect((await loadFeedSettings(db())).version).toBe(version);

    const saved = await owner.postForm(
      "/admin/exchange/",
      new URLSearchParams([
        ["version", String(version)],
        ["shopName", "Витрина & Ко"],
        ["company", "ООО «Витрина»"],
        ["deliveryCost", "1 490"],
        ["deliveryDays", "2–4"],
        ["salesNotes", "Предоплата 10%"],
        ...ticks,
      ]),
    );
    expect(saved.status).toBe(303);
    const { feed } = await fetchFeed();
    expect(feed.shop).toMatchObject({ name: "Витрина & Ко", company: "ООО «Витрина»" });
    expect(feed.deliveryOptions).toEqual([{ cost: "1490", days: "2-4" }]);
    const inStock = [...feed.offers.values()].filter((o) => o.available === "true");
    expect(inStock.length).toBeGreaterThan(0);
    for (const o of inStock) expect(o.sales_notes).toBe("Предоплата 10%");
    const page = await (await owner.get("/admin/exchange/")).text();
    expect(page).toContain('value="ООО «Витрина»"');
  });

  it("builds once for many requests at a time; while a build runs long, requests get the previous files", async () => {
    const dir = path.join(import.meta.dirname, "../../../data/test-yml", `${dialect}-${process.pid}-${Date.now()}`);
    const disk = createDiskStorage(dir);
    let builds = 0;
    let gate: Promise<void> = Promise.resolve();
    const storage: FileStorage = {
      ...disk,
      async create(key) {
        if (key.endsWith(".xml")) builds++;
        await gate;
        return disk.create(key);
      },
    };
    try {
      const first = await Promise.all(Array.from({ length: 5 }, () => ymlFeed(db(), storage, app.publicUrl)));
      expect(builds).toBe(1);
      expect(new Set(first.map((f) => f.xml.key)).size).toBe(1);
      const bytes = await disk.read(first[0]!.xml.key);
      expect(bytes.length).toBe(first[0]!.xml.size);
      expect(gunzipSync(await disk.read(first[0]!.gzip.key)).equals(bytes)).toBe(true);
      expect(parseFeed(bytes.toString("utf8")).offers.size).toBe(first[0]!.offers);

      // a catalogue change while the next build is held back: a request gets the previous files
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      await catalogChanged(db(), []);
      const during = await ymlFeed(db(), storage, app.publicUrl, { staleWaitMs: 20 });
      expect(during.xml.key).toBe(first[0]!.xml.key);
      const waiting = Promise.all([ymlFeed(db(), storage, app.publicUrl), ymlFeed(db(), storage, app.publicUrl)]);
      release();
      const after = await waiting;
      expect(builds).toBe(2);
      expect(after[0]!.xml.key).toBe(after[1]!.xml.key);
      expect(after[0]!.xml.key).not.toBe(first[0]!.xml.key);
      // the previous build stays (a request may still be reading it); no part files are left
      expect(fs.readdirSync(path.join(dir, "yml")).sort()).toEqual(
        [first[0]!.xml.key, first[0]!.gzip.key, after[0]!.xml.key, after[0]!.gzip.key].map((k) => k.slice("yml/".length)).sort(),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a disk that fills up during a build leaves no partial file, the previous feed is served meanwhile; the next build succeeds", async () => {
    const dir = path.join(import.meta.dirname, "../../../data/test-yml", `full-${dialect}-${process.pid}-${Date.now()}`);
    const disk = createDiskStorage(dir);
    const full: FileStorage = {
      ...disk,
      async create(key) {
        const sink = await disk.create(key);
        let written = 0;
        return {
          ...sink,
          async write(bytes) {
            written += bytes.length;
            if (written > 64 * 1024) throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
            await sink.write(bytes);
          },
        };
      },
    };
    try {
      // a feed built into this storage: the one to fall back on
      await catalogChanged(db(), []);
      const previous = await ymlFeed(db(), disk, app.publicUrl);
      await catalogChanged(db(), []);
      const failures: unknown[] = [];
      // Market gets the feed as it was, not an error; the failure is told to the caller (who logs it)
      const served = await ymlFeed(db(), full, app.publicUrl, { onBuildError: (err) => failures.push(err) });
      expect(served.xml.key).toBe(previous.xml.key);
      expect(failures).toEqual([expect.objectContaining({ code: "ENOSPC" })]);
      expect(fs.readdirSync(path.join(dir, "yml")).sort()).toEqual([previous.gzip.key, previous.xml.key].map((k) => k.slice("yml/".length)).sort());
      const feed = await ymlFeed(db(), disk, app.publicUrl);
      expect(feed.xml.key).not.toBe(previous.xml.key);
      expect(fs.readdirSync(path.join(dir, "yml")).sort()).toEqual(
        [previous.gzip.key, previous.xml.key, feed.gzip.key, feed.xml.key].map((k) => k.slice("yml/".length)).sort(),
      );
      expect(parseFeed((await disk.read(feed.xml.key)).toString("utf8")).offers.size).toBe(feed.offers);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("files removed by hand: one answer «Фид обновляется» with Retry-After, then the feed is built again", async () => {
    await fetchFeed();
    const row = await db().kysely.selectFrom("yml_feed_settings").select("built_file").executeTakeFirstOrThrow();
    const built = JSON.parse(row.built_file!) as { xml: { key: string }; gzip: { key: string } };
    // the test servers keep private files next to the media folder (server/app.ts)
    const uploads = path.resolve(app.config.mediaDir, "../uploads");
    for (const key of [built.xml.key, built.gzip.key]) fs.rmSync(path.join(uploads, key));
    const gone = await fetch(`${app.url}/yml.xml`, { headers: { "Accept-Encoding": "identity" } });
    expect(gone.status).toBe(503);
    expect(gone.headers.get("retry-after")).toBe("60");
    expect(await gone.text()).toContain("Фид обновляется");
    const again = await fetchFeed();
    expect(again.feed.offers.size).toBeGreaterThan(0);
  });
});

describe.each(dialects)("the Yandex Market feed that cannot be written on %s", (dialect) => {
  let app: TestApp;
  let uploads: string;
  beforeAll(async () => {
    uploads = path.join(import.meta.dirname, "../../../data", `test-uploads-yml-${dialect}-${process.pid}`);
    fs.rmSync(uploads, { recursive: true, force: true });
    fs.mkdirSync(uploads, { recursive: true });
    // the feed's folder cannot be made: a file stands in its place (for root too, unlike permissions)
    fs.writeFileSync(path.join(uploads, "yml"), "not a folder");
    app = await startTestApp(dialect, { uploadDir: uploads });
  });
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it("answers 503 with Retry-After while no feed was ever written, for /yml.xml and /yml.xml.gz", async () => {
    for (const address of ["/yml.xml", "/yml.xml.gz"]) {
      const res = await fetch(`${app.url}${address}`, { headers: { "Accept-Encoding": "identity" } });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("60");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toContain("Фид временно недоступен");
    }
    // once the folder can be written the feed is built on the next request
    fs.rmSync(path.join(uploads, "yml"));
    const res = await fetch(`${app.url}/yml.xml`, { headers: { "Accept-Encoding": "identity" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<yml_catalog");
  });
});
