// 1C «Обмен с сайтом» (CommerceML 2, decision 087): who may exchange, the exchange
// sessions (one per `checkauth`, kept for the back office's list) and the files 1C sends. The
// catalogue import itself is in exchange-1c-import.server.ts.
import crypto from "node:crypto";
import { z } from "zod";
import type { Db } from "../../db/database.server.ts";
import { canAccess } from "../staff/index.ts";
import { EXCHANGE_FILE_LIMIT, EXCHANGE_SESSION_MAX_BYTES, safeExchangeName } from "./exchange-1c.ts";
import { admitLogin, loginFailed, loginSucceeded, authenticate } from "../accounts/index.server.ts";
import type { FileStorage, RateLimiter } from "../../lib/ports.ts";
import type { StaffActor } from "../audit/index.server.ts";
import type { ExchangeSessionListItem } from "./exchange-1c-types.ts";
import { readJsonColumn } from "../../lib/json-columns.ts";

/** an exchange session older than this is not accepted any more: 1C starts a new one with checkauth */
export const EXCHANGE_SESSION_TTL_MS = 6 * 60 * 60 * 1000;

export const EXCHANGE_MESSAGES = {
  wrongPassword: "Неверный логин или пароль",
  noAccess: "Учётной записи не разрешён обмен с 1С",
  tooManyAttempts: "Слишком много неудачных попыток входа, повторите позже",
  noSession: "Сеанс обмена не найден или истёк: начните обмен заново (checkauth)",
  badName: "Недопустимое имя файла: только латинские буквы, цифры и _.-/, вложенные папки только в import_files/",
  tooLarge: `Файл больше ${EXCHANGE_FILE_LIMIT} байт за один запрос`,
  sessionFull: (limit: number) => `Файлы сеанса обмена больше ${limit} байт`,
  noFile: "Файл не был загружен в этом сеансе обмена",
  diskFull: "На сервере сайта закончилось место на диске: файл не сохранён, обмен прерван. Освободите место и начните обмен заново",
  storeFailed: "Сайт не смог сохранить файл на диск: обмен прерван. Повторите обмен позже",
} as const;

export type ExchangeAuth =
  { ok: true; actor: StaffActor } | { ok: false; reason: "wrong" | "no-access" } | { ok: false; reason: "limited"; retryAfter: number };

/**
 * Checks 1C's Basic credentials like the login form does (same throttling, so the exchange
 * address cannot be used to guess passwords): an owner, or staff whose role may open «exchange».
 */
export async function authenticateExchange(db: Db, limiter: RateLimiter, login: string, password: string, address: string): Promise<ExchangeAuth> {
  const admission = await admitLogin(limiter, login, address);
  if (!admission.allowed) return { ok: false, reason: "limited", retryAfter: admission.retryAfter };
  const user = await authenticate(db, login, password);
  if (!user) {
    await loginFailed(limiter, login);
    return { ok: false, reason: "wrong" };
  }
  await loginSucceeded(limiter, login, address);
  const row = await db.kysely.selectFrom("users").select("role").where("id", "=", user.id).executeTakeFirst();
  if (!canAccess(row?.role, "exchange")) return { ok: false, reason: "no-access" };
  return { ok: true, actor: { id: user.id, email: user.email } };
}

export interface ExchangeFileEntry {
  key: string;
  bytes: number;
  /** imported to the end with `success` in this session */
  imported?: true;
  /** its bytes are gone: the session ended (decision 100) */
  removed?: true;
}

export interface ExchangeSession {
  id: string;
  staffId: number | null;
  startedAt: number;
  status: string;
  files: Record<string, ExchangeFileEntry>;
  counts: Record<string, number>;
  errors: string[];
}

// The session's JSON columns. They are the exchange's own state: a row that does not hold them
// fails the request with JsonColumnError in the log (1C then starts over with checkauth, a new
// session) rather than carrying on with, and writing back, a wrong state.
const FileEntrySchema = z.object({
  key: z.string(),
  bytes: z.number(),
  imported: z.literal(true).optional(),
  removed: z.literal(true).optional(),
}) satisfies z.ZodType<ExchangeFileEntry>;
const FilesSchema = z.record(z.string(), FileEntrySchema);
const CountsSchema = z.record(z.string(), z.number());
const ErrorsSchema = z.array(z.string());

export async function openExchangeSession(db: Db, actor: StaffActor, now = Date.now()): Promise<string> {
  const id = crypto.randomBytes(24).toString("hex");
  await db.kysely.insertInto("exchange_sessions").values({ id, staff_id: actor.id, started_at: now, updated_at: now }).execute();
  return id;
}

/** The open session with this cookie value, started by this account, not expired; or null. */
export async function findExchangeSession(db: Db, id: string, staffId: number | null, now = Date.now()): Promise<ExchangeSession | null> {
  if (!/^[0-9a-f]{48}$/.test(id)) return null;
  const row = await db.kysely.selectFrom("exchange_sessions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || row.staff_id !== staffId || Number(row.started_at) < now - EXCHANGE_SESSION_TTL_MS) return null;
  return {
    id: row.id,
    staffId: row.staff_id,
    startedAt: Number(row.started_at),
    status: row.status,
    files: readJsonColumn(row.files, FilesSchema, `exchange_sessions.files of session ${row.id.slice(0, 8)}`),
    counts: readJsonColumn(row.counts, CountsSchema, `exchange_sessions.counts of session ${row.id.slice(0, 8)}`),
    errors: readJsonColumn(row.errors, ErrorsSchema, `exchange_sessions.errors of session ${row.id.slice(0, 8)}`),
  };
}

/**
 * Writes the session's status, counts and errors. Its files are written only through
 * `changeSessionRow`: parts arriving at once each add their file to the row as it is then.
 */
export async function saveExchangeSession(db: Db, session: ExchangeSession, now = Date.now()): Promise<void> {
  await db.kysely
    .updateTable("exchange_sessions")
    .set({
      status: session.status,
      counts: JSON.stringify(session.counts),
      errors: JSON.stringify(session.errors),
      updated_at: now,
    })
    .where("id", "=", session.id)
    .execute();
}

type SessionRowPart = Pick<ExchangeSession, "files" | "errors" | "status">;

/**
 * Reads the session's files, errors and status, lets `change` edit them and writes them back, in
 * one transaction that holds the row (PostgreSQL locks it; SQLite runs one transaction at a time),
 * so requests of one session at the same moment never undo each other's changes. `session` gets
 * the row as written.
 */
export async function changeSessionRow(db: Db, session: ExchangeSession, change: (row: SessionRowPart) => void, now = Date.now()): Promise<void> {
  const row = await db.kysely.transaction().execute(async (trx) => {
    let query = trx.selectFrom("exchange_sessions").select(["files", "errors", "status"]).where("id", "=", session.id);
    if (db.dialect === "postgres") query = query.forUpdate();
    const current = await query.executeTakeFirstOrThrow();
    const part: SessionRowPart = {
      files: readJsonColumn(current.files, FilesSchema, `exchange_sessions.files of session ${session.id.slice(0, 8)}`),
      errors: readJsonColumn(current.errors, ErrorsSchema, `exchange_sessions.errors of session ${session.id.slice(0, 8)}`),
      status: current.status,
    };
    change(part);
    await trx
      .updateTable("exchange_sessions")
      .set({ files: JSON.stringify(part.files), errors: JSON.stringify(part.errors), status: part.status, updated_at: now })
      .where("id", "=", session.id)
      .execute();
    return part;
  });
  Object.assign(session, row);
}

/** Records a failure on the session (shown in the back office) and returns its reason. */
export async function exchangeFailed(db: Db, session: ExchangeSession, reason: string): Promise<string> {
  await changeSessionRow(db, session, (row) => {
    row.errors.push(reason);
    row.status = "failed";
  });
  return reason;
}

/**
 * The session is over (its last file imported, an import failed, a part did not fit on the disk):
 * its files are removed from storage. The names stay on the row for the back office, marked removed.
 */
export async function endExchangeSession(db: Db, storage: FileStorage, session: ExchangeSession): Promise<void> {
  const keys: string[] = [];
  await changeSessionRow(db, session, (row) => {
    for (const entry of Object.values(row.files)) {
      if (entry.removed) continue;
      keys.push(entry.key);
      entry.removed = true;
    }
  });
  for (const key of keys) await storage.remove(key).catch(() => undefined);
}

/**
 * Whether a successful import of `name` ended the session: every CommerceML file 1C sent (an
 * `.xml` outside `import_files/`, sent plain or in an archive) has now been imported. 1C sends
 * all files of an exchange before it imports them, so nothing the session holds is needed any more.
 */
export async function importedLastFile(db: Db, session: ExchangeSession, name: string): Promise<boolean> {
  await changeSessionRow(db, session, (row) => {
    const entry = row.files[name];
    if (entry) entry.imported = true;
  });
  return Object.entries(session.files).every(([file, entry]) => entry.removed || entry.imported || !isCommerceMlFile(file));
}

const isCommerceMlFile = (name: string) => !name.includes("/") && name.toLowerCase().endsWith(".xml");

/** the bytes the session has reserved, or 0 when it is gone */
async function reservedBytes(db: Db, sessionId: string): Promise<number> {
  const row = await db.kysely.selectFrom("exchange_sessions").select("bytes").where("id", "=", sessionId).executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * Reserves `bytes` of the session's limit with one conditional UPDATE (decision 100): parts that
 * arrive at once, on one instance or several sharing the database, can never reserve more than
 * the limit together. False when they do not fit.
 */
export async function reserveSessionBytes(db: Db, sessionId: string, bytes: number, limit: number): Promise<boolean> {
  const result = await db.kysely
    .updateTable("exchange_sessions")
    .set((eb) => ({ bytes: eb("bytes", "+", bytes) }))
    .where("id", "=", sessionId)
    .where((eb) => eb(eb("bytes", "+", bytes), "<=", limit))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back what a reservation took when the bytes were not stored after all. */
export async function releaseSessionBytes(db: Db, sessionId: string, bytes: number): Promise<void> {
  await db.kysely
    .updateTable("exchange_sessions")
    .set((eb) => ({ bytes: eb("bytes", "-", bytes) }))
    .where("id", "=", sessionId)
    .execute();
}

/** the session's budget left for unpacking its archives */
export async function sessionBytesLeft(db: Db, sessionId: string, limit: number): Promise<number> {
  return Math.max(0, limit - (await reservedBytes(db, sessionId)));
}

/** the storage key of a session's file: the name is hashed, the storage keeps flat safe keys */
export function exchangeFileKey(sessionId: string, name: string): string {
  return `exchange/${sessionId.slice(0, 32)}-${crypto.createHash("sha256").update(name).digest("hex").slice(0, 32)}.bin`;
}

export type ReceiveResult = { ok: true } | { ok: false; reason: string; cause?: unknown };

const isDiskFull = (err: unknown) => ["ENOSPC", "EDQUOT", "EFBIG"].includes((err as NodeJS.ErrnoException | null)?.code ?? "");

/**
 * `mode=file`: appends `bytes` to the session's file `name` (1C sends big files in parts), within
 * the per-session total. The part's size is reserved in the session row before anything is
 * written, and given back if the write fails; a write that fails leaves the file as it was. A
 * full disk ends the session (its files are removed, 1C starts over). Zip archives are unpacked
 * later, at the first `mode=import`.
 */
export async function receiveExchangeFile(
  db: Db,
  storage: FileStorage,
  session: ExchangeSession,
  name: string,
  bytes: Uint8Array,
  limit = EXCHANGE_SESSION_MAX_BYTES,
): Promise<ReceiveResult> {
  const safe = safeExchangeName(name);
  if (!safe) return { ok: false, reason: await exchangeFailed(db, session, EXCHANGE_MESSAGES.badName) };
  const size = bytes.byteLength;
  if (!(await reserveSessionBytes(db, session.id, size, limit)))
    return { ok: false, reason: await exchangeFailed(db, session, EXCHANGE_MESSAGES.sessionFull(limit)) };
  const entry = session.files[safe];
  const fresh = !entry || entry.removed === true;
  const key = exchangeFileKey(session.id, safe);
  try {
    // a part is appended, never read back: a 200 MB import.xml in 8 MB parts stays cheap (decision 088)
    if (fresh) await storage.remove(key);
    await storage.append(key, bytes);
  } catch (err) {
    await releaseSessionBytes(db, session.id, size);
    const reason = isDiskFull(err) ? EXCHANGE_MESSAGES.diskFull : EXCHANGE_MESSAGES.storeFailed;
    await exchangeFailed(db, session, `${safe}: ${reason}`);
    if (isDiskFull(err)) await endExchangeSession(db, storage, session);
    return { ok: false, reason, cause: err };
  }
  await changeSessionRow(db, session, (row) => {
    const before = row.files[safe];
    row.files[safe] = { key, bytes: (!before || before.removed ? 0 : before.bytes) + size };
  });
  return { ok: true };
}

/** how long a file in the exchange folder may go unchanged before the sweep removes it (see sweepExchangeFiles) */
export const EXCHANGE_FILE_MAX_AGE_MS = EXCHANGE_SESSION_TTL_MS + 60 * 60 * 1000;

/**
 * Removes exchange files nobody can use any more: a file last written longer ago than a session
 * lives belongs to a session 1C can no longer continue (abandoned midway, or from before sessions
 * cleaned up after themselves). The hour beyond the session's 6 hours covers clocks of instances
 * sharing the storage that disagree a little. Returns how many files were removed.
 */
export async function sweepExchangeFiles(storage: FileStorage, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const file of await storage.list("exchange")) {
    if (file.modifiedAt >= now - EXCHANGE_FILE_MAX_AGE_MS || !/^exchange\/[0-9a-f]{32}-[0-9a-f]{32}\.bin$/.test(file.key)) continue;
    await storage.remove(file.key);
    removed++;
  }
  return removed;
}

/** The latest exchange sessions, newest first, for the back office's «Обмен» page. */
export async function listExchangeSessions(db: Db, limit = 50): Promise<ExchangeSessionListItem[]> {
  const rows = await db.kysely
    .selectFrom("exchange_sessions")
    .leftJoin("users", "users.id", "exchange_sessions.staff_id")
    .select([
      "exchange_sessions.id",
      "exchange_sessions.started_at",
      "users.email",
      "exchange_sessions.status",
      "exchange_sessions.files",
      "exchange_sessions.counts",
      "exchange_sessions.errors",
    ])
    .orderBy("exchange_sessions.started_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id.slice(0, 8),
    startedAt: Number(r.started_at),
    staffEmail: r.email,
    status: r.status,
    // the back office's list shows a bad row's parts as empty rather than failing the page
    files: Object.keys(readJsonColumn(r.files, FilesSchema, { fallback: {} })),
    counts: readJsonColumn(r.counts, CountsSchema, { fallback: {} }),
    errors: readJsonColumn(r.errors, ErrorsSchema, { fallback: [] }),
  }));
}
