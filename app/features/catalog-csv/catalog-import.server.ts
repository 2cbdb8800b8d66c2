// Catalogue CSV import and export (decisions 075, 098, 103 and 104): the page's side. An uploaded
// file is planned into the database (catalog-import-plan.server.ts: `import_rows`, rows to create,
// to change with before → after, unchanged, in error); the page shows the counts and the first rows
// of each kind. «Применить» writes from those rows in ONE transaction with set-based statements,
// and nothing at all when a row is in error or a product in the file changed since the preview.
// Both run in a worker thread with a connection of its own where the database allows one, so the
// server's thread and connection go on serving visitors (catalog-import.worker.ts).
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { isMarkedAsUntransferable, Worker } from "node:worker_threads";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import type { FieldChange, ImportPreview } from "./catalog-import-types.ts";
import type { StaffActor } from "../audit/index.server.ts";
import { catalogChanged } from "../catalog/index.server.ts";
import { writeCatalogImport, type ApplyPlan, type WriteResult } from "./catalog-import-apply.server.ts";
import {
  buildImport,
  bytesSource,
  CatalogFileError,
  dropImportSession,
  dropRows,
  failAs,
  failImport,
  loadValues,
  openImport,
  PREVIEW_FAILED,
  SESSION_TTL_MS,
  type ByteSource,
  type ImportSummary,
} from "./catalog-import-plan.server.ts";
import type { ApplyJob, WorkerDb, WorkerFailure, WorkerJob, WorkerReply } from "./catalog-import.worker.ts";
import { capacityProblem } from "./catalog-capacity.ts";
import { decodeCsvBytes, safeCsvLine, UTF8_BOM, type CsvEncoding } from "../../lib/csv.ts";
import { BASE_COLUMNS, formatRoubles } from "./catalog-csv.ts";

export { CatalogFileError, dropImportSession };

type Reader = Db["kysely"] | Transaction<Database>;
type StagedKind = Database["import_rows"]["kind"];

/**
 * An upload of the import page. Planned a chunk at a time into the database, so the size no longer
 * matters to memory; the cap bounds the request body (held once, then handed to the planning worker)
 * and the time a preview takes: 500 000 rows are about 34 MB (decision 098).
 */
export const CSV_UPLOAD_MAX_BYTES = 40 * 1024 * 1024;
export const CSV_TOO_LARGE = "Файл больше 40 МБ: разделите его на части";

/**
 * How long «Применить» waits to answer with the counts at once, as before, rather than the page
 * showing «применяется»: most files are done by then even on a loaded machine, and it stays well
 * under the server's 30 s request timeout.
 */
const APPLY_WAIT_MS = 20_000;
/** the import's own writes are nobody's request: they may wait longer for the write lock */
const WORKER_LOCK_WAIT_MS = 30_000;
/** rows of each kind the page shows; the counts say how many there are in all */
export const SHOWN_ROWS = 200;

export interface StartedImport {
  id: string;
  /** the preview being built; resolves (never rejects) with an unexpected error to log, or null */
  done: Promise<unknown>;
}

/**
 * Checks a file's encoding and header (a CatalogFileError in Russian for a file that is not a
 * catalogue CSV, before anything is kept), opens an import session for it and starts building the
 * preview in the background. The staff member's earlier sessions are dropped.
 *
 * Bytes in memory (an upload) are planned in a worker thread with a connection of its own when
 * the database allows a second one (a SQLite file, PostgreSQL; decision 104): the bytes' buffer is
 * handed over to it, not copied, so the caller must not use them afterwards. A stream (the command
 * line, which serves nobody meanwhile) and SQLite in memory are planned on this thread.
 */
export async function startCatalogImport(db: Db, staffId: number, fileName: string, file: Uint8Array | ByteSource, now = Date.now()): Promise<StartedImport> {
  const connection = workerDb(db);
  if (file instanceof Uint8Array && connection) return planInWorker(db, connection, staffId, fileName, file, now);
  const source = file instanceof Uint8Array ? bytesSource(file) : file;
  const ctx = await openImport(db, staffId, fileName, source, now);
  return { id: ctx.sessionId, done: buildImport(db, ctx, source) };
}

/** The preview planned in a worker thread: it answers «opened» (or the file's error) first, then «done». */
async function planInWorker(db: Db, connection: WorkerDb, staffId: number, fileName: string, file: Uint8Array, now: number): Promise<StartedImport> {
  // a view of a buffer that may not move (Node's pool of small buffers) is copied; any other is handed over
  const bytes = file.buffer instanceof ArrayBuffer && !isMarkedAsUntransferable(file.buffer) ? file : file.slice();
  const run = runInWorker({ kind: "preview", db: connection, staffId, fileName, now, bytes }, [bytes.buffer as ArrayBuffer]);
  const first = await run.next();
  if ("fileError" in first) throw new CatalogFileError(first.fileError);
  if (!("opened" in first)) throw "error" in first ? failure(first) : new Error("unexpected reply of the import worker");
  const id = first.opened;
  const done = run.next().then(
    // the worker marked the session ready, or failed with the reason, itself
    (reply) => ("error" in reply ? failure(reply) : null),
    async (err: unknown) => {
      // the worker ended before its planning did (out of memory, say): the session must not stay «reading»
      const cleanup = await failImport(db, id, PREVIEW_FAILED);
      return cleanup === null || cleanup === "gone" ? err : cleanup;
    },
  );
  return { id, done };
}

export type ImportSessionView =
  | { status: "reading"; fileName: string; rows: number }
  | { status: "failed"; fileName: string; error: string }
  /** `error`: why the last «Применить» was refused, if it was */
  | { status: "ready"; fileName: string; preview: ImportPreview; error: string | null }
  | { status: "applying"; fileName: string; rows: number }
  | { status: "applied"; fileName: string; created: number; changed: number; unchanged: number };

/**
 * The session `id` of `staffId` (null when unknown, someone else's or expired), with its preview when
 * ready: the preview says when the catalogue after the import would not fit `heapLimitBytes`.
 */
export async function loadImportSession(
  db: Db,
  staffId: number,
  id: string,
  { heapLimitBytes = processHeapLimit(), now = Date.now() }: { heapLimitBytes?: number; now?: number } = {},
): Promise<ImportSessionView | null> {
  const session = await db.kysely
    .selectFrom("import_sessions")
    .select(["file_name", "status", "error", "summary"])
    .where("id", "=", id)
    .where("staff_id", "=", staffId)
    .where("created_at", ">=", now - SESSION_TTL_MS)
    .executeTakeFirst();
  if (!session) return null;
  const summary = JSON.parse(session.summary) as ImportSummary & { applied?: { created: number; changed: number; unchanged: number } };
  const fileName = session.file_name;
  if (session.status === "reading") return { status: "reading", fileName, rows: summary.rows };
  if (session.status === "failed") return { status: "failed", fileName, error: session.error ?? "" };
  if (session.status === "applying") return { status: "applying", fileName, rows: summary.counts.create + summary.counts.change };
  if (session.status === "applied") {
    // applied in the background: shown once, then the session is gone as after a quick apply
    await db.kysely.deleteFrom("import_sessions").where("id", "=", id).execute();
    return { status: "applied", fileName, ...summary.applied! };
  }
  const preview = await previewOf(db.kysely, id, summary);
  preview.capacity = await capacityCheck(db.kysely, summary.counts.create, heapLimitBytes);
  return { status: "ready", fileName, preview, error: session.error };
}

async function previewOf(db: Reader, id: string, summary: ImportSummary): Promise<ImportPreview> {
  const first = (kind: StagedKind) =>
    db
      .selectFrom("import_rows")
      .select(["line", "product_id", "slug", "title", "detail"])
      .where("session_id", "=", id)
      .where("kind", "=", kind)
      .orderBy("line")
      .limit(SHOWN_ROWS)
      .execute();
  const [create, change, errors] = [await first("create"), await first("change"), await first("error")];
  return {
    encoding: summary.encoding,
    separator: summary.separator,
    rows: summary.rows,
    counts: summary.counts,
    unchanged: summary.counts.unchanged,
    titles: summary.titles,
    create: create.map((r) => ({ line: r.line, id: null, slug: r.slug!, title: r.title! })),
    change: change.map((r) => ({ line: r.line, id: r.product_id, slug: r.slug!, title: r.title!, fields: JSON.parse(r.detail!) as FieldChange[] })),
    errors: errors.map((r) => ({ line: r.line, message: JSON.parse(r.detail!) as string })),
    capacity: null,
  };
}

export type ApplyResult =
  | { ok: true; created: number; changed: number; unchanged: number }
  | { ok: false; preview: ImportPreview; applying?: undefined }
  /** still being written after `waitMs`: the page shows its progress */
  | { ok: false; preview?: undefined; applying: true }
  | { ok: false; preview?: undefined; applying?: undefined; message: string };

const IMPORT_NOT_READY = "Файл ещё разбирается: дождитесь просмотра изменений.";
const IMPORT_APPLYING = "Файл уже применяется: дождитесь окончания.";
const APPLY_FAILED = "Файл не удалось применить, ничего не изменено: попробуйте ещё раз.";

export interface ApplyOptions {
  /** the heap the catalogue must fit after the import (default: this process's limit, HEAP_MB) */
  heapLimitBytes?: number;
  /** how long the request waits for the writes before the page shows «применяется» (default 20 s) */
  waitMs?: number;
  /** SQLite: how long the import's transaction may wait for the write lock (default 30 s) */
  lockWaitMs?: number;
  /** a failure nobody waits for any more (the apply went on in the background) */
  onError?: (err: unknown) => void;
  /** an apply that committed after the request stopped waiting (the route's after-commit work) */
  onApplied?: () => void;
  now?: number;
}

/** import work running in worker threads of this process: a preview's rows, or «Применить» (the health check asks) */
let importWorkers = 0;

/**
 * True while this process's own import writes to the database from a worker thread (decisions 103
 * and 104): «Применить» holds SQLite's write lock for its whole transaction, and a preview takes it
 * for every chunk of rows it plans, one after the other, so a write probe would mostly wait for them.
 */
export function importHoldsWriteLock(): boolean {
  return importWorkers > 0;
}

/** this process's heap limit: what `--max-old-space-size` (HEAP_MB) allows */
export function processHeapLimit(): number {
  return v8.getHeapStatistics().heap_size_limit;
}

/** Null when the catalogue after the import (products now + rows to create) fits the heap; else the refusal. */
async function capacityCheck(db: Reader, creates: number, limitBytes: number): Promise<string | null> {
  const { n } = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return capacityProblem(Number(n) + creates, limitBytes);
}

/** The worker's module, from the source tree (Node runs TypeScript), whether this code runs bundled or not. */
function workerFile(): string {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error("package.json not found above " + import.meta.dirname);
    dir = up;
  }
  return path.join(dir, "app/features/catalog-csv/catalog-import.worker.ts");
}

/**
 * How a worker thread opens a connection of its own to `db`: null for SQLite in memory, which no
 * other connection sees.
 */
function workerDb(db: Db): WorkerDb | null {
  if (db.dialect === "postgres") return { url: db.url, schema: db.schema, lockWaitMs: WORKER_LOCK_WAIT_MS };
  return db.file === null ? null : { url: db.file, schema: undefined, lockWaitMs: WORKER_LOCK_WAIT_MS };
}

/** a worker's failure as an error of this thread, its stack kept */
const failure = (reply: WorkerFailure) => Object.assign(new Error(reply.error), { stack: reply.stack });

/**
 * Starts `job` in a worker thread (catalog-import.worker.ts), `transferList` handed over to it
 * without a copy. `next()` gives its replies in order; once the worker has ended, it rejects.
 */
function runInWorker(job: WorkerJob, transferList: ArrayBuffer[] = []): { next(): Promise<WorkerReply> } {
  const worker = new Worker(workerFile(), { workerData: job, transferList });
  importWorkers++;
  const replies: WorkerReply[] = [];
  let waiting: { resolve: (reply: WorkerReply) => void; reject: (err: unknown) => void } | null = null;
  let ended: Error | null = null;
  worker.on("message", (reply: WorkerReply) => {
    if (waiting) waiting.resolve(reply);
    else replies.push(reply);
    waiting = null;
  });
  const end = (err: Error) => {
    if (ended) return;
    ended = err;
    importWorkers--;
    waiting?.reject(err);
    waiting = null;
  };
  worker.once("error", end);
  worker.once("exit", (code) => end(new Error(`import worker exited with code ${code}`)));
  return {
    next() {
      const reply = replies.shift();
      if (reply) return Promise.resolve(reply);
      if (ended) return Promise.reject(ended);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
  };
}

/**
 * Runs the writes in a worker thread with its own SQLite connection; after a commit it also deletes
 * the session's planned rows there (`rowsDropped`): on this thread, 200 000 of them held it up to
 * 0.3 s at a time (decision 104).
 */
async function writeInWorker(job: ApplyJob): Promise<{ result: WriteResult; rowsDropped: boolean }> {
  const reply = await runInWorker(job).next();
  if ("result" in reply) return reply;
  throw "error" in reply ? failure(reply) : new Error("unexpected reply of the import worker");
}

/**
 * «Применить»: writes the session's planned rows in one transaction, or nothing (decisions 098 and
 * 103). Refused when a row is in error, when the catalogue after the import would not fit this
 * server's heap, and when a product of the file changed, vanished, or a new slug got taken since the
 * preview. On SQLite the transaction runs in a worker thread with its own connection, so visitors'
 * reads go on meanwhile; the request waits `waitMs` for it, then the page shows «применяется» and
 * the session's status tells the outcome (`applied`, or `ready` again with the refusal in `error`).
 */
export async function applyCatalogImport(db: Db, actor: StaffActor, staffId: number, id: string, options: ApplyOptions = {}): Promise<ApplyResult | null> {
  const now = options.now ?? Date.now();
  const session = await db.kysely
    .selectFrom("import_sessions")
    .select(["status", "summary"])
    .where("id", "=", id)
    .where("staff_id", "=", staffId)
    .where("created_at", ">=", now - SESSION_TTL_MS)
    .executeTakeFirst();
  if (!session || session.status === "applied") return null;
  if (session.status === "applying") return { ok: false, message: IMPORT_APPLYING };
  if (session.status !== "ready") return { ok: false, message: IMPORT_NOT_READY };
  const summary = JSON.parse(session.summary) as ImportSummary;
  if (summary.counts.errors > 0) return { ok: false, preview: await previewOf(db.kysely, id, summary) };
  const tooBig = await capacityCheck(db.kysely, summary.counts.create, options.heapLimitBytes ?? processHeapLimit());
  if (tooBig) return { ok: false, message: tooBig };
  // one press applies: a second one (or another tab) finds the session applying
  const claimed = await db.kysely
    .updateTable("import_sessions")
    .set({ status: "applying", error: null })
    .where("id", "=", id)
    .where("status", "=", "ready")
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) return { ok: false, message: IMPORT_APPLYING };
  const plan: ApplyPlan = { id, counts: summary.counts, propertyIds: summary.propertyIds };
  // on PostgreSQL the writes are set-based statements the database runs: nobody waits for them (decision 103)
  const connection = db.dialect === "sqlite" ? workerDb(db) : null;
  const inWorker = connection !== null;
  const writes = connection
    ? writeInWorker({ kind: "apply", db: { ...connection, lockWaitMs: options.lockWaitMs ?? WORKER_LOCK_WAIT_MS }, actor, plan, now })
    : writeCatalogImport(db.kysely, actor, plan, now).then((result) => ({ result, rowsDropped: false }));
  const outcome: Promise<ApplyResult> = writes.then(
    async ({ result, rowsDropped }) => {
      if (!result.ok) {
        await db.kysely.updateTable("import_sessions").set({ status: "ready", error: result.message }).where("id", "=", id).execute();
        return result;
      }
      const applied = { ...summary, applied: { created: result.created, changed: result.changed, unchanged: result.unchanged } };
      await db.kysely
        .updateTable("import_sessions")
        .set({ status: "applied", summary: JSON.stringify(applied) })
        .where("id", "=", id)
        .execute();
      if (!rowsDropped) await dropRows(db, id);
      // the storefront shows the import within a second: search documents, index, sitemap (decision 074)
      await catalogChanged(db, undefined, { searchRebuilt: inWorker });
      return result;
    },
    async (err: unknown) => {
      await db.kysely.updateTable("import_sessions").set({ status: "ready", error: APPLY_FAILED }).where("id", "=", id).execute();
      throw err;
    },
  );
  const waitMs = options.waitMs ?? APPLY_WAIT_MS;
  let timer: NodeJS.Timeout | undefined;
  // (setTimeout takes Infinity as 1 ms: waiting for ever sets no timer)
  const late = new Promise<"late">((resolve) => {
    if (Number.isFinite(waitMs)) timer = setTimeout(() => resolve("late"), waitMs);
  });
  let first: ApplyResult | "late";
  try {
    first = await Promise.race([outcome, late]);
  } finally {
    clearTimeout(timer);
  }
  if (first !== "late") {
    // answered in the request: the page shows the counts, nothing of the session is needed any more
    if (first.ok) await db.kysely.deleteFrom("import_sessions").where("id", "=", id).execute();
    return first;
  }
  outcome.then(
    (result) => {
      if (result.ok) options.onApplied?.();
    },
    (err: unknown) => options.onError?.(err),
  );
  return { ok: false, applying: true };
}

/** Bytes as uploaded → text, or a CatalogFileError in Russian (small files held in memory). */
export function decodeCatalogFile(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    return decodeCsvBytes(bytes);
  } catch (e) {
    return failAs(e);
  }
}

/** What a whole file held in memory would do (the command line and tests): the preview, its session dropped. */
export async function previewCatalogCsv(db: Db, text: string, staffId = 0): Promise<ImportPreview> {
  const { id, done } = await startCatalogImport(db, staffId, "catalog.csv", new TextEncoder().encode(text));
  const view = await finished(db, staffId, id, done);
  await dropImportSession(db, id);
  return view;
}

/** Preview and apply a whole file held in memory (tests): as the page's two steps, in one call. */
export async function applyCatalogCsv(db: Db, actor: StaffActor, text: string, staffId = 0): Promise<ApplyResult> {
  const { id, done } = await startCatalogImport(db, staffId, "catalog.csv", new TextEncoder().encode(text));
  await finished(db, staffId, id, done);
  const result = (await applyCatalogImport(db, actor, staffId, id, { waitMs: Infinity }))!;
  await dropImportSession(db, id);
  return result;
}

/** waits for a preview being built: its view, or its CatalogFileError */
export async function finished(db: Db, staffId: number, id: string, done: Promise<unknown>): Promise<ImportPreview> {
  const unexpected = await done;
  if (unexpected) throw unexpected;
  const view = await loadImportSession(db, staffId, id);
  if (view?.status === "failed") {
    await dropImportSession(db, id);
    throw new CatalogFileError(view.error);
  }
  if (view?.status !== "ready") throw new Error("import session vanished");
  return view.preview;
}

/** The whole catalogue as CSV: UTF-8 with a BOM and `;`, as Excel in Russia opens it. */
export async function exportCatalogCsv(db: Db): Promise<string> {
  const properties = await db.kysely.selectFrom("properties").select(["id", "code", "title", "kind", "unit"]).orderBy("sort").orderBy("id").execute();
  const infos = properties.map((p) => ({ ...p, known: new Set<string>() }));
  const values = await loadValues(db.kysely, infos);
  const products = await db.kysely
    .selectFrom("products")
    .innerJoin("sections", "sections.id", "products.section_id")
    .select([
      "products.id",
      "products.slug",
      "products.title",
      "sections.slug as section",
      "products.price",
      "products.old_price",
      "products.stock",
      "products.published",
    ])
    .orderBy("products.id")
    .execute();
  const parts = [UTF8_BOM, safeCsvLine([...BASE_COLUMNS, ...properties.map((p) => p.code)])];
  for (const p of products) {
    const own = values.get(p.id);
    parts.push(
      safeCsvLine([
        String(p.id),
        p.slug,
        p.title,
        p.section,
        formatRoubles(p.price),
        p.old_price === null ? "" : formatRoubles(p.old_price),
        String(p.stock),
        p.published ? "1" : "0",
        ...properties.map((prop) => own?.get(prop.id) ?? ""),
      ]),
    );
  }
  return parts.join("");
}
