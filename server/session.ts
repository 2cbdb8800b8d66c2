import crypto from "node:crypto";
import type { Request, Response } from "express";
import type { Db } from "../app/db/database.server.ts";
import type { SessionHandle } from "../app/context.ts";
import {
  createSession,
  destroySession,
  extendSessionIfStale,
  findSession,
  rotateSession,
  saveSessionData,
  SESSION_TTL_MS,
  type StoredSession,
} from "../app/domain/sessions.server.ts";

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

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Builds the per-request session handle: reads lazily, creates only when asked. */
export async function loadSession(req: Request, res: Response, db: Db, secret: string): Promise<SessionHandle> {
  const raw = readCookie(req, SESSION_COOKIE);
  const id = raw ? unsign(raw, secret) : null;
  let stored: StoredSession | null = id ? await findSession(db, id) : null;
  if (stored) await extendSessionIfStale(db, stored);

  const setCookie = (sid: string) => {
    res.cookie(SESSION_COOKIE, sign(sid, secret), {
      httpOnly: true,
      sameSite: "lax",
      secure: req.secure,
      path: "/",
      maxAge: SESSION_TTL_MS,
    });
  };

  const ensure = async () => {
    if (!stored) {
      stored = await createSession(db);
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
      await saveSessionData(db, s.id, s.data);
    },
    async login(userId, data) {
      const previousId = stored?.id ?? null;
      stored = await rotateSession(db, previousId, userId, data);
      setCookie(stored.id);
      return { previousId, id: stored.id };
    },
    async logout() {
      if (stored) await destroySession(db, stored.id);
      stored = null;
      res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure: req.secure, path: "/" });
    },
  };
}
