// The Yandex Market feed (/yml.xml, decisions 086 and 090). Market and price aggregators
// fetch it often and it lists the whole catalogue, so it is NOT built per request, and never held
// in memory whole: after a catalogue change (the catalogue generation moves on) or a settings save
// (their version moves on) the first request starts ONE build, which pages through the products in
// keyset batches and streams the XML, and its gzip alongside, into two files of the FileStorage
// port. The row of the settings then names the files (`built_file`), so every instance sharing
// the storage, and a restarted one, serves them without building again. Requests meanwhile wait a
// little for the build and otherwise get the previous files.
import crypto from "node:crypto";
import { once } from "node:events";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import sanitizeHtml from "sanitize-html";
import { z } from "zod";
import type { Db } from "../../db/database.server.ts";
import type { Selectable } from "kysely";
import type { ProductTable } from "../../db/schema.ts";
import { isProductImage, parseJsonList, readJsonColumn } from "../../lib/json-columns.ts";
import { clipText, offerXml, ymlHead, ymlTail, YML_DESCRIPTION_MAX, YML_DESCRIPTION_TAGS, YML_MAX_PICTURES, type YmlOffer, type YmlParam } from "./yml.ts";
import type { FeedShopSettings } from "./yml-settings-form.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import type { FileStorage, StoredFile } from "../../lib/ports.ts";
import { updateAtVersion } from "../../db/versioned-update.ts";

const SETTINGS_ID = 1;
/** products read per query: bounds both the memory of a build and the IN lists of its side reads */
const BATCH = 500;
/** A request for a feed being rebuilt waits this long for it, then gets the previous files. */
const STALE_WAIT_MS = 10_000;
const PLATFORM = "Vitrina";
const PLATFORM_VERSION = "0.1";

export const FEED_CONFLICT_MESSAGE = "Настройки выгрузки уже изменил другой сотрудник. Обновите страницу и выберите разделы ещё раз.";

export interface FeedSettings extends FeedShopSettings {
  /** section ids left out (with their subsections) */
  excluded: number[];
  version: number;
}

export interface FeedSection {
  id: number;
  parentId: number | null;
  title: string;
}

/** One stored file of a build: the plain XML or its gzip. */
export interface FeedFile {
  key: string;
  etag: string;
  size: number;
}

export interface BuiltFeed {
  /** the catalogue generation, settings version and PUBLIC_URL the files show */
  state: string;
  xml: FeedFile;
  gzip: FeedFile;
  /** epoch ms the build started (the feed's date) */
  builtAt: number;
  offers: number;
}

const FeedFileSchema = z.object({ key: z.string(), etag: z.string(), size: z.number() }) satisfies z.ZodType<FeedFile>;
const BuiltFeedSchema = z.object({
  state: z.string(),
  xml: FeedFileSchema,
  gzip: FeedFileSchema,
  builtAt: z.number(),
  offers: z.number(),
}) satisfies z.ZodType<BuiltFeed>;

const parseIds = (json: string): number[] => {
  const ids: unknown = JSON.parse(json);
  return Array.isArray(ids) ? ids.filter((x): x is number => Number.isInteger(x)) : [];
};

// a `built_file` that is not a build reads as no build: the next request builds the feed again,
// so Market keeps getting a feed (files it named, if any, stay in the storage)
const parseBuilt = (json: string | null): BuiltFeed | null => (json ? readJsonColumn(json, BuiltFeedSchema, { fallback: null }) : null);

async function settingsRow(db: Db) {
  return db.kysely.selectFrom("yml_feed_settings").selectAll().where("id", "=", SETTINGS_ID).executeTakeFirstOrThrow();
}

type SettingsRow = Awaited<ReturnType<typeof settingsRow>>;

const settingsOf = (row: SettingsRow): FeedSettings => ({
  excluded: parseIds(row.excluded_sections),
  version: Number(row.version),
  shopName: row.shop_name,
  company: row.company,
  deliveryCost: Number(row.delivery_cost),
  deliveryDays: row.delivery_days,
  salesNotes: row.sales_notes,
});

export async function loadFeedSettings(db: Db): Promise<FeedSettings> {
  return settingsOf(await settingsRow(db));
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

/**
 * Saves the sections ticked and, when given, the shop's details (validated by the caller with
 * parseFeedShopForm). A form older than the saved settings is refused: nothing changes.
 */
export async function saveFeedSettings(
  db: Db,
  actor: StaffActor,
  input: { included: readonly number[]; version: number; shop?: FeedShopSettings },
  now = Date.now(),
): Promise<{ status: "saved" } | { status: "conflict"; message: string }> {
  const sections = await feedSections(db);
  const included = new Set(input.included);
  const excluded = sections
    .filter((s) => !included.has(s.id))
    .map((s) => s.id)
    .sort((a, b) => a - b);
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("yml_feed_settings").selectAll().where("id", "=", SETTINGS_ID).executeTakeFirstOrThrow();
    const { version, excluded: beforeExcluded, ...beforeShop } = settingsOf(row);
    const shop = input.shop ?? beforeShop;
    const saved = await updateAtVersion(trx, "yml_feed_settings", { column: "id", id: SETTINGS_ID }, input.version, {
      excluded_sections: JSON.stringify(excluded),
      shop_name: shop.shopName,
      company: shop.company,
      delivery_cost: shop.deliveryCost,
      delivery_days: shop.deliveryDays,
      sales_notes: shop.salesNotes,
      updated_at: now,
    });
    if (!saved || version !== input.version) return { status: "conflict", message: FEED_CONFLICT_MESSAGE } as const;
    await recordAudit(
      trx,
      actor,
      { action: "yml.settings", entity: "yml_feed", entityId: SETTINGS_ID, before: { excluded: beforeExcluded, ...beforeShop }, after: { excluded, ...shop } },
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

/**
 * Market's HTML only (decision 090); a description longer than Market takes loses its markup and
 * its tail rather than the offer being refused.
 */
function marketDescription(html: string): string {
  const kept = sanitizeHtml(html, { allowedTags: YML_DESCRIPTION_TAGS, allowedAttributes: {} }).trim();
  if ([...kept].length <= YML_DESCRIPTION_MAX) return kept;
  const plain = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
  return clipText(plain, YML_DESCRIPTION_MAX);
}

const PRODUCT_COLUMNS = [
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
] as const;

/** The offers of the published products of the included sections, BATCH products per step, in id order. */
async function* offerBatches(db: Db, publicUrl: string, included: ReadonlySet<number>, salesNotes: string): AsyncGenerator<YmlOffer[]> {
  let after = 0;
  for (;;) {
    // keyset paging on the primary key alone, so page 200 costs what page 1 does: with
    // `published = 1` in the query SQLite picks the published index and sorts every published row
    // for each page (16 s instead of 1 s at 100 000 products); hidden rows are skipped here instead
    const page = await db.kysely
      .selectFrom("products")
      .select([...PRODUCT_COLUMNS, "published"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (!page.length) return;
    after = page[page.length - 1]!.id;
    const products = page.filter((p) => Number(p.published) === 1 && included.has(p.section_id));
    if (products.length) yield await offersOf(db, publicUrl, products, salesNotes);
    if (page.length < BATCH) return;
  }
}

type ProductRow = Pick<Selectable<ProductTable>, (typeof PRODUCT_COLUMNS)[number]>;

async function offersOf(db: Db, publicUrl: string, products: readonly ProductRow[], salesNotes: string): Promise<YmlOffer[]> {
  const ids = products.map((p) => p.id);
  const values = await db.kysely
    .selectFrom("product_values as v")
    .innerJoin("properties as p", "p.id", "v.property_id")
    .select(["v.product_id", "p.code", "p.title", "p.unit", "p.sort", "v.value_text", "v.value_num"])
    .where("v.product_id", "in", ids)
    .execute();
  const setIds = products.filter((p) => p.kind === "set").map((p) => p.id);
  // a set is available when every item it cannot go without is in stock
  const setItems = setIds.length
    ? await db.kysely
        .selectFrom("set_items as s")
        .innerJoin("products as i", "i.id", "s.item_id")
        .select(["s.set_id", "s.optional", "i.stock"])
        .where("s.set_id", "in", setIds)
        .execute()
    : [];
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
    const num = (code: string) => {
      const n = own.find((v) => v.code === code && v.value_num !== null)?.value_num;
      return n == null ? null : Number(n);
    };
    // Market's length/width/height: a piece of furniture's width (its long side) is the length,
    // its depth the width
    const [length, width, height] = [num("width"), num("depth"), num("height")];
    const available = p.kind === "set" ? !setShort.has(p.id) : Number(p.stock) > 0;
    const images = parseJsonList(p.images, isProductImage);
    return {
      id: p.id,
      available,
      url: `${publicUrl}/product/${p.slug}/`,
      price: roubles(p.price),
      oldprice: p.old_price === null ? null : roubles(p.old_price),
      categoryId: p.section_id,
      pictures: images.slice(0, YML_MAX_PICTURES).map((i) => `${publicUrl}${i.src}-960.webp`),
      delivery: true,
      pickup: true,
      name: p.title,
      vendor: p.brand,
      description: marketDescription(p.description),
      salesNotes: available ? salesNotes : `Под заказ, ${p.lead_weeks_min}–${p.lead_weeks_max} нед.`,
      params,
      weight: kg(Number(p.weight)),
      dimensions: length !== null && width !== null && height !== null ? { length, width, height } : null,
      count: p.kind === "set" ? null : Math.max(0, Number(p.stock)),
    } satisfies YmlOffer;
  });
}

const etagOf = (hash: crypto.Hash) => `"${hash.digest("base64url").slice(0, 27)}"`;

/** Streams the feed into `<base>.xml` and `<base>.gz`; nothing shows under either key unless both are whole. */
async function writeFeedFiles(db: Db, storage: FileStorage, publicUrl: string, settings: FeedSettings, state: string, now: number): Promise<BuiltFeed> {
  const base = `yml/feed-${crypto.randomBytes(8).toString("hex")}`;
  const xmlSink = await storage.create(`${base}.xml`);
  const gzSink = await storage.create(`${base}.gz`).catch(async (err: unknown) => {
    await xmlSink.abort();
    throw err;
  });
  const xmlHash = crypto.createHash("sha256");
  const gzHash = crypto.createHash("sha256");
  let [xmlSize, gzSize, offers] = [0, 0, 0];
  // gzip runs on the libuv pool as the XML is written, not on the event loop after it
  const gz = createGzip();
  const gzDone = pipeline(gz, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      gzHash.update(chunk);
      gzSize += chunk.length;
      await gzSink.write(chunk);
    }
  });
  // awaited after the last write; until then a failure surfaces through gz's error
  gzDone.catch(() => undefined);
  const write = async (text: string) => {
    const bytes = Buffer.from(text);
    xmlHash.update(bytes);
    xmlSize += bytes.length;
    await xmlSink.write(bytes);
    if (!gz.write(bytes)) await once(gz, "drain");
  };
  try {
    const sections = includedSections(await feedSections(db), settings.excluded);
    await write(
      ymlHead({
        name: settings.shopName,
        company: settings.company,
        url: publicUrl,
        date: now,
        platform: PLATFORM,
        version: PLATFORM_VERSION,
        deliveryCost: settings.deliveryCost,
        deliveryDays: settings.deliveryDays,
        categories: sections.map((s) => ({ id: s.id, parentId: s.parentId, name: s.title })),
      }),
    );
    for await (const batch of offerBatches(db, publicUrl, new Set(sections.map((s) => s.id)), settings.salesNotes)) {
      await write(`${batch.map(offerXml).join("\n")}\n`);
      offers += batch.length;
    }
    await write(ymlTail());
    gz.end();
    await gzDone;
    await xmlSink.commit();
    await gzSink.commit();
  } catch (err) {
    gz.destroy();
    await Promise.all([xmlSink.abort(), gzSink.abort(), storage.remove(`${base}.xml`)]);
    throw err;
  }
  return {
    state,
    xml: { key: `${base}.xml`, etag: etagOf(xmlHash), size: xmlSize },
    gzip: { key: `${base}.gz`, etag: etagOf(gzHash), size: gzSize },
    builtAt: now,
    offers,
  };
}

/**
 * Names the new files in the settings row (for every instance) and removes the build before the
 * previous one: the previous stays, as a request may have just picked it.
 */
async function publishFeed(db: Db, storage: FileStorage, feed: BuiltFeed): Promise<void> {
  const stale = await db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("yml_feed_settings").select(["built_file", "previous_file"]).where("id", "=", SETTINGS_ID).executeTakeFirstOrThrow();
    await trx
      .updateTable("yml_feed_settings")
      .set({ built_file: JSON.stringify(feed), previous_file: row.built_file })
      .where("id", "=", SETTINGS_ID)
      .execute();
    return parseBuilt(row.previous_file);
  });
  if (stale && stale.xml.key !== feed.xml.key) await Promise.all([storage.remove(stale.xml.key), storage.remove(stale.gzip.key)]);
}

interface Runtime {
  /** the files this instance last served or built */
  current: BuiltFeed | null;
  /** the one build under way (a later state waits for it, then builds) */
  building: { state: string; feed: Promise<BuiltFeed> } | null;
}

/** Per database: one per app instance (tests run several apps in one process). */
const runtimes = new WeakMap<Db, Runtime>();

async function exists(storage: FileStorage, key: string): Promise<boolean> {
  const file = await storage.open(key);
  await file?.stream.cancel();
  return file !== null;
}

/** The one build for `state`: joins the build under way for it, or queues after a build for an older one. */
function buildFor(db: Db, storage: FileStorage, publicUrl: string, settings: FeedSettings, state: string, rt: Runtime): Promise<BuiltFeed> {
  if (rt.building?.state === state) return rt.building.feed;
  const before = rt.building?.feed.catch(() => null) ?? Promise.resolve(null);
  const feed = before.then(async () => {
    const built = await writeFeedFiles(db, storage, publicUrl, settings, state, Date.now());
    await publishFeed(db, storage, built);
    rt.current = built;
    return built;
  });
  rt.building = { state, feed };
  // a failed build is forgotten: the next request tries again
  feed
    .finally(() => {
      if (rt.building?.feed === feed) rt.building = null;
    })
    .catch(() => undefined);
  return feed;
}

/** No feed to serve: the build failed (a full disk, a folder that cannot be written) and none was built before it. */
export class FeedUnavailableError extends Error {}

export interface FeedOptions {
  staleWaitMs?: number;
  /** told of a build that failed (the caller logs it); the request gets the previous files or FeedUnavailableError */
  onBuildError?: (error: unknown) => void;
}

/**
 * The files of the feed for the catalogue as it is now, or the previous ones while a build runs
 * long or when it failed (decision 100); FeedUnavailableError when a build failed and there are
 * no previous files. A failed build is forgotten, so the next request tries again.
 */
export async function ymlFeed(db: Db, storage: FileStorage, publicUrl: string, options: FeedOptions = {}): Promise<BuiltFeed> {
  const [generation, row] = await Promise.all([
    db.kysely.selectFrom("catalog_generation").select("generation").where("id", "=", 1).executeTakeFirst(),
    settingsRow(db),
  ]);
  const state = `${Number(generation?.generation ?? 0)}:${Number(row.version)}:${publicUrl}`;
  let rt = runtimes.get(db);
  if (!rt) runtimes.set(db, (rt = { current: null, building: null }));
  if (rt.current?.state === state) return rt.current;
  // built by another instance or before a restart: serve those files if this storage has them
  const stored = parseBuilt(row.built_file);
  const storedUsable = stored !== null && (await exists(storage, stored.xml.key)) && (await exists(storage, stored.gzip.key));
  if (storedUsable && stored.state === state) return (rt.current = stored);
  const feed = buildFor(db, storage, publicUrl, settingsOf(row), state, rt);
  const previous = rt.current ?? (storedUsable ? stored : null);
  if (!previous)
    return feed.catch((error: unknown) => {
      options.onBuildError?.(error);
      throw new FeedUnavailableError("the feed could not be built and there is no earlier one", { cause: error });
    });
  // Market is better served by the feed as it was than by an error
  const settled = feed.catch((error: unknown) => {
    options.onBuildError?.(error);
    return previous;
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, options.staleWaitMs ?? STALE_WAIT_MS, null)));
  try {
    return (await Promise.race([settled, late])) ?? previous;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One file of a build, to send; null when it is gone (removed two builds on, or by hand): this
 * instance then forgets the build, so the next request builds the feed again.
 */
export async function openFeedFile(db: Db, storage: FileStorage, file: FeedFile): Promise<StoredFile | null> {
  const opened = await storage.open(file.key);
  const rt = runtimes.get(db);
  if (!opened && rt?.current && (rt.current.xml.key === file.key || rt.current.gzip.key === file.key)) rt.current = null;
  return opened;
}
