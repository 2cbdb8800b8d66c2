// Typed router context: services are chosen once in server/app.ts and reach loaders and
// actions through these keys, never through module globals.
import { createContext } from "react-router";
import type { Db } from "./db/database.server.ts";
import type { RateLimiter } from "../server/rate-limit.ts";

export interface Services {
  db: Db;
  rateLimiter: RateLimiter;
  mediaDir: string;
}

export interface SessionHandle {
  /** null until something needs a session (an anonymous visitor who only reads has none) */
  readonly id: string | null;
  readonly userId: number | null;
  readonly data: Readonly<Record<string, unknown>>;
  /** returns the session id, creating the session and its cookie when there is none */
  ensure(): Promise<string>;
  /** merges keys into the session data and stores it */
  update(patch: Record<string, unknown>): Promise<void>;
}

export const servicesContext = createContext<Services>();
export const sessionContext = createContext<SessionHandle>();
/** the CSP nonce of this response, for React Router's inline scripts */
export const nonceContext = createContext<string>("");
