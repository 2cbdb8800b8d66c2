// 1C «Обмен с сайтом» (CommerceML 2, issue 16, decision 087): who may exchange, the exchange
// sessions (one per `checkauth`, kept for the back office's list) and the files 1C sends. The
// catalogue import itself is in exchange-1c-import.server.ts.
import crypto from "node:crypto";
import type { Db } from "../db/database.server.ts";
import { canAccess } from "../lib/staff-roles.ts";
import { EXCHANGE_FILE_LIMIT, EXCHANGE_SESSION_MAX_BYTES, safeExchangeName } from "../lib/exchange-1c.ts";
import { admitLogin, loginFailed, loginSucceeded } from "./login-limits.server.ts";
import type { FileStorage, RateLimiter } from "./ports.ts";
import { authenticate } from "./users.server.ts";
import type { StaffActor } from "./audit.server.ts";
import type { ExchangeSessionListItem } from "./exchange-1c-types.ts";

/** an exchange session older than this is not accepted any more: 1C starts a new one with checkauth */
export const EXCHANGE_SESSION_TTL_MS = 6 * 60 * 60 * 1000;

export const EXCHANGE_MESSAGES = {
  wrongPassword: "Неверный логин или пароль",
  noAccess: "Учётной записи не разрешён обмен с 1С",
  tooManyAttempts: "Слишком много неудачных попыток входа, повторите позже",
  noSession: "Сеанс обмена не найден или истёк: начните обмен заново (checkauth)",
  badName: "Недопустимое имя файла: только латинские буквы, цифры и _.-/, вложенные папки только в import_files/",
  tooLarge: `Файл больше ${EXCHANGE_FILE_LIMIT} байт за один запрос`,
  sessionFull: `Файлы сеанса обмена больше ${EXCHANGE_SESSION_MAX_BYTES} байт`,
  noFile: "Файл не был загружен в этом сеансе обмена",
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
    files: JSON.parse(row.files) as Record<string, ExchangeFileEntry>,
    counts: JSON.parse(row.counts) as Record<string, number>,
    errors: JSON.parse(row.errors) as string[],
  };
}

export async function saveExchangeSession(db: Db, session: ExchangeSession, now = Date.now()): Promise<void> {
  await db.kysely
    .updateTable("exchange_sessions")
    .set({
      status: session.status,
      files: JSON.stringify(session.files),
      counts: JSON.stringify(session.counts),
      errors: JSON.stringify(session.errors),
      updated_at: now,
    })
    .where("id", "=", session.id)
    .execute();
}

/** Records a failure on the session (shown in the back office) and returns its reason. */
export async function exchangeFailed(db: Db, session: ExchangeSession, reason: string): Promise<string> {
  session.errors.push(reason);
  session.status = "failed";
  await saveExchangeSession(db, session);
  return reason;
}

/** the storage key of a session's file: the name is hashed, the storage keeps flat safe keys */
export function exchangeFileKey(sessionId: string, name: string): string {
  return `exchange/${sessionId.slice(0, 32)}-${crypto.createHash("sha256").update(name).digest("hex").slice(0, 32)}.bin`;
}

export type ReceiveResult = { ok: true } | { ok: false; reason: string };

/**
 * `mode=file`: appends `bytes` to the session's file `name` (1C sends big files in parts), within
 * the per-session total. Zip archives are unpacked later, at the first `mode=import`.
 */
export async function receiveExchangeFile(db: Db, storage: FileStorage, session: ExchangeSession, name: string, bytes: Uint8Array): Promise<ReceiveResult> {
  const safe = safeExchangeName(name);
  if (!safe) return { ok: false, reason: await exchangeFailed(db, session, EXCHANGE_MESSAGES.badName) };
  const total = Object.values(session.files).reduce((sum, f) => sum + f.bytes, 0);
  if (total + bytes.byteLength > EXCHANGE_SESSION_MAX_BYTES) return { ok: false, reason: await exchangeFailed(db, session, EXCHANGE_MESSAGES.sessionFull) };
  const entry = session.files[safe];
  const key = exchangeFileKey(session.id, safe);
  // a part is appended, never read back: a 200 MB import.xml in 8 MB parts stays cheap (decision 088)
  if (!entry) await storage.remove(key);
  await storage.append(key, bytes);
  session.files[safe] = { key, bytes: (entry?.bytes ?? 0) + bytes.byteLength };
  await saveExchangeSession(db, session);
  return { ok: true };
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
    files: Object.keys(JSON.parse(r.files) as object),
    counts: JSON.parse(r.counts) as Record<string, number>,
    errors: JSON.parse(r.errors) as string[],
  }));
}
