import crypto from "node:crypto";
import type { Request, Response } from "express";
import type { Db } from "../app/db/database.server.ts";
import { isDatabaseUnavailable } from "../app/db/database-errors.ts";
import type { SessionHandle } from "../app/context.ts";
import { errorPageHtml, wantsJson } from "./error-pages.ts";
import type { RateLimiter } from "./rate-limit.ts";
import { readCookie } from "../app/lib/cookies.ts";
import {
  createSession,
  destroySession,
  extendSessionIfStale,
  findSession,
  rotateSession,
  saveSessionData,
  SESSION_TTL_MS,
  type StoredSession,
} from "../app/features/accounts/index.server.ts";

export const SESSION_COOKIE = "vitrina_sid";

// The cookie carries `<id>.<hmac>`: a forged or truncated id is refused before any lookup.
function sign(id: string, secret: string): string {
  const mac = crypto.createHmac("sha256", secret).update(id).digest("base64url").slice(0, 22);
  return `${id}.${mac}`;
}

export function unsign(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const id = value.slice(0, dot);
  const expected = Buffer.from(sign(id, secret));
  const given = Buffer.from(value);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? id : null;
}

function rethrowUnlessUnavailable(err: unknown): void {
  if (!isDatabaseUnavailable(err)) throw err;
}

/**
 * New sessions (rows) per client address and window (decision 102): room for the thousands of
 * shoppers one carrier-grade NAT or office gateway can put behind one address, while a bot alone
 * on an address is stopped long before the table it fills matters (FIRST_VISIT_TTL_MS and the
 * purge keep each address's unreturned rows to about two hours' worth).
 */
export const NEW_SESSION_LIMIT = 5_000;
export const NEW_SESSION_WINDOW_MS = 10 * 60 * 1000;

export interface SessionLimits {
  limiter: RateLimiter;
  /** the client address (clientContext) */
  address: string;
  /** new sessions per address and window; NEW_SESSION_LIMIT when absent */
  perAddress?: number;
}

/**
 * Builds the per-request session handle: reads lazily, creates a row only when something is
 * stored (`ensure`, `update`). With `limits`, a client address gets at most `perAddress` new
 * sessions per window; beyond it the creating call throws a 429 Response (JSON `{error}` for
 * JSON callers), which React Router returns as the answer.
 */
export async function loadSession(req: Request, res: Response, db: Db, secret: string, limits?: SessionLimits): Promise<SessionHandle> {
  const raw = readCookie(req.headers.cookie, SESSION_COOKIE);
  const id = raw ? unsign(raw, secret) : null;
  let stored: StoredSession | null = id ? await findSession(db, id) : null;
  // Extending a session is housekeeping: while the database is locked or read-only the page is
  // still served (reads work), the next visit extends it.
  if (stored) await extendSessionIfStale(db, stored).catch(rethrowUnlessUnavailable);

  const setCookie = (sid: string) => {
    res.cookie(SESSION_COOKIE, sign(sid, secret), {
      httpOnly: true,
      sameSite: "lax",
      secure: req.secure,
      path: "/",
      maxAge: SESSION_TTL_MS,
    });
  };

  // a session made by this request keeps its first-visit life until a later request brings it back
  let createdHere = false;
  const ensure = async () => {
    if (!stored) {
      if (limits) {
        const limit = await limits.limiter.hit(`session:new:${limits.address}`, limits.perAddress ?? NEW_SESSION_LIMIT, NEW_SESSION_WINDOW_MS);
        if (!limit.allowed) throw tooManySessions(req, limit.retryAfter);
      }
      stored = await createSession(db);
      createdHere = true;
      setCookie(stored.id);
    }
    return stored;
  };

  return {
    get id() {
      return stored?.id ?? null;
    },
    get userId() {
      return stored?.userId ?? null;
    },
    get data() {
      return stored?.data ?? {};
    },
    async ensure() {
      return (await ensure()).id;
    },
    async update(patch) {
      const s = await ensure();
      s.data = { ...s.data, ...patch };
      await saveSessionData(db, s.id, s.data, Date.now(), s.staff, createdHere);
    },
    async login(userId, data) {
      const previousId = stored?.id ?? null;
      stored = await rotateSession(db, previousId, userId, data);
      createdHere = false;
      setCookie(stored.id);
      return { previousId, id: stored.id };
    },
    async logout() {
      if (stored) await destroySession(db, stored.id);
      stored = null;
      // nothing to clear when the browser sent no cookie
      if (raw !== undefined) res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure: req.secure, path: "/" });
    },
  };
}

// a Fetch Response (the router returns it as is), not Express's
function tooManySessions(req: Request, retryAfter: number): globalThis.Response {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  const message = `Слишком много новых посещений с вашего адреса. Попробуйте снова через ${minutes} мин.`;
  const headers = { "Retry-After": String(retryAfter), "Cache-Control": "no-store" };
  return wantsJson(req)
    ? globalThis.Response.json({ error: message }, { status: 429, headers })
    : new globalThis.Response(errorPageHtml(429, message), { status: 429, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
