// Shared pages for visitors without a session, served from a cache (docs/decisions/091-page-cache.md).
// The key is the page version (every write to a table a shared page shows moves it, on any
// instance) + the full URL + everything else the HTML depends on: the cookies pages read (city,
// recently viewed, closed banners), crawler or person (crawlers get the whole document at once),
// and the Moscow hour (delivery days turn at 14:00, promos and banners at midnight). Nothing is
// ever dropped by age: an old version's pages are simply never asked for again and age out of
// the LRU. The CSP nonce is cut out of the stored bytes and a fresh one goes in on every answer.
import crypto from "node:crypto";
import type { Request, Response } from "express";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { etagMatches } from "../app/lib/etag.ts";
import { CITY_COOKIE } from "../app/features/delivery/index.ts";
import { readCookies } from "../app/lib/cookies.ts";
import { VIEWED_COOKIE } from "../app/features/product/index.ts";
import { memoPage, type MemoPage, type RenderMemo } from "../app/http/render-memo.server.ts";

/** A rendered shared page: its headers and its body cut at each place the CSP nonce was. */
export interface CachedPage {
  headers: [string, string][];
  /** the body between nonces: the answer is parts joined by this response's nonce */
  parts: Buffer[];
  /** the length of all parts together */
  bytes: number;
  etag: string;
}

/**
 * Where cached pages live: this process's memory now; a store shared by several instances
 * (Redis) can stand in, since the key already carries the database's page version.
 */
export interface PageStore {
  get(key: string): Promise<CachedPage | undefined>;
  set(key: string, page: CachedPage): Promise<void>;
}

/**
 * An LRU bounded by the bytes it holds (sizes as the caller measures them): the least recently
 * used entries go first, and one larger than the whole bound is never kept.
 */
function byteBoundedLru<V extends object>(maxBytes: number) {
  return new LRUCache<string, V>({ maxSize: maxBytes });
}

export function createMemoryPageStore(maxBytes: number): PageStore & { readonly bytes: number } {
  const lru = byteBoundedLru<CachedPage>(maxBytes);
  return {
    get bytes() {
      return lru.calculatedSize;
    },
    get: (key) => Promise.resolve(lru.get(key)),
    set(key, page) {
      const headerBytes = page.headers.reduce((n, [k, v]) => n + k.length + v.length, 0);
      lru.set(key, page, { size: key.length + headerBytes + page.bytes });
      return Promise.resolve();
    },
  };
}

/** Rendered documents by the hash of what they were rendered from (decision 097), bounded by bytes. */
export function createRenderMemo(maxBytes: number, onLookup?: (result: "hit" | "miss") => void): RenderMemo {
  const lru = byteBoundedLru<MemoPage>(maxBytes);
  return {
    get(key) {
      const page = lru.get(key);
      onLookup?.(page ? "hit" : "miss");
      return page;
    },
    set(key, page) {
      lru.set(key, page, { size: key.length + page.bytes });
    },
  };
}

export interface PageCache {
  store: PageStore;
  /** the page version (app/features/catalog/page-version.server.ts); a failure means no caching for this request */
  version(): Promise<string>;
}

// The storefront's shared pages. Anything else (cart, checkout, account, forms, confirmation
// links that act on GET, the back office) is rendered as always.
const SHARED_PATHS = /^\/(?:|catalog\/(?:[^/]+\/)?|product\/[^/]+\/(?:[^/]+\/)?|search\/|news\/(?:[^/]+\/)?|contacts\/|faq\/|about\/|delivery\/|[a-z0-9-]+\/)$/;
// single-segment addresses that are not shop-written content pages
const PERSONAL_PAGES = new Set(["cart", "compare", "favorites", "checkout", "login", "logout", "register", "profile", "admin", "order", "city", "banner"]);

/** Cookies a shared page reads: part of the key. A closed banner is `notice-<n>=closed`. */
function keyCookies(header: string | undefined): string {
  const kept: string[] = [];
  for (const [name, value] of Object.entries(readCookies(header))) {
    if (name === CITY_COOKIE || name === VIEWED_COOKIE || name.startsWith("notice-")) kept.push(`${name}=${value}`);
  }
  return kept.sort().join("; ");
}

const HOUR_MS = 3_600_000;

/**
 * The key of a request the cache may answer (version not included), or null: not a GET of a
 * shared HTML page. Whether the visitor has a session is decided by the caller.
 */
export function pageCacheKey(req: Request, now = Date.now()): string | null {
  if (req.method !== "GET" || !SHARED_PATHS.test(req.path)) return null;
  const first = req.path.split("/")[1]!;
  if (PERSONAL_PAGES.has(first)) return null;
  if ((req.get("accept") ?? "").startsWith("application/json")) return null;
  const agent = req.get("user-agent");
  // Moscow is UTC+3 all year, so UTC hours and Moscow hours turn together
  return `${req.originalUrl}\n${keyCookies(req.headers.cookie)}\n${agent && isbot(agent) ? "bot" : "person"}\n${Math.floor(now / HOUR_MS)}`;
}

const NONCE_BYTES = 16;
// Random bytes are drawn for 256 nonces at a time: one call per response showed in the cache
// hit's profile. Each nonce still takes bytes no other one gets.
const POOL_NONCES = 256;
let pool = Buffer.alloc(0);
let taken = 0;
/** the nonce for a response: 16 random bytes, base64 (24 characters, never in a page by chance) */
export function newNonce(): string {
  if (taken >= pool.length) {
    pool = crypto.randomBytes(NONCE_BYTES * POOL_NONCES);
    taken = 0;
  }
  taken += NONCE_BYTES;
  return pool.toString("base64", taken - NONCE_BYTES, taken);
}

/**
 * The router's answer as a page to keep, or null when it must not be shared: not a 200 HTML page,
 * marked private/no-store by its route, or setting a cookie other than one the key holds (the
 * product page's «recently viewed» list follows from the URL and the incoming `viewed` cookie;
 * a session cookie never does).
 */
export function shareablePage(response: globalThis.Response): boolean {
  if (response.status !== 200) return false;
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return false;
  if (/private|no-store/i.test(response.headers.get("cache-control") ?? "")) return false;
  return response.headers.getSetCookie().every((cookie) => cookie.startsWith(`${VIEWED_COOKIE}=`));
}

// Headers of the stored page that are not the page's own: the edge sets them per response.
const PER_RESPONSE = new Set(["content-length", "date", "connection", "keep-alive", "transfer-encoding", "content-security-policy"]);

export function cachedPage(response: globalThis.Response, body: Buffer, nonce: string): CachedPage {
  const { parts, bytes } = memoPage(body, nonce);
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) if (!PER_RESPONSE.has(name) && name !== "set-cookie") headers.push([name, value]);
  for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
  // the same bytes apart from the nonce: one tag for every copy of this version of the page
  const hash = crypto.createHash("sha256");
  for (const part of parts) hash.update(part);
  return {
    headers,
    parts: parts.map((p) => Buffer.from(p)),
    bytes,
    etag: `"${hash.digest("base64url").slice(0, 27)}"`,
  };
}

const LARGE_PART = 4096;

/** Answers with a kept page: its bytes with this response's nonce, or 304 when the client's copy is current. */
export function sendCachedPage(req: Request, res: Response, page: CachedPage, nonce: string, state: "hit" | "miss"): void {
  for (const [name, value] of page.headers) res.append(name, value);
  res.setHeader("ETag", page.etag);
  // the nonce is this answer's only: no shared cache may hand it to someone else
  res.setHeader("Cache-Control", "private, no-cache");
  res.setHeader("X-Page-Cache", state);
  if (etagMatches(req.get("if-none-match") ?? null, page.etag)) {
    // The browser keeps its copy, and a 304's headers replace the stored ones: a new policy would
    // name a nonce its copy does not carry and block the page's scripts. Leave the stored one.
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  // The parts go out as they are, in one corked write: copying them into one buffer per answer
  // cost more (the copy and its garbage) than everything else on a cache hit (decision 091).
  const separator = Buffer.from(nonce);
  res.status(200);
  res.setHeader("Content-Length", page.bytes + separator.length * (page.parts.length - 1));
  // Most nonces sit in the head's modulepreload links, 60-odd pieces of 70 bytes: those are
  // joined into one small buffer, the large parts (the body) go out untouched.
  res.cork();
  let small: Buffer[] = [];
  const flush = () => {
    if (small.length) res.write(small.length === 1 ? small[0] : Buffer.concat(small));
    small = [];
  };
  page.parts.forEach((part, i) => {
    if (i > 0) small.push(separator);
    if (part.length < LARGE_PART) small.push(part);
    else {
      flush();
      res.write(part);
    }
  });
  flush();
  res.end();
  res.uncork();
}
