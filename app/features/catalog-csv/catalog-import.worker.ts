// The worker thread of «Применить» on SQLite (decision 103). better-sqlite3 is synchronous and the
// server has one connection: while a transaction is open on it, every visitor's query waits. Here
// the import's transaction has a connection of its own to the same file, in its own thread: under
// WAL the server's connection goes on reading (pages answer), and visitors' writes wait for the
// write lock asynchronously, as for any lock (decision 042).
import { parentPort, workerData } from "node:worker_threads";
import { openDatabase } from "../../db/database.server.ts";
import type { StaffActor } from "../staff/index.server.ts";
import { writeCatalogImport, type ApplyPlan, type WriteResult } from "./catalog-import-apply.server.ts";
import { rebuildSearchIndex } from "../search/index.server.ts";

export interface ApplyJob {
  url: string;
  lockWaitMs: number;
  actor: StaffActor;
  plan: ApplyPlan;
  now: number;
}

export type ApplyReply = { result: WriteResult } | { error: string; stack?: string };

const job = workerData as ApplyJob;
const db = openDatabase(job.url, { lockWaitMs: job.lockWaitMs });
let reply: ApplyReply;
try {
  const result = await writeCatalogImport(db.kysely, job.actor, job.plan, job.now);
  // Every search document is rewritten after an import (decision 074), in one transaction of its
  // own: on the server's connection that held every visitor's query for over a minute at 200 000
  // products, so it runs here too, after the import has committed.
  if (result.ok) await rebuildSearchIndex(db);
  reply = { result };
} catch (e) {
  reply = { error: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? e.stack : undefined };
} finally {
  await db.close();
}
parentPort!.postMessage(reply);
