// The worker thread of the catalogue CSV import (decisions 103 and 104), with a connection of its
// own to the same database. better-sqlite3 is synchronous and the server has one connection: while
// a transaction is open on it, every visitor's query waits, and the planning's JavaScript (500 rows
// at a time) runs between visitors' requests. Here both run beside the server's thread: under WAL
// the server's connection goes on reading (pages answer), and visitors' writes wait for the write
// lock asynchronously, as for any lock (decision 042).
//
// Two jobs. «apply»: the session's planned rows written in one transaction, then the search
// documents rewritten and the planned rows deleted; one reply, the result. «preview»: the uploaded
// bytes (handed over, not copied) checked and planned into a new session; the first reply says the
// session is opened, or why the file is not a catalogue CSV, and the second that the planning has
// ended (the session is then `ready` or `failed`, written here). Each job loads only the modules it
// needs.
import fs from "node:fs";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import type { StaffActor } from "../audit/index.server.ts";
import type { ApplyPlan, WriteResult } from "./catalog-import-apply.server.ts";

/** how the worker opens its own connection */
export interface WorkerDb {
  url: string;
  schema: string | undefined;
  /** SQLite: how long a statement or transaction may wait for the write lock */
  lockWaitMs: number;
}

export interface ApplyJob {
  kind: "apply";
  db: WorkerDb;
  actor: StaffActor;
  plan: ApplyPlan;
  now: number;
}

export interface PreviewJob {
  kind: "preview";
  db: WorkerDb;
  staffId: number;
  fileName: string;
  now: number;
  /** the file as uploaded: its buffer is transferred, the worker holds it until the preview is built */
  bytes: Uint8Array;
}

export type WorkerJob = ApplyJob | PreviewJob;

export interface WorkerFailure {
  error: string;
  stack?: string;
}

export type WorkerReply = { result: WriteResult; rowsDropped: boolean } | { opened: string } | { fileError: string } | { done: true } | WorkerFailure;

const failure = (e: unknown): WorkerFailure => ({ error: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? e.stack : undefined });

// The import is background work: on Linux this thread alone (its own id, not the process's) gets a
// lower CPU priority (nice 10), so on a busy machine the server's thread answering visitors runs
// first — from the start, before the modules are loaded (most of a second of CPU). Visitors' writes
// hardly wait longer for it: during «Применить» they wait for the whole transaction anyway, and a
// preview holds the write lock only while a chunk's rows are inserted.
try {
  os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), 10);
} catch {
  // elsewhere the thread keeps the process's priority
}

const job = workerData as WorkerJob;
const { openDatabase } = await import("../../db/database.server.ts");
const db = openDatabase(job.db.url, {
  schema: job.db.schema,
  lockWaitMs: job.db.lockWaitMs,
  // PostgreSQL: one query at a time is all either job asks, and a connection lost while idle fails
  // the next query (the job's error) rather than the thread
  poolSize: 1,
  onConnectionLost: () => undefined,
});
async function apply(job: ApplyJob): Promise<WorkerReply> {
  const { writeCatalogImport } = await import("./catalog-import-apply.server.ts");
  const { rebuildSearchIndex } = await import("../catalog/index.server.ts");
  const result = await writeCatalogImport(db.kysely, job.actor, job.plan, job.now);
  // Every search document is rewritten after an import (decision 074), in one transaction of its
  // own: on the server's connection that held every visitor's query for over a minute at 200 000
  // products, so it runs here too, after the import has committed.
  if (!result.ok) return { result, rowsDropped: false };
  await rebuildSearchIndex(db);
  // The session's planned rows are no longer needed: deleted here too, in short statements. Should
  // that fail, the import is applied all the same and the server deletes them itself.
  const { dropRows } = await import("./catalog-import-plan.server.ts");
  const rowsDropped = await dropRows(db, job.plan.id).then(
    () => true,
    () => false,
  );
  return { result, rowsDropped };
}

async function preview(job: PreviewJob): Promise<WorkerReply> {
  const { buildImport, bytesSource, CatalogFileError, openImport } = await import("./catalog-import-plan.server.ts");
  const source = bytesSource(job.bytes);
  let opened;
  try {
    opened = await openImport(db, job.staffId, job.fileName, source, job.now);
  } catch (e) {
    if (e instanceof CatalogFileError) return { fileError: e.message };
    throw e;
  }
  parentPort!.postMessage({ opened: opened.sessionId } satisfies WorkerReply);
  const unexpected = await buildImport(db, opened, source);
  return unexpected ? failure(unexpected) : { done: true };
}

let last: WorkerReply;
try {
  last = job.kind === "apply" ? await apply(job) : await preview(job);
} catch (e) {
  last = failure(e);
} finally {
  await db.close();
}
// after the connection is closed: the server hears the end once nothing of the import holds a lock
parentPort!.postMessage(last);
