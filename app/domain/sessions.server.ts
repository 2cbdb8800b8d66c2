import crypto from "node:crypto";
import type { Db } from "../db/database.server.ts";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface StoredSession {
  id: string;
  userId: number | null;
  data: Record<string, unknown>;
  expiresAt: number;
}

/** 128 random bits, URL-safe. */
export function newSessionId(): string {
  return crypto.randomBytes(16).toString("base64url");
}

export async function createSession(db: Db, now = Date.now()): Promise<StoredSession> {
  const session: StoredSession = { id: newSessionId(), userId: null, data: {}, expiresAt: now + SESSION_TTL_MS };
  await db.kysely.insertInto("sessions").values({ id: session.id, user_id: null, data: "{}", created_at: now, expires_at: session.expiresAt }).execute();
  return session;
}

export async function findSession(db: Db, id: string, now = Date.now()): Promise<StoredSession | null> {
  const row = await db.kysely
    .selectFrom("sessions")
    .select(["id", "user_id", "data", "expires_at"])
    .where("id", "=", id)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, userId: row.user_id, data: parseData(row.data), expiresAt: Number(row.expires_at) };
}

export async function saveSessionData(db: Db, id: string, data: Record<string, unknown>, now = Date.now()): Promise<void> {
  await db.kysely
    .updateTable("sessions")
    .set({ data: JSON.stringify(data), expires_at: now + SESSION_TTL_MS })
    .where("id", "=", id)
    .execute();
}

/** Extends a session that is past half its life, so active visitors keep their cart. */
export async function extendSessionIfStale(db: Db, s: StoredSession, now = Date.now()): Promise<void> {
  if (s.expiresAt - now > SESSION_TTL_MS / 2) return;
  await db.kysely
    .updateTable("sessions")
    .set({ expires_at: now + SESSION_TTL_MS })
    .where("id", "=", s.id)
    .execute();
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db.kysely.deleteFrom("sessions").where("id", "=", id).execute();
}

export async function purgeExpiredSessions(db: Db, now = Date.now()): Promise<number> {
  const res = await db.kysely.deleteFrom("sessions").where("expires_at", "<=", now).executeTakeFirst();
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
  const session: StoredSession = { id: newSessionId(), userId, data, expiresAt: now + SESSION_TTL_MS };
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
