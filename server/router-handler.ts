// Hands Express requests to React Router. Our own small adapter instead of
// @react-router/express, for three things the stock one cannot do:
// - the body is read here within its byte cap (server/body-limits.ts) before any route sees it,
//   so no action can read an unbounded body, with or without Content-Length;
// - the Request's URL is built from PUBLIC_URL, never from Host / X-Forwarded-Host, so every
//   absolute URL a route derives from `request.url` (canonical, sitemap, robots, JSON-LD) is ours;
// - errors the router caught are looked at: a database outage answers 503 with the Russian
//   «попробуйте через минуту» page, and an API caller gets JSON instead of «Unexpected Server Error».
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
import { faultsContext, nonceContext, sessionContext } from "../app/context.ts";
import { isDatabaseUnavailable } from "../app/db/database-errors.ts";
import { bodyLimitFor, DEFAULT_LIMIT } from "./body-limits.ts";
import { readBodyWithin, refuseTooLarge } from "./request-body.ts";
import { sendErrorPage, SERVER_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from "./error-pages.ts";
import { cachedPage, pageCacheKey, sendCachedPage, shareablePage, type PageCache } from "./page-cache.ts";

export interface RouterHandlerOptions {
  /** the server build, or (development) a function that re-reads it on every request */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** origin of the shop (PUBLIC_URL), without a trailing slash */
  publicUrl: string;
  /** React Router's server mode: "development" shows error details, the others hide them */
  mode: "production" | "development" | "test";
  getLoadContext(req: Request, res: Response): Promise<RouterContextProvider>;
  /** whether the request's session is a staff member's (for the staff-only body caps) */
  isStaff(context: RouterContextProvider): Promise<boolean>;
  /** shared pages for visitors without a session (server/page-cache.ts); absent: every page is rendered */
  pageCache?: PageCache;
  /** told whether each request the page cache could answer was a hit (for /metrics) */
  onPageCache?(result: "hit" | "miss"): void;
}

export function routerHandler({ build, publicUrl, mode, getLoadContext, isStaff, pageCache, onPageCache }: RouterHandlerOptions) {
  const handle = createRequestHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      let body: Buffer | undefined;
      const context = await getLoadContext(req, res);
      if (req.method !== "GET" && req.method !== "HEAD") {
        let limit = bodyLimitFor(req.path);
        if (limit.staffOnly && !(await isStaff(context))) limit = DEFAULT_LIMIT;
        const read = await readBodyWithin(req, limit.bytes);
        if (!read.ok) {
          if (read.reason === "too-large") refuseTooLarge(req, res, limit.message);
          else req.socket.destroy(); // the client went away mid-body: nobody to answer
          return;
        }
        body = read.body;
      }
      // a visitor with a session may see their cart, name or a message: only the others share pages
      const personal = context.get(sessionContext).id !== null;
      const shared = pageCache && !personal ? pageCacheKey(req) : null;
      const key = shared === null ? null : await cacheKey(pageCache!, shared);
      if (key !== null) {
        // a store that fails (a shared one, later) means rendering, never an error page
        const page = await pageCache!.store.get(key).catch((err: unknown) => void req.log?.warn({ err }, "page cache unreadable"));
        onPageCache?.(page ? "hit" : "miss");
        if (page) return sendCachedPage(req, res, page, context.get(nonceContext), "hit");
      }
      const faults: unknown[] = [];
      context.set(faultsContext, faults);
      const response = await handle(toFetchRequest(req, res, publicUrl, body), context);
      if (faults.length && response.status >= 500 && answerFault(req, res, response, faults)) return;
      if (key !== null && faults.length === 0 && shareablePage(response)) {
        const nonce = context.get(nonceContext);
        let body: Buffer;
        try {
          body = Buffer.from(await response.arrayBuffer());
        } catch (error) {
          if (res.destroyed) return; // the visitor went away mid-render: nobody to answer, nothing to keep
          throw error;
        }
        const page = cachedPage(response, body, nonce);
        await pageCache!.store.set(key, page).catch((err: unknown) => req.log?.warn({ err }, "page cache not written"));
        if (res.destroyed) return;
        return sendCachedPage(req, res, page, nonce, "miss");
      }
      // a page made for this visitor stays in their browser only
      const mine =
        personal && req.method === "GET" && !response.headers.has("cache-control") && (response.headers.get("content-type") ?? "").startsWith("text/html");
      await sendResponse(res, response, mine ? { "Cache-Control": "private, no-cache" } : {});
    } catch (error) {
      next(error);
    }
  };
}

/** version + key, or null when the version cannot be read (the page is then rendered, as always) */
async function cacheKey(pageCache: PageCache, key: string): Promise<string | null> {
  try {
    return `${await pageCache.version()}\n${key}`;
  } catch {
    return null;
  }
}

function toFetchRequest(req: Request, res: Response, publicUrl: string, body: Buffer | undefined): globalThis.Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  // server/csrf.ts has checked the whole Origin against the address the browser used. React
  // Router's own check would compare it with the URL built from PUBLIC_URL, which differs on
  // purpose (127.0.0.1 locally, an ALLOWED_HOSTS alias), so it is not passed on.
  headers.delete("origin");
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  // The body as a stream of its one chunk: given as bytes, the Request would copy them all (a
  // 40 MB upload held twice more, and copied while every other request waits; decision 104).
  const bytes = body && new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
  return new globalThis.Request(publicUrl + req.originalUrl, {
    method: req.method,
    headers,
    signal,
    body: bytes
      ? new ReadableStream<Uint8Array>({
          start(controller) {
            if (bytes.length > 0) controller.enqueue(bytes);
            controller.close();
          },
        })
      : undefined,
    duplex: "half",
  } as RequestInit);
}

/**
 * A failed answer that the visitor should see in Russian: true when it was answered here.
 * Data requests of the client router (`*.data`) keep the router's own encoding.
 */
function answerFault(req: Request, res: Response, response: globalThis.Response, faults: unknown[]): boolean {
  const outage = faults.some(isDatabaseUnavailable);
  for (const fault of faults) req.log?.error({ err: fault }, outage ? "database unavailable" : "unhandled error");
  const plainText = (response.headers.get("content-type") ?? "").startsWith("text/plain");
  // the router rendered its own (Russian) error page, or a client-router data answer: keep them
  if (!plainText && (!outage || req.path.endsWith(".data"))) return false;
  void response.body?.cancel();
  if (outage) {
    res.setHeader("Retry-After", "60");
    sendErrorPage(req, res, 503, UNAVAILABLE_MESSAGE);
  } else {
    sendErrorPage(req, res, 500, SERVER_ERROR_MESSAGE);
  }
  return true;
}

async function sendResponse(res: Response, response: globalThis.Response, extraHeaders: Record<string, string> = {}): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  // A page is sent in one write: React hands it over in 2 KB pieces, each a socket write (and,
  // with compression, a zlib flush) of its own, which showed in the render's profile (decision
  // 091). Nothing on the server suspends, so the whole page is ready about when its first piece is.
  let page: Buffer | null = null;
  if (response.body && (response.headers.get("content-type") ?? "").startsWith("text/html")) {
    try {
      page = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (res.destroyed || res.writableEnded) return;
      throw error;
    }
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  for (const [key, value] of Object.entries(extraHeaders)) res.setHeader(key, value);
  if (page) {
    res.setHeader("Content-Length", page.length);
    res.end(page);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
