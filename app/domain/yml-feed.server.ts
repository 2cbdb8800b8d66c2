// The Yandex Market feed (/yml.xml, issue 16, docs/decisions/086-yml-feed.md). Market and price
// aggregators fetch it often and it lists the whole catalogue, so it is NOT built per request: the
// bytes (plain and gzip) are kept per app instance under a key made of the catalogue generation
// (moved on by every catalogChanged) and the feed settings' version. A request whose key matches
// gets the kept bytes; the first one after a change waits for the one rebuild every request then
// shares, so a price change or a hidden product shows in the very next fetch.
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import sanitizeHtml from "sanitize-html";
import type { Db } from "../db/database.server.ts";
import type { ProductImage } from "../db/schema.ts";
import { DELIVERY_PRICING } from "../lib/delivery-pricing.ts";
import { ymlXml, YML_MAX_PICTURES, type YmlCategory, type YmlOffer, type YmlParam } from "../lib/yml.ts";
import { recordAudit, type StaffActor } from "./audit.server.ts";

const gzip = promisify(gzipCallback);

const SETTINGS_ID = 1;
/** Keeps IN lists far below both dialects' bound-parameter limits. */
const CHUNK = 500;
const DELIVERY_DAYS = "1-3";
const SALES_NOTES = "Оплата при получении или онлайн";

export const FEED_CONFLICT_MESSAGE = "Настройки выгрузки уже изменил другой сотрудник. Обновите страницу и выберите разделы ещё раз.";

export interface FeedSettings {
  /** section ids left out (with their subsections) */
  excluded: number[];
  version: number;
}

export interface FeedSection {
  id: number;
  parentId: number | null;
  title: string;
}

export interface BuiltFeed {
  xml: Buffer;
  gzip: Buffer;
  /** epoch ms the bytes were built */
  builtAt: number;
}

const parseIds = (json: string): number[] => {
  const ids: unknown = JSON.parse(json);
  return Array.isArray(ids) ? ids.filter((x): x is number => Number.isInteger(x)) : [];
};

export async function loadFeedSettings(db: Db): Promise<FeedSettings> {
  const row = await db.kysely.selectFrom("yml_feed_settings").select(["excluded_sections", "version"]).where("id", "=", SETTINGS_ID).executeTakeFirstOrThrow();
  return { excluded: parseIds(row.excluded_sections), version: Number(row.version) };
}

/** Every section, parents before children, for the settings form and the feed's categories. */
export async function feedSections(db: Db): Promise<FeedSection[]> {
  const rows = await db.kysely.selectFrom("sections").select(["id", "parent_id", "title"]).orderBy("sort").orderBy("id").execute();
  const out: FeedSection[] = [];
  const add = (parentId: number | null) => {
    for (const r of rows.filter((s) => s.parent_id === parentId)) {
      out.push({ id: r.id, parentId: r.parent_id, title: r.title });
      add(r.id);
    }
  };
  add(null);
  return out;
}

export async function saveFeedSettings(
  db: Db,
  actor: StaffActor,
  input: { included: readonly number[]; version: number },
  now = Date.now(),
): Promise<{ status: "saved" } | { status: "conflict"; message: string }> {
  const sections = await feedSections(db);
  const included = new Set(input.included);
  const excluded = sections
    .filter((s) => !included.has(s.id))
    .map((s) => s.id)
    .sort((a, b) => a - b);
  return db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("yml_feed_settings").select("excluded_sections").where("id", "=", SETTINGS_ID).executeTakeFirstOrThrow();
    const res = await trx
      .updateTable("yml_feed_settings")
      .set({ excluded_sections: JSON.stringify(excluded), version: input.version + 1, updated_at: now })
      .where("id", "=", SETTINGS_ID)
      .where("version", "=", input.version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return { status: "conflict", message: FEED_CONFLICT_MESSAGE } as const;
    await recordAudit(
      trx,
      actor,
      { action: "yml.settings", entity: "yml_feed", entityId: SETTINGS_ID, before: { excluded: parseIds(before.excluded_sections) }, after: { excluded } },
      now,
    );
    return { status: "saved" } as const;
  });
}

/** The sections in the feed: neither they nor any section above them left out. */
function includedSections(sections: readonly FeedSection[], excluded: readonly number[]): FeedSection[] {
  const out = new Set(excluded);
  // parents come before children, so a child sees its parent's verdict
  const result: FeedSection[] = [];
  for (const s of sections) {
    if (out.has(s.id) || (s.parentId !== null && out.has(s.parentId))) out.add(s.id);
    else result.push(s);
  }
  return result;
}

const kg = (grams: number) => (grams > 0 ? grams / 1000 : null);
const roubles = (kopecks: number | string) => Number(kopecks) / 100;
const cleanDescription = (html: string) => sanitizeHtml(html, { allowedTags: ["p", "br", "ul", "ol", "li", "b", "strong", "i", "em"], allowedAttributes: {} });

async function chunked<T>(ids: readonly number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

async function buildOffers(db: Db, publicUrl: string, sectionIds: readonly number[]): Promise<YmlOffer[]> {
  if (!sectionIds.length) return [];
  const products = await chunked(sectionIds, (chunk) =>
    db.kysely
      .selectFrom("products")
      .select([
        "id",
        "kind",
        "section_id",
        "slug",
        "title",
        "description",
        "brand",
        "price",
        "old_price",
        "weight",
        "stock",
        "images",
        "lead_weeks_min",
        "lead_weeks_max",
      ])
      .where("published", "=", 1)
      .where("section_id", "in", chunk)
      .execute(),
  );
  products.sort((a, b) => a.id - b.id);
  const ids = products.map((p) => p.id);
  const values = await chunked(ids, (chunk) =>
    db.kysely
      .selectFrom("product_values as v")
      .innerJoin("properties as p", "p.id", "v.property_id")
      .select(["v.product_id", "p.code", "p.title", "p.unit", "p.sort", "v.value_text", "v.value_num"])
      .where("v.product_id", "in", chunk)
      .execute(),
  );
  const setIds = products.filter((p) => p.kind === "set").map((p) => p.id);
  // a set is available when every item it cannot go without is in stock
  const setItems = await chunked(setIds, (chunk) =>
    db.kysely
      .selectFrom("set_items as s")
      .innerJoin("products as i", "i.id", "s.item_id")
      .select(["s.set_id", "s.optional", "i.stock"])
      .where("s.set_id", "in", chunk)
      .execute(),
  );
  const setShort = new Set(setItems.filter((i) => !Number(i.optional) && Number(i.stock) <= 0).map((i) => i.set_id));
  const byProduct = new Map<number, typeof values>();
  for (const v of values) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v]);

  return products.map((p) => {
    const own = (byProduct.get(p.id) ?? []).sort((a, b) => a.sort - b.sort || a.title.localeCompare(b.title));
    const params: YmlParam[] = own.map((v) => ({
      name: v.title,
      unit: v.unit,
      value: v.value_num !== null ? String(Number(v.value_num)) : (v.value_text ?? ""),
    }));
    const num = (code: string) => own.find((v) => v.code === code && v.value_num !== null)?.value_num;
    const [depth, width, height] = [num("depth"), num("width"), num("height")];
    const available = p.kind === "set" ? !setShort.has(p.id) : Number(p.stock) > 0;
    const images = JSON.parse(p.images) as ProductImage[];
    return {
      id: p.id,
      available,
      url: `${publicUrl}/product/${p.slug}/`,
      price: roubles(p.price),
      oldprice: p.old_price === null ? null : roubles(p.old_price),
      categoryId: p.section_id,
      pictures: images.slice(0, YML_MAX_PICTURES).map((i) => `${publicUrl}${i.src}-960.webp`),
      name: p.title,
      vendor: p.brand,
      description: cleanDescription(p.description),
      params,
      weight: kg(Number(p.weight)),
      dimensions: depth != null && width != null && height != null ? `${Number(depth)}/${Number(width)}/${Number(height)}` : null,
      salesNotes: available ? SALES_NOTES : `Под заказ, ${p.lead_weeks_min}–${p.lead_weeks_max} нед.`,
    } satisfies YmlOffer;
  });
}

async function buildFeed(db: Db, publicUrl: string, excluded: readonly number[], now: number): Promise<BuiltFeed> {
  const sections = includedSections(await feedSections(db), excluded);
  const categories: YmlCategory[] = sections.map((s) => ({ id: s.id, parentId: s.parentId, name: s.title }));
  const offers = await buildOffers(
    db,
    publicUrl,
    sections.map((s) => s.id),
  );
  const xml = Buffer.from(
    ymlXml({
      name: "Витрина",
      company: "Витрина",
      url: publicUrl,
      date: now,
      deliveryCost: DELIVERY_PRICING.courier / 100,
      deliveryDays: DELIVERY_DAYS,
      categories,
      offers,
    }),
  );
  return { xml, gzip: await gzip(xml), builtAt: now };
}

/** Kept bytes per database (one per app instance; tests run several apps in one process). */
const kept = new WeakMap<Db, { key: string; feed: Promise<BuiltFeed> }>();

/** The feed for the catalogue as it is now: the kept bytes, or one shared rebuild after a change. */
export async function ymlFeed(db: Db, publicUrl: string): Promise<BuiltFeed> {
  const [generation, settings] = await Promise.all([
    db.kysely.selectFrom("catalog_generation").select("generation").where("id", "=", 1).executeTakeFirst(),
    loadFeedSettings(db),
  ]);
  const key = `${Number(generation?.generation ?? 0)}:${settings.version}:${publicUrl}`;
  const current = kept.get(db);
  if (current?.key === key) return current.feed;
  const feed = buildFeed(db, publicUrl, settings.excluded, Date.now());
  kept.set(db, { key, feed });
  // a failed build is not kept: the next request tries again
  feed.catch(() => {
    if (kept.get(db)?.feed === feed) kept.delete(db);
  });
  return feed;
}
