// Typed router context: services are chosen once in server/app.ts and reach loaders and
// actions through these keys, never through module globals.
import { createContext } from "react-router";
import type { Db } from "./db/database.server.ts";
import type { ActivityMeter, FileStorage, Mailer, RateLimiter } from "./lib/ports.ts";
import type { PaymentProvider } from "./features/payments/index.ts";
import type { Logger } from "pino";
import type { RenderMemo } from "./http/render-memo.server.ts";

export interface Services {
  db: Db;
  rateLimiter: RateLimiter;
  mediaDir: string;
  /** private files (profile uploads, form attachments): outside the web root, served only through their handlers */
  storage: FileStorage;
  mailer: Mailer;
  /** orders and payments counted for /metrics */
  meter: ActivityMeter;
  /** the request-independent app logger (pino); tests run it silent */
  logger: Logger;
  /**
   * The shop's configured origin (PUBLIC_URL, no trailing slash). Every absolute URL we send
   * out (mails, canonical, sitemap, feeds) is built from it, never from request headers.
   */
  publicUrl: string;
  /** contacts and pickup maps: tile template and Yandex key, from the validated config */
  maps: { tileUrl: string; yandexKey: string | null };
  /** the online payment gateway (ЮKassa when configured); null: only payment on receipt */
  payments: PaymentProvider | null;
  /** 54-ФЗ VAT code put on every receipt line (YOOKASSA_VAT_CODE) */
  receiptVatCode: number;
  /** the 1C price type (Ид or name) that is the shop price; null: the first one (decision 087) */
  exchangePriceType: string | null;
  /** the longest a 1C `mode=import` request works before answering `progress`; unset: 2 s (decision 088) */
  exchangeStepMs?: number;
  /** all files of one 1C exchange session together; unset: EXCHANGE_SESSION_MAX_BYTES, 256 MB (decision 087) */
  exchangeSessionMaxBytes?: number;
  /** the heap a catalogue must fit after a CSV import; unset: this process's heap limit (HEAP_MB, decision 103) */
  catalogHeapBytes?: number;
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
  /**
   * Signs a user in: the session gets a new id (the old row is deleted, so a fixated or stolen
   * anonymous id is worthless) and `data` replaces the session data. Returns both ids.
   */
  login(userId: number, data: Record<string, unknown>): Promise<{ previousId: string | null; id: string }>;
  /** Ends the session on the server and clears the cookie. */
  logout(): Promise<void>;
}

/** Facts about the request that only the server edge knows. */
export interface ClientInfo {
  /** the client address (req.ip; honours TRUST_PROXY) */
  address: string;
}

export const servicesContext = createContext<Services>();
export const sessionContext = createContext<SessionHandle>();
export const clientContext = createContext<ClientInfo>({ address: "unknown" });
/** the CSP nonce of this response, for React Router's inline scripts */
export const nonceContext = createContext<string>("");

/**
 * Errors React Router caught while handling this request (entry.server's handleError notes them),
 * so the edge can answer a database outage with 503 and an API caller with JSON instead of the
 * router's plain-text «Unexpected Server Error».
 */
export const faultsContext = createContext<unknown[] | null>(null);

/**
 * Documents already rendered, by a hash of what they were rendered from (app/http/render-memo.server.ts,
 * decision 097); null where every page is rendered (development, RENDER_MEMO_MB=0).
 */
export const renderMemoContext = createContext<RenderMemo | null>(null);
