// The catalogue half of the 1C exchange (decisions 087 and 088): `mode=import` for the
// files a session received, in steps of at most IMPORT_STEP_MS each, so no request runs past a
// proxy's timeout and the event loop is never held for long. Zip archives are unpacked first (one
// `progress` step), checked entry by entry (names, count, total size, compression ratio) and
// stored only when the whole archive passes. Then each file goes through:
//   1. stage: the file is read in 64 KB chunks, decoded (UTF-8 or Windows-1251) and fed to the
//      streaming CommerceML reader; its records are staged in exchange_staging in batches. The
//      whole file is read before anything is applied, so a file broken at its end changes nothing.
//      The live reader stays in this process between requests; another instance (or a restart)
//      reads the file again from the start, skipping the records already staged.
//   2. apply: staged records in order, a batch per transaction (exchange-1c-apply.server.ts).
//   3. pictures: products that list pictures, one product at a time.
//   4. hide: a full update hides 1C's products the file left out;
//   5. search: the touched products' search documents, a thousand per turn;
//   6. publish: the storefront is told once (catalogChanged, back-in-stock notices); the counts
//      go on the session; audit;
//   7. cleanup: the staged rows are deleted in batches; `success`.
import yauzl from "yauzl";
import { z } from "zod";
import type { Db } from "../../db/database.server.ts";
import { CmlInvalidSchema, CmlProductSchema, CmlRecordSchema, CommerceMlError, CommerceMlReader, xmlEncoding, type CmlRecord } from "./commerceml.ts";
import { EXCHANGE_SESSION_MAX_BYTES, safeExchangeName } from "./exchange-1c.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { catalogChanged, PATCH_MAX_PRODUCTS } from "../catalog/index.server.ts";
import { applyRecord, ApplyStateSchema, emptyCounts, newApplyCache, REPORT_LINES_MAX, type ApplyState } from "./exchange-1c-apply.server.ts";
import { importProductPictures } from "./exchange-1c-pictures.server.ts";
import {
  EXCHANGE_MESSAGES,
  changeSessionRow,
  endExchangeSession,
  exchangeFailed,
  exchangeFileKey,
  importedLastFile,
  releaseSessionBytes,
  reserveSessionBytes,
  saveExchangeSession,
  sessionBytesLeft,
  type ExchangeFileEntry,
  type ExchangeSession,
} from "./exchange-1c.server.ts";
import type { FileStorage, Mailer } from "../../lib/ports.ts";
import { refreshSearchDocuments } from "../catalog/index.server.ts";
import { notifyBackInStock } from "../requests/index.server.ts";
import { readJsonColumn } from "../../lib/json-columns.ts";

export const ZIP_MAX_ENTRIES = 10_000;
/** a real CommerceML file compresses maybe 10–30×; far more is a zip bomb */
export const ZIP_MAX_RATIO = 200;

/**
 * `warnings`: the lines of records refused or applied with a remark (decision 099), for 1C's log
 * after the summary and for ours; `reasons` of a failure likewise, the first of them in `reason`.
 */
export type ImportAnswer =
  { kind: "progress"; message: string } | { kind: "success"; message: string; warnings: string[] } | { kind: "failure"; reason: string; reasons?: string[] };

/** a file refused whole, with every reason found (decision 099) */
class FileRefused extends CommerceMlError {
  readonly reasons: string[];
  constructor(reasons: string[]) {
    super(reasons.join("; "));
    this.reasons = reasons;
  }
}

class ZipRefused extends Error {}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // names are kept raw (decodeStrings: false) so our own rule judges them and names the bad one
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false }, (err, zip) =>
      err ? reject(new ZipRefused("Архив повреждён")) : resolve(zip),
    );
  });
}

/**
 * Streams every file of the archive into storage under `keyOf(name)`, chunk by chunk (an
 * unpacked 100 MB import.xml never sits in memory), or throws ZipRefused with a Russian reason
 * after removing what it wrote: nothing from a refused archive stays.
 */
async function unzipInto(
  storage: FileStorage,
  bytes: Buffer,
  budget: number,
  full: string,
  keyOf: (name: string) => string,
): Promise<Map<string, ExchangeFileEntry>> {
  const zip = await openZip(bytes);
  const files = new Map<string, ExchangeFileEntry>();
  let total = 0;
  const entryFile = async (entry: yauzl.Entry, name: string) => {
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      zip.openReadStream(entry, (err, s) => (err ? reject(new ZipRefused("Архив повреждён")) : resolve(s))),
    );
    const key = keyOf(name);
    await storage.remove(key);
    files.set(name, { key, bytes: 0 });
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        // the declared size is checked again while reading: a lying header cannot pass
        total += chunk.byteLength;
        if (total > budget) throw new ZipRefused(full);
        await storage.append(key, chunk);
        files.get(name)!.bytes += chunk.byteLength;
      }
    } catch (error) {
      if (error instanceof ZipRefused) throw error;
      throw new ZipRefused("Архив повреждён");
    }
  };
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", () => reject(new ZipRefused("Архив повреждён")));
      zip.on("end", () => resolve());
      zip.on("entry", (entry: yauzl.Entry) => {
        // only ASCII names pass safeExchangeName, so reading the raw bytes as UTF-8 loses nothing
        const name = Buffer.from(entry.fileName as unknown as Uint8Array).toString("utf8");
        if (name.endsWith("/")) return zip.readEntry();
        if (files.size >= ZIP_MAX_ENTRIES) return reject(new ZipRefused(`В архиве больше ${ZIP_MAX_ENTRIES} файлов`));
        if (!safeExchangeName(name)) return reject(new ZipRefused(`Недопустимое имя в архиве: ${name.slice(0, 100)}`));
        if (entry.uncompressedSize > Math.max(1, entry.compressedSize) * ZIP_MAX_RATIO)
          return reject(new ZipRefused(`Файл ${name} в архиве сжат подозрительно сильно (zip-бомба?)`));
        if (total + entry.uncompressedSize > budget) return reject(new ZipRefused(full));
        entryFile(entry, name).then(() => zip.readEntry(), reject);
      });
      zip.readEntry();
    });
    return files;
  } catch (error) {
    for (const f of files.values()) await storage.remove(f.key);
    throw error;
  } finally {
    zip.close();
  }
}

async function unpackZips(db: Db, storage: FileStorage, session: ExchangeSession, limit: number): Promise<ImportAnswer | null> {
  const zips = Object.entries(session.files).filter(([name, f]) => name.toLowerCase().endsWith(".zip") && !f.removed && !session.counts[`unpacked:${f.key}`]);
  if (zips.length === 0) return null;
  let unpacked = 0;
  for (const [, zipFile] of zips) {
    let files: Map<string, ExchangeFileEntry>;
    try {
      // the archive itself is read whole (yauzl needs random access); it is at most the session's limit
      files = await unzipInto(
        storage,
        await storage.read(zipFile.key),
        await sessionBytesLeft(db, session.id, limit),
        EXCHANGE_MESSAGES.sessionFull(limit),
        (name) => exchangeFileKey(session.id, `${zipFile.key}:${name}`),
      );
    } catch (error) {
      if (error instanceof ZipRefused) return { kind: "failure", reason: error.message };
      throw error;
    }
    // what the archive held counts against the session's limit like any part (decision 100)
    const size = [...files.values()].reduce((sum, f) => sum + f.bytes, 0);
    if (!(await reserveSessionBytes(db, session.id, size, limit))) {
      for (const f of files.values()) await storage.remove(f.key);
      return { kind: "failure", reason: EXCHANGE_MESSAGES.sessionFull(limit) };
    }
    try {
      await changeSessionRow(db, session, (row) => {
        for (const [name, entry] of files) row.files[name] = entry;
      });
    } catch (error) {
      await releaseSessionBytes(db, session.id, size);
      throw error;
    }
    session.counts[`unpacked:${zipFile.key}`] = files.size;
    unpacked += files.size;
  }
  await saveExchangeSession(db, session);
  return { kind: "progress", message: `Архив распакован: файлов ${unpacked}` };
}

/** the work one `mode=import` request does at most before it answers `progress` */
export const IMPORT_STEP_MS = 2000;
const CHUNK_BYTES = 64 * 1024;
const STAGE_BATCH = 500;
const APPLY_BATCH = 100;
/** readers kept in this process between requests; the oldest is dropped past this (it can re-read) */
const LIVE_READERS_MAX = 16;
/** error lines kept on a session (a catalogue with thousands of bad pictures must not bloat the row) */
const SESSION_ERRORS_MAX = REPORT_LINES_MAX;
/** reasons named when a file is refused whole; the rest are counted */
const REFUSAL_REASONS_MAX = 20;

const PhaseSchema = z.enum(["stage", "apply", "pictures", "hide", "search", "publish", "cleanup"]);
type Phase = z.infer<typeof PhaseSchema>;

interface ImportState extends ApplyState {
  phase: Phase;
  /** records staged so far: the next record's place in the file */
  staged: number;
  /** the next staged record to apply */
  applied: number;
  /** the last staged record (by place) whose search document was rewritten */
  searched: number;
  /** the products a full update hid, while few enough to list for catalogChanged; null: too many */
  hiddenIds: number[] | null;
  /** the last product (by place) whose pictures were handled */
  pictured: number;
  /** bytes read (for the progress line) */
  read: number;
}

const ImportStateSchema = ApplyStateSchema.extend({
  phase: PhaseSchema,
  staged: z.number(),
  applied: z.number(),
  searched: z.number(),
  hiddenIds: z.array(z.number()).nullable(),
  pictured: z.number(),
  read: z.number(),
}) satisfies z.ZodType<ImportState>;

const newState = (): ImportState => ({
  phase: "stage",
  staged: 0,
  applied: 0,
  pictured: -1,
  searched: -1,
  hiddenIds: [],
  read: 0,
  errors: [],
  unknownGroups: [],
  catalog: false,
  changesOnly: false,
  retail: null,
  structural: false,
  counts: emptyCounts(),
});

interface LiveReader {
  reader: CommerceMlReader;
  decoder: TextDecoder | null;
  /** bytes of the file fed to the reader */
  offset: number;
  /** records the reader has emitted (staged or skipped) */
  emitted: number;
  /** records emitted, not yet staged */
  pending: { seq: number; record: CmlRecord }[];
}

/** the readers this process keeps between requests, by session and file */
export type LiveReaders = Map<string, LiveReader>;
const processReaders: LiveReaders = new Map();

function newLiveReader(skip: number): LiveReader {
  const live: LiveReader = { reader: null as unknown as CommerceMlReader, decoder: null, offset: 0, emitted: 0, pending: [] };
  live.reader = new CommerceMlReader((record) => {
    const seq = live.emitted++;
    // read again on another instance or after a restart: what is staged already is skipped
    if (seq >= skip) live.pending.push({ seq, record });
  });
  return live;
}

/** lets other requests run between batches: a 100 000-product file never holds the event loop */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ImportServices {
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  publicUrl: string;
  mediaDir: string;
  /** the price type (Ид or name) that is the retail price; null: the first one in offers.xml */
  retailPriceType: string | null;
  /** IMPORT_STEP_MS unless a test wants more steps */
  stepMs?: number;
  /** this process's readers unless a test plays another instance (which has none of them) */
  liveReaders?: LiveReaders;
  /** EXCHANGE_SESSION_MAX_BYTES unless a test wants a smaller limit */
  sessionMaxBytes?: number;
}

interface Job {
  services: ImportServices;
  session: ExchangeSession;
  name: string;
  fileKey: string;
  bytes: number;
  state: ImportState;
  deadline: number;
  readers: LiveReaders;
}

async function loadState(db: Db, sessionId: string, name: string): Promise<ImportState | null> {
  const row = await db.kysely.selectFrom("exchange_imports").select("state").where("session_id", "=", sessionId).where("file", "=", name).executeTakeFirst();
  // over newState(): a state saved by an older version lacks the fields added since. A state that
  // is not one fails the request with JsonColumnError rather than importing from a wrong place.
  return row
    ? { ...newState(), ...readJsonColumn(row.state, ImportStateSchema.partial(), `exchange_imports.state of ${name} in session ${sessionId.slice(0, 8)}`) }
    : null;
}

async function saveState(executor: Db["kysely"], job: Job, now = Date.now()): Promise<void> {
  const state = JSON.stringify(job.state);
  await executor
    .insertInto("exchange_imports")
    .values({ session_id: job.session.id, file: job.name, state, updated_at: now })
    .onConflict((oc) => oc.columns(["session_id", "file"]).doUpdateSet({ state, updated_at: now }))
    .execute();
}

/** forgets a file's import: its staged records, its progress, its live reader */
async function dropImport(db: Db, liveReaders: LiveReaders, sessionId: string, name: string): Promise<void> {
  liveReaders.delete(`${sessionId}:${name}`);
  await db.kysely.deleteFrom("exchange_staging").where("session_id", "=", sessionId).where("file", "=", name).execute();
  await db.kysely.deleteFrom("exchange_imports").where("session_id", "=", sessionId).where("file", "=", name).execute();
}

async function flushStaged(job: Job, live: LiveReader): Promise<void> {
  const rows = live.pending.map(({ seq, record }) => ({
    session_id: job.session.id,
    file: job.name,
    seq,
    kind: record.kind,
    external_id: record.kind === "product" ? record.id : record.kind === "offer" ? record.productId : null,
    data: JSON.stringify(record),
  }));
  live.pending = [];
  job.state.staged = live.emitted;
  job.state.read = live.offset;
  await job.services.db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += STAGE_BATCH)
      await trx
        .insertInto("exchange_staging")
        .values(rows.slice(i, i + STAGE_BATCH))
        .execute();
    await saveState(trx, job);
  });
}

const ENCODING_NAMES: Record<string, string> = { "utf-8": "UTF-8", "windows-1251": "Windows-1251" };

/** The decoded text of a chunk (null: the end of the file), or CommerceMlError naming where the bytes broke the encoding. */
function decodeChecked(decoder: TextDecoder, chunk: Uint8Array | null, at: number): string {
  try {
    return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
  } catch {
    const name = ENCODING_NAMES[decoder.encoding] ?? decoder.encoding;
    const where = chunk ? `в байтах ${at}–${at + chunk.byteLength - 1}` : "в конце файла";
    throw new CommerceMlError(`Файл не в кодировке ${name}, указанной в его заголовке: недопустимая последовательность байтов ${where}`);
  }
}

/** Phase 1: true when the whole file is read and staged; CommerceMlError when it is not valid. */
async function stageStep(job: Job): Promise<boolean> {
  const key = `${job.session.id}:${job.name}`;
  let live = job.readers.get(key);
  if (!live || live.emitted !== job.state.staged || live.pending.length) {
    live = newLiveReader(job.state.staged);
    job.readers.delete(key);
    while (job.readers.size >= LIVE_READERS_MAX) job.readers.delete(job.readers.keys().next().value!);
    job.readers.set(key, live);
  }
  const stagedBefore = job.state.staged;
  for await (const chunk of job.services.storage.readChunks(job.fileKey, live.offset, CHUNK_BYTES)) {
    const at = live.offset;
    live.offset += chunk.byteLength;
    // fatal: bytes that are not valid in the declared encoding fail the file instead of becoming «�»
    live.decoder ??= new TextDecoder(xmlEncoding(chunk), { fatal: true });
    live.reader.write(decodeChecked(live.decoder, chunk, at));
    if (live.pending.length >= STAGE_BATCH) await flushStaged(job, live);
    await breathe();
    // a reader reading again (another instance, a restart) first passes what is staged: the
    // deadline counts only once it found something new, or every request would re-read the same part
    if (Date.now() >= job.deadline && live.emitted > stagedBefore) {
      // leaving the loop closes the file; the reader waits in memory for the next request
      await flushStaged(job, live);
      return false;
    }
  }
  live.reader.write(live.decoder ? decodeChecked(live.decoder, null, live.offset) : "");
  live.reader.end();
  job.readers.delete(key);
  await flushStaged(job, live);
  // the phase moves on only after the check: a restart in between checks again
  await refuseBrokenFile(job);
  job.state.phase = "apply";
  await saveState(job.services.db.kysely, job);
  return true;
}

/**
 * A file that cannot be applied safely is refused whole before anything is applied (decision
 * 099): records without their Ид, a group or a product whose Ид repeats (the second would
 * overwrite the first). Throws FileRefused with the reasons.
 */
async function refuseBrokenFile(job: Job): Promise<void> {
  const { db } = job.services;
  const staged = db.kysely.selectFrom("exchange_staging").where("session_id", "=", job.session.id).where("file", "=", job.name);
  const invalid = await staged.select(["seq", "data"]).where("kind", "=", "invalid").orderBy("seq").limit(REFUSAL_REASONS_MAX).execute();
  const invalidCount = invalid.length
    ? Number(
        (
          await staged
            .select((eb) => eb.fn.countAll().as("n"))
            .where("kind", "=", "invalid")
            .executeTakeFirstOrThrow()
        ).n,
      )
    : 0;
  const repeated = await staged
    .select(["external_id", (eb) => eb.fn.countAll().as("n")])
    .where("kind", "=", "product")
    .groupBy("external_id")
    .having((eb) => eb.fn.countAll(), ">", 1)
    .orderBy("external_id")
    .limit(REFUSAL_REASONS_MAX)
    .execute();
  if (invalidCount === 0 && repeated.length === 0) return;
  const reasons = [
    ...invalid.map((row) => readJsonColumn(row.data, CmlInvalidSchema, `exchange_staging.data of ${job.name} record ${row.seq}`).reason),
    ...(invalidCount > invalid.length ? [`и ещё записей без Ид или с повтором: ${invalidCount - invalid.length}`] : []),
    ...repeated.map((r) => `Товар с Ид «${r.external_id}» повторяется в файле ${Number(r.n)} раз(а)`),
  ];
  throw new FileRefused([`Файл не применён: ${reasons.length} ошибок в структуре, ничего не изменено`, ...reasons].slice(0, REFUSAL_REASONS_MAX + 2));
}

/** Phase 2: one batch of staged records in one transaction; true when none are left. */
async function applyStep(job: Job, cache: ReturnType<typeof newApplyCache>, now: number): Promise<boolean> {
  const { db, retailPriceType } = job.services;
  const rows = await db.kysely
    .selectFrom("exchange_staging")
    .select(["seq", "data"])
    .where("session_id", "=", job.session.id)
    .where("file", "=", job.name)
    .where("seq", ">=", job.state.applied)
    .orderBy("seq")
    .limit(APPLY_BATCH)
    .execute();
  if (rows.length === 0) {
    job.state.phase = "pictures";
    await saveState(db.kysely, job);
    return true;
  }
  await db.kysely.transaction().execute(async (trx) => {
    const raised: number[] = [];
    for (const row of rows) {
      const record = readJsonColumn(row.data, CmlRecordSchema, `exchange_staging.data of ${job.name} record ${row.seq}`);
      if (await applyRecord(trx, record, job.state, cache, retailPriceType, now)) raised.push(row.seq);
    }
    if (raised.length)
      await trx
        .updateTable("exchange_staging")
        .set({ raised: 1 })
        .where("session_id", "=", job.session.id)
        .where("file", "=", job.name)
        .where("seq", "in", raised)
        .execute();
    job.state.applied = rows.at(-1)!.seq + 1;
    await saveState(trx, job);
  });
  return false;
}

/** Phase 3: the pictures of the next product that lists some; true when none are left. */
async function picturesStep(job: Job): Promise<boolean> {
  const { db, storage, mediaDir } = job.services;
  const row = await db.kysely
    .selectFrom("exchange_staging")
    .select(["seq", "data"])
    .where("session_id", "=", job.session.id)
    .where("file", "=", job.name)
    .where("kind", "=", "product")
    .where("seq", ">", job.state.pictured)
    .where("data", "like", '%"pictures":["%')
    .orderBy("seq")
    .limit(1)
    .executeTakeFirst();
  if (!row) return true;
  const product = readJsonColumn(row.data, CmlProductSchema, `exchange_staging.data of ${job.name} record ${row.seq}`);
  const result = await importProductPictures(db, storage, mediaDir, job.session.files, product.id, product.pictures);
  job.state.counts.pictures += result.stored;
  job.state.counts.errors += result.errors.length;
  job.state.errors.push(...result.errors.slice(0, Math.max(0, SESSION_ERRORS_MAX - job.state.errors.length)));
  job.state.pictured = row.seq;
  await saveState(db.kysely, job);
  return false;
}

/** Phase 4: a full update hides 1C's products the file does not list (staff's own products are not 1C's). */
async function hideStep(job: Job, now: number): Promise<void> {
  const { session, state, name } = job;
  if (state.catalog && !state.changesOnly) {
    const hidden = await job.services.db.kysely
      .updateTable("products")
      .set((eb) => ({ published: 0, exchange_hidden: 1, version: eb("version", "+", 1), updated_at: now }))
      .where("external_id", "is not", null)
      .where("published", "=", 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("exchange_staging as s")
              .select("s.seq")
              .where("s.session_id", "=", session.id)
              .where("s.file", "=", name)
              .where("s.kind", "=", "product")
              .whereRef("s.external_id", "=", "products.external_id"),
          ),
        ),
      )
      .returning("id")
      .execute();
    state.counts.hidden = hidden.length;
    state.hiddenIds = hidden.length <= PATCH_MAX_PRODUCTS ? hidden.map((h) => h.id) : null;
  }
  state.phase = "search";
  await saveState(job.services.db.kysely, job);
}

const SEARCH_BATCH = 1000;
const NOTIFY_BATCH = 500;

/**
 * Phase 5: the search documents of the products the file touched, a thousand per loop turn
 * (rewriting all 100 000 at once would be one long request); true when all are done.
 */
async function searchStep(job: Job): Promise<boolean> {
  const { db } = job.services;
  const rows = await db.kysely
    .selectFrom("exchange_staging")
    .innerJoin("products", "products.external_id", "exchange_staging.external_id")
    .select(["exchange_staging.seq", "products.id"])
    .where("exchange_staging.session_id", "=", job.session.id)
    .where("exchange_staging.file", "=", job.name)
    .where("exchange_staging.seq", ">", job.state.searched)
    .orderBy("exchange_staging.seq")
    .limit(SEARCH_BATCH)
    .execute();
  if (rows.length === 0) {
    job.state.phase = "publish";
    await saveState(db.kysely, job);
    return true;
  }
  await refreshSearchDocuments(
    db,
    rows.map((r) => r.id),
  );
  job.state.searched = rows.at(-1)!.seq;
  await saveState(db.kysely, job);
  return false;
}

/** Phase 6: tell the storefront (indexes, back-in-stock notices), record on the session, audit. */
async function publishStep(job: Job, actor: StaffActor, now: number): Promise<void> {
  const { session, state, name } = job;
  const { db } = job.services;
  const staged = db.kysely.selectFrom("exchange_staging").where("session_id", "=", session.id).where("file", "=", name);
  const touched = await staged
    .select((eb) => eb.fn.countAll().as("n"))
    .where("external_id", "is not", null)
    .executeTakeFirstOrThrow();
  // the search documents are rewritten already (phase 5): an empty list only moves every
  // instance's facet index on; a short list lets them patch just those products
  if (state.structural || !state.hiddenIds || Number(touched.n) + state.hiddenIds.length > PATCH_MAX_PRODUCTS) await catalogChanged(db, []);
  else {
    const changed = await db.kysely
      .selectFrom("products")
      .select("products.id")
      .where("products.external_id", "in", staged.select("external_id").where("external_id", "is not", null))
      .execute();
    await catalogChanged(db, [...changed.map((c) => c.id), ...state.hiddenIds]);
  }
  const raised = await db.kysely
    .selectFrom("products")
    .select("products.id")
    .where("products.external_id", "in", staged.select("external_id").where("raised", "=", 1))
    .execute();
  // in slices: a whole catalogue back in stock is tens of thousands of ids, past SQLite's bound-parameter limit
  for (let i = 0; i < raised.length; i += NOTIFY_BATCH)
    await notifyBackInStock(
      db,
      job.services.mailer,
      job.services.publicUrl,
      raised.slice(i, i + NOTIFY_BATCH).map((r) => r.id),
    );
  const c = state.counts;
  const counts: Record<string, number> = state.catalog
    ? { sections: c.sections, properties: c.properties, created: c.created, updated: c.updated, hidden: c.hidden }
    : { offers: c.offers, missing: c.missing };
  if (c.pictures) counts.pictures = c.pictures;
  if (c.errors) counts.errors = c.errors;
  if (c.refused) counts.refused = c.refused;
  if (c.warnings) counts.warnings = c.warnings;
  await recordAudit(db.kysely, actor, { action: "catalog.exchange-1c", entity: "catalog", entityId: name, before: null, after: counts }, now);
  for (const [k, v] of Object.entries(counts)) session.counts[k] = (session.counts[k] ?? 0) + v;
  session.errors.push(...state.errors.slice(0, Math.max(0, SESSION_ERRORS_MAX - session.errors.length)));
  session.status = "done";
  await saveExchangeSession(db, session);
  state.phase = "cleanup";
  await saveState(db.kysely, job);
}

const CLEANUP_BATCH = 5000;

/** Phase 7: the staged rows go, a few thousand per loop turn; then the answer 1C reads. */
async function cleanupStep(job: Job): Promise<ImportAnswer | null> {
  const { db } = job.services;
  const { session, state, name } = job;
  const next = await db.kysely
    .selectFrom("exchange_staging")
    .select("seq")
    .where("session_id", "=", session.id)
    .where("file", "=", name)
    .orderBy("seq")
    .limit(1)
    .executeTakeFirst();
  if (next) {
    await db.kysely
      .deleteFrom("exchange_staging")
      .where("session_id", "=", session.id)
      .where("file", "=", name)
      .where("seq", "<", next.seq + CLEANUP_BATCH)
      .execute();
    return null;
  }
  await dropImport(db, job.readers, session.id, name);
  const c = state.counts;
  const errors = `${c.refused ? `, отклонено записей: ${c.refused}` : ""}${c.warnings ? `, предупреждений: ${c.warnings}` : ""}${c.errors ? `, ошибок: ${c.errors}` : ""}`;
  const message = state.catalog
    ? `Групп: ${c.sections}, свойств: ${c.properties}, товаров создано: ${c.created}, обновлено: ${c.updated}, скрыто: ${c.hidden}${c.pictures ? `, картинок: ${c.pictures}` : ""}${errors}`
    : `Обработано предложений: ${c.offers}, не найдено товаров: ${c.missing}${errors}`;
  return { kind: "success", message, warnings: state.errors };
}

function progressLine(job: Job): string {
  const { state } = job;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1).replace(".", ",");
  if (state.phase === "stage") return `Проверено ${mb(state.read)} из ${mb(job.bytes)} МБ файла ${job.name}, прочитано записей: ${state.staged}`;
  if (state.phase === "apply") return `Файл ${job.name} проверен; применено записей: ${state.applied} из ${state.staged}`;
  if (state.phase === "pictures") return `Файл ${job.name} применён; загружено картинок: ${state.counts.pictures}`;
  if (state.phase === "search") return `Файл ${job.name} применён; обновляется поиск по каталогу`;
  return `Файл ${job.name} применён; завершается обработка`;
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
  const deadline = now + (services.stepMs ?? IMPORT_STEP_MS);
  // a failure ends 1C's exchange: the session's files are of no more use (decision 100)
  const failed = async (reason: string): Promise<ImportAnswer> => {
    await exchangeFailed(db, session, reason);
    await endExchangeSession(db, storage, session);
    return { kind: "failure", reason };
  };
  const step = await unpackZips(db, storage, session, services.sessionMaxBytes ?? EXCHANGE_SESSION_MAX_BYTES);
  if (step?.kind === "failure") return failed(step.reason);
  if (step) return step;
  const safe = safeExchangeName(name);
  if (!safe) return failed(EXCHANGE_MESSAGES.badName);
  const file = session.files[safe];
  if (!file || file.removed) return failed(`${EXCHANGE_MESSAGES.noFile}: ${safe}`);
  const job: Job = {
    services,
    session,
    name: safe,
    fileKey: file.key,
    bytes: file.bytes,
    state: (await loadState(db, session.id, safe)) ?? newState(),
    deadline,
    readers: services.liveReaders ?? processReaders,
  };
  const cache = newApplyCache();
  try {
    for (;;) {
      if (job.state.phase === "stage") await stageStep(job);
      else if (job.state.phase === "apply") await applyStep(job, cache, now);
      else if (job.state.phase === "pictures") {
        if (await picturesStep(job)) {
          job.state.phase = "hide";
          await saveState(db.kysely, job);
        }
      } else if (job.state.phase === "hide") await hideStep(job, now);
      else if (job.state.phase === "search") await searchStep(job);
      else if (job.state.phase === "publish") await publishStep(job, actor, now);
      else {
        const done = await cleanupStep(job);
        if (done) {
          // the last of the files 1C sent is in: nothing the session holds is needed any more
          if (await importedLastFile(db, session, safe)) await endExchangeSession(db, storage, session);
          return done;
        }
      }
      if (Date.now() >= deadline) return { kind: "progress", message: progressLine(job) };
      await breathe();
    }
  } catch (error) {
    if (!(error instanceof CommerceMlError)) throw error;
    await dropImport(db, job.readers, session.id, safe);
    if (error instanceof FileRefused) {
      // the first reason is 1C's failure line, the rest follow it and stay on the session
      const [head, ...rest] = error.reasons;
      await changeSessionRow(db, session, (row) => {
        row.errors.push(`${safe}: ${head}`, ...rest);
        row.status = "failed";
      });
      await endExchangeSession(db, storage, session);
      return { kind: "failure", reason: `${safe}: ${head}`, reasons: rest };
    }
    return failed(`${safe}: ${error.message}`);
  }
}
