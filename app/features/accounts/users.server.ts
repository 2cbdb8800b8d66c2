// Accounts: registration (confirmed by e-mail), password checks, reset rate limits, password reset and change, and
// what happens to the anonymous session's lists at login. All account SQL lives here.
import crypto from "node:crypto";
import { mergeCarts } from "../cart/index.server.ts";
import { FAVORITES_KEY, mergeGuestFavorites } from "../favourites/index.server.ts";
import { listOrdersOfUser } from "../orders/index.server.ts";
import { deliveryName } from "../delivery/index.ts";
import { hash, verify } from "@node-rs/argon2";
import type { Db } from "../../db/database.server.ts";
import type { SessionHandle } from "../../context.ts";
import type { RateLimiter } from "../../lib/ports.ts";
import type { AccountUser, OrderSummary } from "./account-types.ts";
import { destroyUserSessions } from "./sessions.server.ts";

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane); @node-rs/argon2 defaults to argon2id.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

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

type NewAccount = { name: string; email: string; phone: string; passwordHash: string };

async function insertUser(db: Db, input: NewAccount, now: number): Promise<AccountUser> {
  const row = await db.kysely
    .insertInto("users")
    .values({
      email: input.email,
      name: input.name,
      phone: input.phone,
      password_hash: input.passwordHash,
      saved_data: "{}",
      created_at: now,
      updated_at: now,
      password_changed_at: now,
    })
    .returning(["id", "email", "name", "phone"])
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/**
 * Creates a confirmed account at once (seeding, tests). Visitors register through
 * `requestRegistration` and the e-mailed link (`confirmRegistration`).
 */
export async function registerUser(db: Db, input: { name: string; email: string; phone: string; password: string }, now = Date.now()): Promise<RegisterResult> {
  if (await emailTaken(db, input.email)) return { ok: false, reason: "email-taken" };
  const passwordHash = await hashPassword(input.password);
  try {
    return { ok: true, user: await insertUser(db, { ...input, passwordHash }, now) };
  } catch (err) {
    // two registrations racing for one address: the unique index decides
    if (isUniqueViolation(err)) return { ok: false, reason: "email-taken" };
    throw err;
  }
}

// ---- registration with e-mail confirmation (double opt-in) -----------------------------------

export const REGISTRATION_TTL_MS = 24 * 60 * 60 * 1000;
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;
/** registration requests per e-mail per window (each sends a mail to that address) */
export const REGISTRATION_EMAIL_LIMIT = 5;
/** registration requests per client address per window */
export const REGISTRATION_ADDRESS_LIMIT = 50;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export async function hitRegistrationLimits(limiter: RateLimiter, email: string, address: string) {
  const [a, b] = await Promise.all([
    limiter.hit(`register:account:${email}`, REGISTRATION_EMAIL_LIMIT, REGISTRATION_WINDOW_MS),
    limiter.hit(`register:address:${address}`, REGISTRATION_ADDRESS_LIMIT, REGISTRATION_WINDOW_MS),
  ]);
  return a.allowed && b.allowed ? { allowed: true as const } : { allowed: false as const, retryAfter: Math.max(a.retryAfter, b.retryAfter) };
}

export type RegistrationRequest =
  /** a new address: a pending registration and the token of its confirmation link */
  | { kind: "new"; token: string; email: string; name: string }
  /** the address already has an account: nothing is stored, its owner is told instead */
  | { kind: "existing"; user: AccountUser };

/**
 * Starts a registration. A new (or still unconfirmed) address gets a pending registration with a
 * single-use token (only its hash is stored; every request makes its own, so an earlier link
 * keeps working); an address that has an account changes nothing. The password is hashed on
 * both paths, so the two take the same time.
 */
export async function requestRegistration(
  db: Db,
  input: { name: string; email: string; phone: string; password: string },
  now = Date.now(),
): Promise<RegistrationRequest> {
  const passwordHash = await hashPassword(input.password);
  const existing = await db.kysely.selectFrom("users").select(["id", "email", "name", "phone"]).where("email", "=", input.email).executeTakeFirst();
  if (existing) return { kind: "existing", user: toUser(existing) };
  const token = crypto.randomBytes(32).toString("base64url");
  await db.kysely
    .insertInto("pending_registrations")
    .values({
      token_hash: tokenHash(token),
      email: input.email,
      name: input.name,
      phone: input.phone,
      password_hash: passwordHash,
      created_at: now,
      expires_at: now + REGISTRATION_TTL_MS,
    })
    .execute();
  return { kind: "new", token, email: input.email, name: input.name };
}

/** Who a valid confirmation link is for (shown before confirming), or null. */
export async function findPendingRegistration(db: Db, token: string, now = Date.now()): Promise<{ email: string; name: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await db.kysely
    .selectFrom("pending_registrations")
    .select(["email", "name"])
    .where("token_hash", "=", tokenHash(token))
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Uses a confirmation link: creates the account from its registration and removes every pending
 * registration of that address. Null for a bad, used or expired link, or when the address got an
 * account meanwhile (another link was used first).
 */
export async function confirmRegistration(db: Db, token: string, now = Date.now()): Promise<AccountUser | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      // spending the link is the first write and is conditional, so two racing posts cannot both win
      const pending = await trx
        .deleteFrom("pending_registrations")
        .where("token_hash", "=", tokenHash(token))
        .where("expires_at", ">", now)
        .returning(["email", "name", "phone", "password_hash"])
        .executeTakeFirst();
      if (!pending) return null;
      await trx.deleteFrom("pending_registrations").where("email", "=", pending.email).execute();
      if (await emailTaken({ ...db, kysely: trx } as Db, pending.email)) return null;
      return insertUser(
        { ...db, kysely: trx } as Db,
        { email: pending.email, name: pending.name, phone: pending.phone, passwordHash: pending.password_hash },
        now,
      );
    });
  } catch (err) {
    // two links of one address confirmed at the same moment: the unique index lets one through
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** Deletes registrations whose link has expired (the scheduled purge). */
export async function purgeExpiredRegistrations(db: Db, now = Date.now()): Promise<number> {
  const res = await db.kysely.deleteFrom("pending_registrations").where("expires_at", "<=", now).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The user for this e-mail and password, or null; unknown e-mails cost the same hashing time. */
export async function authenticate(db: Db, email: string, password: string): Promise<AccountUser | null> {
  const row = await db.kysely.selectFrom("users").select(["id", "email", "name", "phone", "password_hash"]).where("email", "=", email).executeTakeFirst();
  const ok = await verifyPassword(row?.password_hash ?? null, password);
  return ok && row ? toUser(row) : null;
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
    await db.kysely.updateTable("users").set({ name: input.name, email: input.email, phone: input.phone, updated_at: now }).where("id", "=", userId).execute();
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
  if (!TOKEN_PATTERN.test(token)) return false;
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
  if (!TOKEN_PATTERN.test(token)) return null;
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
 * the ones saved on the account, regenerates the session id, and moves the cart and the
 * favourites (those live in their own table for accounts, so they leave the session data).
 */
export async function mergeAnonymousIntoAccount(db: Db, userId: number, session: Pick<SessionHandle, "data" | "login">): Promise<void> {
  const row = await db.kysely.selectFrom("users").select("saved_data").where("id", "=", userId).executeTakeFirst();
  await mergeGuestFavorites(db, userId, session.data);
  const visit = Object.fromEntries(Object.entries(session.data).filter(([key]) => key !== FAVORITES_KEY));
  const merged = mergeSessionData(parseObject(row?.saved_data ?? "{}"), visit);
  const { previousId, id } = await session.login(userId, merged);
  await db.kysely
    .updateTable("users")
    .set({ saved_data: JSON.stringify(durable(merged)) })
    .where("id", "=", userId)
    .execute();
  await mergeAnonymousCart(db, { userId, fromSessionId: previousId, toSessionId: id });
}

/** The visitor's cart lines join the account's (quantities add up; stock clamps them at checkout). */
export async function mergeAnonymousCart(db: Db, ids: { userId: number; fromSessionId: string | null; toSessionId: string }): Promise<void> {
  if (ids.fromSessionId) await mergeCarts(db, `s:${ids.fromSessionId}`, `u:${ids.userId}`);
}

/** Keeps the session's lists on the account before the session ends (logout). */
export async function saveSessionIntoAccount(db: Db, userId: number, data: Readonly<Record<string, unknown>>): Promise<void> {
  await db.kysely
    .updateTable("users")
    .set({ saved_data: JSON.stringify(durable(data)) })
    .where("id", "=", userId)
    .execute();
}

/** The user's orders, newest first, with lines, delivery and status. */
export async function listUserOrders(db: Db, userId: number): Promise<OrderSummary[]> {
  return (await listOrdersOfUser(db, userId)).map((o) => ({
    number: o.number,
    createdAt: o.createdAt,
    status: o.status,
    delivery: deliveryName(o.deliveryType),
    history: o.history,
    total: o.total,
    lines: o.lines.map((l) => ({ title: l.title, qty: l.qty, price: l.price })),
  }));
}
