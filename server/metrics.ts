// Prometheus metrics (docs/decisions/095-metrics-backups-soak-faults.md): request durations by
// route, orders and payments, the page cache's and the render memo's hits and misses, catalogue index build and patch
// times, and Node's own (event-loop lag, RSS, heap). Never public: /metrics on the shop's port
// answers only a `Authorization: Bearer <METRICS_TOKEN>` request, and METRICS_PORT serves it on
// 127.0.0.1 alone, for a scraper on the same machine.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { NOT_FOUND_MESSAGE, sendErrorPage } from "./error-pages.ts";
import type { ActivityMeter } from "../app/lib/ports.ts";
import type { CatalogIndexUpdate } from "../app/features/catalog/index.server.ts";

export interface ShopMetrics {
  registry: Registry;
  /** orders and payments, handed to the routes as a service */
  meter: ActivityMeter;
  /** Express middleware: times every request once its answer is sent */
  timeRequests(req: Request, res: Response, next: NextFunction): void;
  /** the router's routes (their paths), so request labels name a route and stay few */
  knowRoutes(paths: (string | undefined)[]): void;
  pageCache(result: "hit" | "miss"): void;
  /** a document render the render memo could skip (hit) or had to do (miss), decision 097 */
  renderMemo(result: "hit" | "miss"): void;
  catalogIndexUpdated(update: CatalogIndexUpdate): void;
  /** the bytes the page cache holds now, read when scraped */
  watchPageCacheBytes(read: () => number): void;
}

const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const INDEX_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const METHODS = new Set(["GET", "HEAD", "POST"]);
/** files and addresses outside the router that are worth a label of their own */
const EDGE_SEGMENTS = ["assets", "media", "healthz"];

export function createMetrics(): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: "vitrina_http_request_duration_seconds",
    help: "Time to answer a request, by route (the first path segment of a known route), method and status class",
    labelNames: ["route", "method", "status_class"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const orders = new Counter({ name: "vitrina_orders_placed_total", help: "Orders placed", labelNames: ["channel"] as const, registers: [registry] });
  const payments = new Counter({
    name: "vitrina_payments_settled_total",
    help: "Online payments moved to their final state by a gateway notification",
    labelNames: ["status"] as const,
    registers: [registry],
  });
  const cache = new Counter({
    name: "vitrina_page_cache_requests_total",
    help: "Shared-page requests answered from the page cache (hit) or rendered (miss); hit ratio = hit / (hit + miss)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const memo = new Counter({
    name: "vitrina_render_memo_requests_total",
    help: "Document renders skipped because the same loader data was rendered before (hit) or done (miss)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const index = new Histogram({
    name: "vitrina_catalog_index_update_seconds",
    help: "Catalogue facet index updates: a full build or a patch for changed products",
    labelNames: ["kind"] as const,
    buckets: INDEX_BUCKETS,
    registers: [registry],
  });
  // every series there is from the start, at 0: a rate over a counter that appears late misses its first step
  for (const channel of ["checkout", "one-click"] as const) orders.inc({ channel }, 0);
  for (const status of ["succeeded", "canceled"] as const) payments.inc({ status }, 0);
  for (const result of ["hit", "miss"] as const) cache.inc({ result }, 0);
  for (const result of ["hit", "miss"] as const) memo.inc({ result }, 0);
  for (const kind of ["build", "patch"] as const) index.zero({ kind });

  let readCacheBytes: (() => number) | null = null;
  new Gauge({
    name: "vitrina_page_cache_bytes",
    help: "Bytes of shared pages the page cache holds",
    registers: [registry],
    collect() {
      this.set(readCacheBytes?.() ?? 0);
    },
  });

  let routeSegments = new Set(EDGE_SEGMENTS);
  let dynamicTop = false;
  /** a bounded label: "/" , "/<known first segment>/", "/:slug/" for the shop's content pages, or "other" */
  const routeOf = (path: string): string => {
    const end = path.indexOf("/", 1);
    const first = path.slice(1, end < 0 ? undefined : end).replace(/\.data$/, "");
    if (first === "") return "/";
    if (routeSegments.has(first)) return `/${first}/`;
    return dynamicTop && (end < 0 || end === path.length - 1) ? "/:slug/" : "other";
  };

  return {
    registry,
    meter: {
      orderPlaced: (channel) => orders.inc({ channel }),
      paymentSettled: (status) => payments.inc({ status }),
    },
    timeRequests(req, res, next) {
      const started = process.hrtime.bigint();
      res.once("finish", () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        requests.observe(
          { route: routeOf(req.path), method: METHODS.has(req.method) ? req.method : "other", status_class: `${Math.floor(res.statusCode / 100)}xx` },
          seconds,
        );
      });
      next();
    },
    knowRoutes(paths) {
      const segments = new Set(EDGE_SEGMENTS);
      for (const path of paths) {
        const first = path?.split("/")[0];
        if (!first || first === "*") continue;
        if (first.startsWith(":")) dynamicTop = true;
        else segments.add(first);
      }
      routeSegments = segments;
    },
    pageCache: (result) => cache.inc({ result }),
    renderMemo: (result) => memo.inc({ result }),
    catalogIndexUpdated: ({ kind, ms }) => index.observe({ kind }, ms / 1000),
    watchPageCacheBytes(read) {
      readCacheBytes = read;
    },
  };
}

const digest = (s: string) => crypto.createHash("sha256").update(s).digest();

/**
 * GET /metrics on the shop's own port: 404 (as for any unknown address) without an
 * Authorization header, 401 with a wrong token, the metrics with the right one.
 */
export function metricsEndpoint(registry: Registry, token: string) {
  const expected = digest(token);
  return async (req: Request, res: Response): Promise<void> => {
    res.set("Cache-Control", "no-store");
    const header = req.get("authorization");
    // the same answer as any address the shop does not have: nothing tells a visitor it is here
    if (!header) return sendErrorPage(req, res, 404, NOT_FOUND_MESSAGE);
    const given = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? "";
    // digests of equal length: the comparison takes the same time whatever was sent
    if (!crypto.timingSafeEqual(digest(given), expected)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Неверный токен METRICS_TOKEN\n");
      return;
    }
    await sendMetrics(registry, res);
  };
}

async function sendMetrics(registry: Registry, res: http.ServerResponse): Promise<void> {
  const body = await registry.metrics();
  res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
  res.end(body);
}

/** METRICS_PORT: /metrics alone, without a token, on 127.0.0.1 only. Resolves with the port it listens on. */
export async function listenForMetrics(registry: Registry, port: number): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url?.split("?")[0] === "/metrics") {
      sendMetrics(registry, res).catch(() => {
        res.writeHead(500).end();
      });
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Здесь только /metrics\n");
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
