// The catalogue half of the 1C exchange (issue 16, decision 087): `mode=import` for the files a
// session received. Zip archives are unpacked first (one `progress` step), checked entry by entry
// (names, count, total size, compression ratio) and stored only when the whole archive passes.
// import.xml (groups → sections, products) and offers.xml (price, stock) are each applied in one
// transaction, matched by 1C's «Ид», so a repeated import updates rather than duplicates.
import yauzl from "yauzl";
import type { Transaction } from "kysely";
import type { Db } from "../db/database.server.ts";
import type { Database } from "../db/schema.ts";
import { CommerceMlError, parseCommerceMl, type CmlDocument } from "../lib/commerceml.ts";
import { EXCHANGE_SESSION_MAX_BYTES, safeExchangeName } from "../lib/exchange-1c.ts";
import { slugify } from "../lib/slug.ts";
import { recordAudit, type StaffActor } from "./audit.server.ts";
import { catalogChanged } from "./catalog-changes.server.ts";
import { EXCHANGE_MESSAGES, exchangeFailed, exchangeFileKey, saveExchangeSession, type ExchangeSession } from "./exchange-1c.server.ts";
import type { FileStorage, Mailer } from "./ports.ts";
import { notifyBackInStock } from "./stock-notices.server.ts";

export const ZIP_MAX_ENTRIES = 10_000;
/** a real CommerceML file compresses maybe 10–30×; far more is a zip bomb */
export const ZIP_MAX_RATIO = 200;

export type ImportAnswer = { kind: "progress"; message: string } | { kind: "success"; message: string } | { kind: "failure"; reason: string };

class ZipRefused extends Error {}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // names are kept raw (decodeStrings: false) so our own rule judges them and names the bad one
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false }, (err, zip) =>
      err ? reject(new ZipRefused("Архив повреждён")) : resolve(zip),
    );
  });
}

/** every file of the archive, or ZipRefused with a Russian reason; nothing is stored here */
async function readZip(bytes: Buffer, budget: number): Promise<Map<string, Buffer>> {
  const zip = await openZip(bytes);
  const files = new Map<string, Buffer>();
  let total = 0;
  try {
    return await new Promise((resolve, reject) => {
      zip.on("error", () => reject(new ZipRefused("Архив повреждён")));
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry: yauzl.Entry) => {
        // only ASCII names pass safeExchangeName, so reading the raw bytes as UTF-8 loses nothing
        const name = Buffer.from(entry.fileName as unknown as Uint8Array).toString("utf8");
        if (name.endsWith("/")) return zip.readEntry();
        if (files.size >= ZIP_MAX_ENTRIES) return reject(new ZipRefused(`В архиве больше ${ZIP_MAX_ENTRIES} файлов`));
        if (!safeExchangeName(name)) return reject(new ZipRefused(`Недопустимое имя в архиве: ${name.slice(0, 100)}`));
        if (entry.uncompressedSize > Math.max(1, entry.compressedSize) * ZIP_MAX_RATIO)
          return reject(new ZipRefused(`Файл ${name} в архиве сжат подозрительно сильно (zip-бомба?)`));
        if (total + entry.uncompressedSize > budget) return reject(new ZipRefused(EXCHANGE_MESSAGES.sessionFull));
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(new ZipRefused("Архив повреждён"));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => {
            // the declared size is checked again while reading: a lying header cannot pass
            total += c.byteLength;
            if (total > budget) {
              stream.destroy();
              reject(new ZipRefused(EXCHANGE_MESSAGES.sessionFull));
            } else chunks.push(c);
          });
          stream.on("error", () => reject(new ZipRefused("Архив повреждён")));
          stream.on("end", () => {
            files.set(name, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

async function unpackZips(db: Db, storage: FileStorage, session: ExchangeSession): Promise<ImportAnswer | null> {
  const zips = Object.entries(session.files).filter(([name, f]) => name.toLowerCase().endsWith(".zip") && !session.counts[`unpacked:${f.key}`]);
  if (zips.length === 0) return null;
  let unpacked = 0;
  for (const [, zipFile] of zips) {
    const used = Object.values(session.files).reduce((sum, f) => sum + f.bytes, 0);
    let files: Map<string, Buffer>;
    try {
      files = await readZip(await storage.read(zipFile.key), EXCHANGE_SESSION_MAX_BYTES - used);
    } catch (error) {
      if (error instanceof ZipRefused) return { kind: "failure", reason: await exchangeFailed(db, session, error.message) };
      throw error;
    }
    for (const [name, bytes] of files) {
      const key = exchangeFileKey(session.id, name);
      await storage.put(key, bytes);
      session.files[name] = { key, bytes: bytes.byteLength };
    }
    session.counts[`unpacked:${zipFile.key}`] = files.size;
    unpacked += files.size;
  }
  await saveExchangeSession(db, session);
  return { kind: "progress", message: `Архив распакован: файлов ${unpacked}` };
}

/** a slug not taken by a live or deleted row of `table` */
async function freeSlug(trx: Transaction<Database>, table: "sections" | "products", title: string, max: number): Promise<string> {
  const base =
    slugify(title)
      .slice(0, max - 8)
      .replace(/-+$/, "") || "tovar";
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const live = await trx.selectFrom(table).select("id").where("slug", "=", slug).executeTakeFirst();
    const gone = table === "products" ? await trx.selectFrom("deleted_products").select("slug").where("slug", "=", slug).executeTakeFirst() : undefined;
    if (!live && !gone) return slug;
  }
}

async function applyCatalog(trx: Transaction<Database>, doc: CmlDocument, now: number) {
  const counts = { sections: 0, created: 0, updated: 0 };
  const sectionIds = new Map<string, number>();
  // parents first: a group is listed after its subgroups in document order
  const byId = new Map(doc.groups.map((g) => [g.id, g]));
  const depth = (id: string | null): number => (id && byId.has(id) ? 1 + depth(byId.get(id)!.parentId) : 0);
  for (const group of [...doc.groups].sort((a, b) => depth(a.parentId) - depth(b.parentId))) {
    const parentId = group.parentId ? (sectionIds.get(group.parentId) ?? null) : null;
    const found = await trx.selectFrom("sections").select("id").where("external_id", "=", group.id).executeTakeFirst();
    if (found) {
      await trx
        .updateTable("sections")
        .set((eb) => ({ title: group.title, parent_id: parentId, version: eb("version", "+", 1) }))
        .where("id", "=", found.id)
        .execute();
      sectionIds.set(group.id, found.id);
    } else {
      const slug = await freeSlug(trx, "sections", group.title, 120);
      const row = await trx
        .insertInto("sections")
        .values({ parent_id: parentId, slug, title: group.title, description: "", sort: 500, external_id: group.id })
        .returning("id")
        .executeTakeFirstOrThrow();
      sectionIds.set(group.id, row.id);
    }
    counts.sections++;
  }
  const sectionOf = async (groupId: string | null): Promise<number | null> => {
    if (!groupId) return null;
    if (sectionIds.has(groupId)) return sectionIds.get(groupId)!;
    const row = await trx.selectFrom("sections").select("id").where("external_id", "=", groupId).executeTakeFirst();
    return row?.id ?? null;
  };
  const fallback = async () => (await trx.selectFrom("sections").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const ids: number[] = [];
  for (const p of doc.products) {
    const sectionId = (await sectionOf(p.groupId)) ?? (await fallback());
    const found = await trx.selectFrom("products").select("id").where("external_id", "=", p.id).executeTakeFirst();
    if (found) {
      await trx
        .updateTable("products")
        .set((eb) => ({ title: p.title, description: p.description, section_id: sectionId, version: eb("version", "+", 1), updated_at: now }))
        .where("id", "=", found.id)
        .execute();
      counts.updated++;
      ids.push(found.id);
    } else {
      const slug = await freeSlug(trx, "products", p.title, 160);
      const row = await trx
        .insertInto("products")
        .values({
          section_id: sectionId,
          kind: "product",
          slug,
          title: p.title,
          description: p.description,
          brand: "",
          price: 0,
          old_price: null,
          weight: 0,
          stock: 0,
          rating: 0,
          rating_count: 0,
          popularity: 0,
          images: "[]",
          videos: "[]",
          set_discount: 0,
          created_at: now,
          updated_at: now,
          external_id: p.id,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      counts.created++;
      ids.push(row.id);
    }
  }
  return { counts, ids };
}

async function applyOffers(trx: Transaction<Database>, doc: CmlDocument, priceType: string | null, now: number) {
  const wanted = priceType?.toLowerCase();
  // the configured type by its Ид or name; otherwise (or when it is not in this file) the first
  const retail = (doc.priceTypes.find((t) => t.id.toLowerCase() === wanted || t.title.toLowerCase() === wanted) ?? doc.priceTypes[0])?.id ?? null;
  const counts = { offers: 0, missing: 0 };
  const ids: number[] = [];
  const raised: number[] = [];
  for (const offer of doc.offers) {
    const found = await trx.selectFrom("products").select(["id", "stock"]).where("external_id", "=", offer.productId).executeTakeFirst();
    if (!found) {
      counts.missing++;
      continue;
    }
    const price = retail ? offer.prices.get(retail) : undefined;
    await trx
      .updateTable("products")
      .set((eb) => ({ stock: offer.stock, ...(price === undefined ? {} : { price }), version: eb("version", "+", 1), updated_at: now }))
      .where("id", "=", found.id)
      .execute();
    if (found.stock <= 0 && offer.stock > 0) raised.push(found.id);
    ids.push(found.id);
    counts.offers++;
  }
  return { counts, ids, raised };
}

export interface ImportServices {
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  publicUrl: string;
  /** the price type (Ид or name) that is the retail price; null: the first one in offers.xml */
  retailPriceType: string | null;
}

/** `mode=import&filename=…`: one step of the import; 1C repeats the request while it reads `progress`. */
export async function importExchangeFile(
  services: ImportServices,
  session: ExchangeSession,
  actor: StaffActor,
  name: string,
  now = Date.now(),
): Promise<ImportAnswer> {
  const { db, storage } = services;
  const step = await unpackZips(db, storage, session);
  if (step) return step;
  const safe = safeExchangeName(name);
  if (!safe) return { kind: "failure", reason: await exchangeFailed(db, session, EXCHANGE_MESSAGES.badName) };
  const file = session.files[safe];
  if (!file) return { kind: "failure", reason: await exchangeFailed(db, session, `${EXCHANGE_MESSAGES.noFile}: ${safe}`) };
  let doc: CmlDocument;
  try {
    doc = parseCommerceMl((await storage.read(file.key)).toString("utf8"));
  } catch (error) {
    if (error instanceof CommerceMlError) return { kind: "failure", reason: await exchangeFailed(db, session, `${safe}: ${error.message}`) };
    throw error;
  }
  const result = await db.kysely.transaction().execute(async (trx) => {
    const catalog = doc.groups.length > 0 || doc.products.length > 0 ? await applyCatalog(trx, doc, now) : null;
    const offers = doc.offers.length > 0 ? await applyOffers(trx, doc, services.retailPriceType, now) : null;
    const counts = { ...catalog?.counts, ...offers?.counts };
    await recordAudit(trx, actor, { action: "catalog.exchange-1c", entity: "catalog", entityId: safe, before: null, after: counts }, now);
    return { counts, ids: [...(catalog?.ids ?? []), ...(offers?.ids ?? [])], raised: offers?.raised ?? [] };
  });
  for (const [k, v] of Object.entries(result.counts)) session.counts[k] = (session.counts[k] ?? 0) + v;
  session.status = "done";
  await saveExchangeSession(db, session);
  // the storefront shows the import like a back-office edit: index, search, sitemap, cache
  await catalogChanged(db, result.ids);
  await notifyBackInStock(db, services.mailer, services.publicUrl, result.raised);
  const c = result.counts as Record<string, number>;
  const message = safe.startsWith("offers")
    ? `Обработано предложений: ${c.offers ?? 0}, не найдено товаров: ${c.missing ?? 0}`
    : `Групп: ${c.sections ?? 0}, товаров создано: ${c.created ?? 0}, обновлено: ${c.updated ?? 0}`;
  return { kind: "success", message };
}
