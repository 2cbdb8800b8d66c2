// Accounts: registration, password checks, login rate limits, password reset and change, and
// what happens to the anonymous session's lists at login. All account SQL lives here.
import crypto from "node:crypto";
import { mergeCarts } from "./cart.server.ts";
import { listOrdersOfUser } from "./orders.server.ts";
import { DELIVERY_TYPES } from "../lib/delivery-pricing.ts";
import { hash, verify } from "@node-rs/argon2";
import { redirect } from "react-router";
import type { Db } from "../db/database.server.ts";
import type { SessionHandle } from "../context.ts";
import type { RateLimiter } from "../../server/rate-limit.ts";
import type { AccountUser, OrderSummary } from "./account-types.ts";
import { destroyUserSessions } from "./sessions.server.ts";

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane); @node-rs/argon2 defaults to argon2id.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** failed-or-not attempts per e-mail per window; a success clears it, the window ends it */
export const LOGIN_ACCOUNT_LIMIT = 5;
/** attempts per client address per window (password spraying over many accounts) */
export const LOGIN_ADDRESS_LIMIT = 30;
export const RESET_WINDOW_MS = 60 * 60 * 1000;
export const RESET_LIMIT = 5;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

// Verified against for unknown e-mails, so both answers take the same time.
let dummyHash: Promise<string> | null = null;

async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  try {
    const ok = await verify(passwordHash ?? (await dummyHash), password);
    return ok && passwordHash !== null;
  } catch {
    return false;
  }
}

const toUser = (r: { id: number; email: string; name: string; phone: string }): AccountUser => ({
  id: r.id,
  email: r.email,
  name: r.name,
  phone: r.phone,
});

export async function findUserById(db: Db, id: number): Promise<AccountUser | null> {
  const row = await db.kysely.selectFrom("users").select(["id", "email", "name", "phone"]).where("id", "=", id).executeTakeFirst();
  return row ? toUser(row) : null;
}

async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  let q = db.kysely.selectFrom("users").select("id").where("email", "=", email);
  if (exceptId !== undefined) q = q.where("id", "<>", exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint/i.test(e?.message ?? "");
}

export type RegisterResult = { ok: true; user: AccountUser } | { ok: false; reason: "email-taken" };

export async function registerUser(
  db: Db,
  input: { name: string; email: string; phone: string; password: string },
  now = Date.now(),
): Promise<RegisterResult> {
  if (await emailTaken(db, input.email)) return { ok: false, reason: "email-taken" };
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await db.kysely
      .insertInto("users")
      .values({
        email: input.email,
        name: input.name,
        phone: input.phone,
        password_hash: passwordHash,
        saved_data: "{}",
        created_at: now,
        updated_at: now,
        password_changed_at: now,
      })
      .returning(["id", "email", "name", "phone"])
      .executeTakeFirstOrThrow();
    return { ok: true, user: toUser(row) };
  } catch (err) {
    // two registrations racing for one address: the unique index decides
    if (isUniqueViolation(err)) return { ok: false, reason: "email-taken" };
    throw err;
  }
}

/** The user for this e-mail and password, or null; unknown e-mails cost the same hashing time. */
export async function authenticate(db: Db, email: string, password: string): Promise<AccountUser | null> {
  const row = await db.kysely
    .selectFrom("users")
    .select(["id", "email", "name", "phone", "password_hash"])
    .where("email", "=", email)
    .executeTakeFirst();
  const ok = await verifyPassword(row?.password_hash ?? null, password);
  return ok && row ? toUser(row) : null;
}

const accountKey = (email: string) => `login:account:${email}`;

/**
 * Counts a login attempt against the e-mail and the client address. Fixed windows: a locked
 * owner waits at most one window (or resets the password, which clears the account counter).
 */
export async function hitLoginLimits(
  limiter: RateLimiter,
  email: string,
  address: string,
): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const [byAccount, byAddress] = await Promise.all([
    limiter.hit(accountKey(email), LOGIN_ACCOUNT_LIMIT, LOGIN_WINDOW_MS),
    limiter.hit(`login:address:${address}`, LOGIN_ADDRESS_LIMIT, LOGIN_WINDOW_MS),
  ]);
  if (byAccount.allowed && byAddress.allowed) return { allowed: true };
  const blocking = [byAccount, byAddress].filter((r) => !r.allowed);
  return { allowed: false, retryAfter: Math.max(...blocking.map((r) => r.retryAfter)) };
}

export function clearLoginLimit(limiter: RateLimiter, email: string): Promise<void> {
  return limiter.reset(accountKey(email));
}

export async function hitResetLimits(limiter: RateLimiter, email: string, address: string) {
  const [a, b] = await Promise.all([
    limiter.hit(`reset:account:${email}`, RESET_LIMIT, RESET_WINDOW_MS),
    limiter.hit(`reset:address:${address}`, RESET_LIMIT * 4, RESET_WINDOW_MS),
  ]);
  return a.allowed && b.allowed ? { allowed: true as const } : { allowed: false as const, retryAfter: Math.max(a.retryAfter, b.retryAfter) };
}

export type ProfileUpdateResult = { ok: true } | { ok: false; reason: "email-taken" };

export async function updateProfile(
  db: Db,
  userId: number,
  input: { name: string; email: string; phone: string },
  now = Date.now(),
): Promise<ProfileUpdateResult> {
  if (await emailTaken(db, input.email, userId)) return { ok: false, reason: "email-taken" };
  try {
    await db.kysely
      .updateTable("users")
      .set({ name: input.name, email: input.email, phone: input.phone, updated_at: now })
      .where("id", "=", userId)
      .execute();
    return { ok: true };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: "email-taken" };
    throw err;
  }
}

async function setPassword(db: Db, userId: number, password: string, now: number): Promise<void> {
  await db.kysely
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), password_changed_at: now, updated_at: now })
    .where("id", "=", userId)
    .execute();
}

/** Checks the current password, stores the new one and ends the user's other sessions. */
export async function changePassword(
  db: Db,
  userId: number,
  input: { currentPassword: string; newPassword: string },
  keepSessionId: string | null,
  now = Date.now(),
): Promise<"ok" | "wrong-current" | "same"> {
  const row = await db.kysely.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirst();
  if (!row || !(await verifyPassword(row.password_hash, input.currentPassword))) return "wrong-current";
  if (input.currentPassword === input.newPassword) return "same";
  await setPassword(db, userId, input.newPassword, now);
  await destroyUserSessions(db, userId, keepSessionId);
  return "ok";
}

const tokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * A single-use reset token for this e-mail, or null when no account has it (the caller shows
 * the same answer either way). Only the token's hash is stored.
 */
export async function createPasswordResetToken(db: Db, email: string, now = Date.now()): Promise<{ token: string; user: AccountUser } | null> {
  const row = await db.kysely.selectFrom("users").select(["id", "email", "name", "phone"]).where("email", "=", email).executeTakeFirst();
  if (!row) return null;
  const token = crypto.randomBytes(32).toString("base64url");
  await db.kysely
    .insertInto("password_reset_tokens")
    .values({ token_hash: tokenHash(token), user_id: row.id, created_at: now, expires_at: now + RESET_TOKEN_TTL_MS, used_at: null })
    .execute();
  return { token, user: toUser(row) };
}

/** True when the token is unused and unexpired (the reset form is shown only then). */
export async function isResetTokenValid(db: Db, token: string, now = Date.now()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const row = await db.kysely
    .selectFrom("password_reset_tokens")
    .select("user_id")
    .where("token_hash", "=", tokenHash(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses a reset token: sets the password, spends every outstanding token of the user and ends
 * all their sessions. Returns the user's e-mail, or null for a bad, used or expired token.
 */
export async function resetPassword(db: Db, token: string, password: string, now = Date.now()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  // Spending the token is the first write and is conditional, so two racing posts cannot both win.
  const spent = await db.kysely
    .updateTable("password_reset_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst();
  if (!spent) return null;
  await setPassword(db, spent.user_id, password, now);
  await db.kysely.updateTable("password_reset_tokens").set({ used_at: now }).where("user_id", "=", spent.user_id).where("used_at", "is", null).execute();
  await destroyUserSessions(db, spent.user_id);
  const user = await db.kysely.selectFrom("users").select("email").where("id", "=", spent.user_id).executeTakeFirst();
  return user?.email ?? null;
}

// ---- the anonymous session meets the account -------------------------------------------------

/** Session keys that belong to one visit and never travel into the account. */
const TRANSIENT_KEYS = new Set(["flash"]);

/**
 * Account data and anonymous data merged key by key: lists become their union (account items
 * first, then new anonymous ones), objects merge shallowly, other values: the anonymous one wins.
 */
export function mergeSessionData(account: Record<string, unknown>, anonymous: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...account };
  for (const [key, value] of Object.entries(anonymous)) {
    if (TRANSIENT_KEYS.has(key) || value === undefined) continue;
    const mine = out[key];
    if (Array.isArray(mine) && Array.isArray(value)) {
      const seen = new Set(mine.map((v) => JSON.stringify(v)));
      out[key] = [...mine, ...value.filter((v) => !seen.has(JSON.stringify(v)))];
    } else if (isPlainObject(mine) && isPlainObject(value)) {
      out[key] = { ...mine, ...value };
    } else {
      out[key] = value;
    }
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function parseObject(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json);
    return isPlainObject(v) ? v : {};
  } catch {
    return {};
  }
}

function durable(data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([k]) => !TRANSIENT_KEYS.has(k)));
}

/**
 * Signs the user in on this session: merges the anonymous session's lists (comparison …) with
 * the ones saved on the account, regenerates the session id, and moves the cart.
 */
export async function mergeAnonymousIntoAccount(
  db: Db,
  userId: number,
  session: Pick<SessionHandle, "data" | "login">,
): Promise<void> {
  const row = await db.kysely.selectFrom("users").select("saved_data").where("id", "=", userId).executeTakeFirst();
  const merged = mergeSessionData(parseObject(row?.saved_data ?? "{}"), session.data);
  const { previousId, id } = await session.login(userId, merged);
  await db.kysely.updateTable("users").set({ saved_data: JSON.stringify(durable(merged)) }).where("id", "=", userId).execute();
  await mergeAnonymousCart(db, { userId, fromSessionId: previousId, toSessionId: id });
}

/** The visitor's cart lines join the account's (quantities add up; stock clamps them at checkout). */
export async function mergeAnonymousCart(db: Db, ids: { userId: number; fromSessionId: string | null; toSessionId: string }): Promise<void> {
  if (ids.fromSessionId) await mergeCarts(db, `s:${ids.fromSessionId}`, `u:${ids.userId}`);
}

/** Keeps the session's lists on the account before the session ends (logout). */
export async function saveSessionIntoAccount(db: Db, userId: number, data: Readonly<Record<string, unknown>>): Promise<void> {
  await db.kysely.updateTable("users").set({ saved_data: JSON.stringify(durable(data)) }).where("id", "=", userId).execute();
}

const ORDER_STATUS: Record<string, string> = { new: "Принят", confirmed: "Подтверждён", shipped: "Передан в доставку", done: "Выполнен", cancelled: "Отменён" };

/** The user's orders, newest first, with lines, delivery and status. */
export async function listUserOrders(db: Db, userId: number): Promise<OrderSummary[]> {
  return (await listOrdersOfUser(db, userId)).map((o) => ({
    number: o.number,
    createdAt: o.createdAt,
    status: ORDER_STATUS[o.status] ?? o.status,
    delivery: DELIVERY_TYPES[o.deliveryType] ?? o.deliveryType,
    total: o.total,
    lines: o.lines.map((l) => ({ title: l.title, qty: l.qty, price: l.price })),
  }));
}

/** The signed-in user's id; anyone else is sent to the login page and brought back afterwards. */
export function requireUserId(session: Pick<SessionHandle, "userId">, request: Request): number {
  if (session.userId !== null) return session.userId;
  const url = new URL(request.url);
  throw redirect(`/login/?back=${encodeURIComponent(url.pathname + url.search)}`, { status: 303 });
}
