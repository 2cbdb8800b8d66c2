import crypto from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db/database.server.ts";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long a new visitor's session lives until its cookie comes back (decision 102). A shopper's
 * browser returns it at once (the redirect after «В корзину», the page's own data requests), and
 * the first request that brings it back gives it SESSION_TTL_MS; a bot that never sends cookies
 * leaves rows that the hourly purge deletes within two hours.
 */
export const FIRST_VISIT_TTL_MS = 60 * 60 * 1000;
/** a staff account's session ends after this long without a request (sliding) */
export const STAFF_IDLE_MS = 2 * 60 * 60 * 1000;
// a staff session's expiry moves at most once a minute, not on every request
const STAFF_SLIDE_STEP_MS = 60 * 1000;

export interface StoredSession {
  id: string;
  userId: number | null;
  data: Record<string, unknown>;
  expiresAt: number;
  /** whether the signed-in account has a staff role (its session expires after STAFF_IDLE_MS idle) */
  staff: boolean;
}

const ttlOf = (staff: boolean) => (staff ? STAFF_IDLE_MS : SESSION_TTL_MS);

/** 128 random bits, URL-safe. */
export function newSessionId(): string {
  return crypto.randomBytes(16).toString("base64url");
}

/** A new visitor's session: it lives FIRST_VISIT_TTL_MS until the visitor comes back with it. */
export async function createSession(db: Db, now = Date.now()): Promise<StoredSession> {
  const session: StoredSession = { id: newSessionId(), userId: null, data: {}, expiresAt: now + FIRST_VISIT_TTL_MS, staff: false };
  await db.kysely.insertInto("sessions").values({ id: session.id, user_id: null, data: "{}", created_at: now, expires_at: session.expiresAt }).execute();
  return session;
}

export async function findSession(db: Db, id: string, now = Date.now()): Promise<StoredSession | null> {
  const row = await db.kysely
    .selectFrom("sessions")
    .leftJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.id", "sessions.user_id", "sessions.data", "sessions.expires_at", "users.role"])
    .where("sessions.id", "=", id)
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, userId: row.user_id, data: parseData(row.data), expiresAt: Number(row.expires_at), staff: row.role != null };
}

/** Stores a session's data; `firstVisit`: on the request that created it, which does not extend it yet. */
export async function saveSessionData(db: Db, id: string, data: Record<string, unknown>, now = Date.now(), staff = false, firstVisit = false): Promise<void> {
  await db.kysely
    .updateTable("sessions")
    .set({ data: JSON.stringify(data), expires_at: now + (firstVisit ? FIRST_VISIT_TTL_MS : ttlOf(staff)) })
    .where("id", "=", id)
    .execute();
}

/**
 * Extends a session that is past half its life, so active visitors keep their cart. A staff
 * session instead slides to STAFF_IDLE_MS from now (also cutting a customer's 30 days short the
 * first time an account with a new role is seen), so an unattended back office logs itself out.
 */
export async function extendSessionIfStale(db: Db, s: StoredSession, now = Date.now()): Promise<void> {
  if (s.staff ? Math.abs(now + STAFF_IDLE_MS - s.expiresAt) < STAFF_SLIDE_STEP_MS : s.expiresAt - now > SESSION_TTL_MS / 2) return;
  s.expiresAt = now + ttlOf(s.staff);
  await db.kysely.updateTable("sessions").set({ expires_at: s.expiresAt }).where("id", "=", s.id).execute();
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db.kysely.deleteFrom("sessions").where("id", "=", id).execute();
}

/**
 * Deletes expired sessions and the cart lines of visitors without a session (`s:<id>` whose row is
 * gone): a cart belongs to its session and would otherwise outlive it for ever (decision 102).
 */
export async function purgeExpiredSessions(db: Db, now = Date.now()): Promise<number> {
  const res = await db.kysely.deleteFrom("sessions").where("expires_at", "<=", now).executeTakeFirst();
  // a line added at this moment has its session row already (the row is made first), so only
  // carts whose session is gone are deleted
  await db.kysely
    .deleteFrom("cart_lines")
    .where("owner", "like", "s:%")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("sessions")
            .select("sessions.id")
            .whereRef("sessions.id", "=", sql<string>`substr(cart_lines.owner, 3)`),
        ),
      ),
    )
    .execute();
  return Number(res.numDeletedRows);
}

function parseData(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Replaces a session by a fresh one owned by `userId` (login): a new random id, so an id planted
 * or seen before login is worthless afterwards; the old row goes in the same transaction.
 */
export async function rotateSession(db: Db, oldId: string | null, userId: number, data: Record<string, unknown>, now = Date.now()): Promise<StoredSession> {
  const account = await db.kysely.selectFrom("users").select("role").where("id", "=", userId).executeTakeFirst();
  const staff = account?.role != null;
  const session: StoredSession = { id: newSessionId(), userId, data, expiresAt: now + ttlOf(staff), staff };
  await db.kysely.transaction().execute(async (trx) => {
    if (oldId) await trx.deleteFrom("sessions").where("id", "=", oldId).execute();
    await trx
      .insertInto("sessions")
      .values({ id: session.id, user_id: userId, data: JSON.stringify(data), created_at: now, expires_at: session.expiresAt })
      .execute();
  });
  return session;
}

/** Ends every session of a user except `keepId` (after a password change or reset). */
export async function destroyUserSessions(db: Db, userId: number, keepId: string | null = null): Promise<number> {
  let q = db.kysely.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepId) q = q.where("id", "<>", keepId);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}
