// The Express application, built by Vite together with the routes (see vite.config.ts) so
// the router context keys are shared. server/main.ts listens; tests mount it directly.
import type http from "node:http";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import compression from "compression";
import helmet from "helmet";
import { pino, type DestinationStream, type Logger } from "pino";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { AppConfig } from "./config.ts";
import { csrfGuard } from "./csrf.ts";
import { NOT_FOUND_MESSAGE, sendErrorPage, SERVER_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from "./error-pages.ts";
import { healthz } from "./health.ts";
import { hostGuard } from "./host-guard.ts";
import { routerHandler } from "./router-handler.ts";
import { createMemoryPageStore, createRenderMemo, newNonce } from "./page-cache.ts";
import { readPageVersion, getCatalogIndex, observeCatalogIndex } from "../app/features/catalog/index.server.ts";
import { isDatabaseUnavailable } from "../app/db/database-errors.ts";
import { createMemoryRateLimiter, type RateLimiter } from "./rate-limit.ts";
import { connectRedis } from "./redis.ts";
import { shareCatalogChanges } from "./catalog-notices.ts";
import { createRedisRateLimiter } from "./redis-rate-limit.ts";
import { loadSession } from "./session.ts";
import { startExchangeSweep } from "./exchange-sweep.ts";
import { startSessionPurge } from "./session-purge.ts";
import { createMailer } from "./mailer.ts";
import { createMetrics, listenForMetrics, metricsEndpoint } from "./metrics.ts";
import { createDiskStorage } from "./file-storage.ts";
import { createYookassaProvider, YOOKASSA_PAYMENT_PAGES } from "./yookassa.ts";
import { openDatabase, ensurePgSchema, type Db } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";
import { tileCspSource, YANDEX_MAPS_CSP } from "../app/features/content/index.ts";
import { VIDEO_FRAME_HOSTS } from "../app/lib/video-embed.ts";
import { isEmpty, seedDemo } from "../app/db/seed/seed.server.ts";
import { ensureSearchIndex } from "../app/features/catalog/index.server.ts";
import { findStaffMember } from "../app/features/staff/index.server.ts";
import { clientContext, nonceContext, renderMemoContext, servicesContext, sessionContext, type Services } from "../app/context.ts";

export interface VitrinaApp {
  app: express.Express;
  db: Db;
  logger: Logger;
  /** the shared pages held now and the limit (null: the page cache is off) */
  pageCache: { readonly bytes: number; readonly maxBytes: number } | null;
  /** the port of the loopback-only /metrics listener (METRICS_PORT), null when there is none */
  metricsPort: number | null;
  close(): Promise<void>;
}

/**
 * What `npm run dev` (scripts/dev.ts) hands in: Vite serves the browser's modules (with its HMR
 * client) instead of the built client files, and the server build is read again on every
 * request, so an edited route or component applies without a restart.
 */
export interface DevServerHooks {
  /** Vite's connect middlewares (source modules, /@vite/client, public/, critical CSS) */
  middlewares(req: http.IncomingMessage, res: http.ServerResponse, next: (err?: unknown) => void): void;
  /** the current server build from Vite's module graph */
  loadBuild(): Promise<ServerBuild>;
}

export interface CreateAppOptions {
  /** development only; without it the app serves the production build */
  dev?: DevServerHooks;
  /** where log lines go instead of standard output (tests read them) */
  logDestination?: DestinationStream;
}

/** PAGE_CACHE_MB unset: 32 MB, a few hundred pages of 100 KB */
const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** RENDER_MEMO_MB unset: 16 MB, about a hundred documents */
const DEFAULT_RENDER_MEMO_BYTES = 16 * 1024 * 1024;

const clientDir = path.resolve(import.meta.dirname, "../client");

export async function createApp(config: AppConfig, { dev, logDestination }: CreateAppOptions = {}): Promise<VitrinaApp> {
  // written asynchronously (pino's SonicBoom): a log line never blocks a request on stdout; pino
  // flushes what is buffered when the process exits
  const logger = pino({ level: config.logLevel }, logDestination ?? pino.destination({ sync: false }));
  if (config.databaseSchema) await ensurePgSchema(config.databaseUrl, config.databaseSchema);
  const db = openDatabase(config.databaseUrl, {
    schema: config.databaseSchema,
    lockWaitMs: config.dbLockWaitMs,
    onConnectionLost: (err) => logger.warn({ err }, "database connection lost: the next query connects again"),
  });
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info({ applied }, "migrations applied");
  if (config.seedDemo && (await isEmpty(db))) {
    logger.info("empty database: seeding the demo shop");
    const counts = await seedDemo(db, { mediaDir: config.mediaDir });
    logger.info(counts, "demo shop seeded");
  }
  await ensureSearchIndex(db);
  const metrics = createMetrics();
  observeCatalogIndex(db, metrics.catalogIndexUpdated);
  // build the catalogue's facet index now rather than on the first visitor's request
  void getCatalogIndex(db).catch((err: unknown) => logger.error({ err }, "catalogue index failed to build"));
  // Several instances (REDIS_URL): one rate-limit window for all of them, and catalogue changes
  // announced to the others at once (docs/decisions/094-shared-state-with-redis.md).
  const redis = config.redis ? await connectRedis(config.redis, logger) : null;
  const rateLimiter: RateLimiter = redis ? createRedisRateLimiter(redis, createMemoryRateLimiter()) : createMemoryRateLimiter();
  if (redis) await shareCatalogChanges(db, redis, logger);
  const services: Services = {
    db,
    rateLimiter,
    meter: metrics.meter,
    mediaDir: config.mediaDir,
    storage: createDiskStorage(config.uploadDir ?? path.resolve(config.mediaDir, "../uploads")),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger, outboxDir: config.mailOutboxDir }),
    logger,
    publicUrl: config.publicUrl,
    maps: config.maps,
    payments: config.yookassa ? createYookassaProvider(config.yookassa) : null,
    receiptVatCode: config.yookassa?.vatCode ?? 1,
    exchangePriceType: config.exchangePriceType ?? null,
    exchangeStepMs: config.exchangeStepMs,
    exchangeSessionMaxBytes: config.exchangeSessionMaxBytes,
    catalogHeapBytes: config.catalogHeapBytes,
  };

  // Shared pages for visitors without a session (docs/decisions/091-page-cache.md). In
  // development every edit must show at once, so nothing is kept there.
  const pageCacheBytes = dev ? 0 : (config.pageCacheBytes ?? DEFAULT_PAGE_CACHE_BYTES);
  const pageStore = pageCacheBytes > 0 ? createMemoryPageStore(pageCacheBytes) : null;
  const pageCache = pageStore ? { store: pageStore, version: () => readPageVersion(db) } : undefined;
  if (pageStore) metrics.watchPageCacheBytes(() => pageStore.bytes);
  // Documents by the hash of their loader data, for every visitor (decision 097); off in development.
  const renderMemoBytes = dev ? 0 : (config.renderMemoBytes ?? DEFAULT_RENDER_MEMO_BYTES);
  const renderMemo = renderMemoBytes > 0 ? createRenderMemo(renderMemoBytes, metrics.renderMemo) : null;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.set("query parser", "simple");

  // /metrics is no page of the shop: not timed, and like /healthz answered before the Host check
  // (a scraper asks by address); without METRICS_TOKEN the router answers it as any unknown address
  if (config.metricsToken) app.get("/metrics", metricsEndpoint(metrics.registry, config.metricsToken));
  app.use(metrics.timeRequests);
  app.get("/healthz", healthz(db));

  // before anything else: a forged Host never reaches a page, a cache or a mail link
  app.use(
    hostGuard({ publicUrl: config.publicUrl, allowedHosts: config.allowedHosts, allowLoopback: config.env !== "production", trustProxy: config.trustProxy }),
  );

  // A log line per request only when info lines are written at all: below that level pino-http
  // would still build a child logger and serialise each request for nothing (decision 091).
  // Errors are logged through req.log either way.
  const requestLog = logger.isLevelEnabled("info")
    ? pinoHttp({
        logger,
        // in development (dev) the page's modules come one by one from Vite: no log line for each
        autoLogging: {
          ignore: (req) =>
            Boolean(req.url?.startsWith("/assets/") || req.url?.startsWith("/media/") || (dev && /^\/(@|app\/|node_modules\/)/.test(req.url ?? ""))),
        },
        // method, address and status only: headers carry session cookies, which never go to logs
        serializers: {
          req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
      })
    : (req: http.IncomingMessage, _res: http.ServerResponse, next: () => void) => {
        req.log = logger;
        next();
      };
  app.use(requestLog);
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.cspNonce = newNonce();
    next();
  });
  // the contacts map uses Yandex Maps only when a key is configured; only then does CSP open to it
  const paymentPageOrigins = config.yookassa ? [...new Set([YOOKASSA_PAYMENT_PAGES, new URL(config.yookassa.apiUrl).origin])] : [];
  const yandex = config.maps.yandexKey ? YANDEX_MAPS_CSP : { script: [], img: [], connect: [], frame: [] };
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`, ...yandex.script],
          "style-src": ["'self'", "'unsafe-inline'"],
          // map tiles (MAP_TILE_URL, OpenStreetMap by default) for the contacts map
          "img-src": ["'self'", "data:", "blob:", ...[tileCspSource(config.maps.tileUrl)].filter((x): x is string => x !== null), ...yandex.img],
          "font-src": ["'self'"],
          "connect-src": ["'self'", ...yandex.connect],
          // video-site players (YouTube, Rutube, VK Video) in the product lightbox
          "frame-src": [...VIDEO_FRAME_HOSTS, ...yandex.frame],
          "frame-ancestors": ["'none'"],
          // the checkout and the order page post and are redirected (303) to the gateway's payment page
          "form-action": ["'self'", ...paymentPageOrigins],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          "upgrade-insecure-requests": null,
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: config.env === "production" && config.trustProxy ? undefined : false,
    }),
  );

  if (!dev) app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use("/media", express.static(config.mediaDir, { maxAge: "7d", index: false, fallthrough: false }));
  // In development Vite answers for the client files instead of build/client (source modules, its
  // HMR client, public/); whatever it does not know falls through to the routes, as in production.
  // Only addresses of files ask the disk: a page address (always ending in `/`) would cost a
  // failed stat on every request, which showed in the render's profile (decision 091).
  const clientFiles = express.static(clientDir, { maxAge: "1h", index: false });
  app.use(dev ? dev.middlewares : (req, res, next) => (req.path.endsWith("/") ? next() : clientFiles(req, res, next)));

  app.use(
    csrfGuard(config.allowedOrigins, (req, res) =>
      sendErrorPage(req, res, 403, "Запрос отклонён: он отправлен с другого сайта. Обновите страницу и попробуйте ещё раз."),
    ),
  );

  // One canonical address per page: `/delivery` → `/delivery/` (files such as /robots.txt and the
  // router's own /__manifest requests excepted).
  app.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.endsWith("/") || /\.[a-z0-9]+$/i.test(req.path) || req.path.startsWith("/__"))
      return next();
    const q = req.originalUrl.indexOf("?");
    // collapse leading slashes so `//evil.example` can never become an off-site redirect
    res.redirect(301, req.path.replace(/^\/+/, "/") + "/" + (q >= 0 ? req.originalUrl.slice(q) : ""));
  });

  // The back office is never indexed or cached, whatever answers (a page, a redirect, an error).
  app.use("/admin", (_req, res, next) => {
    res.set({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" });
    next();
  });

  // Imported once: a per-request dynamic import pays module resolution (file stats) every time.
  // In development Vite hands the build over per request instead, so edits apply at once; React
  // Router's "development" mode then shows error details (never outside `npm run dev`).
  const build = dev ? dev.loadBuild : await import("virtual:react-router/server-build");
  if (typeof build !== "function") metrics.knowRoutes(Object.values(build.routes).map((route) => (route?.parentId === "root" ? route.path : undefined)));
  app.all(
    "/{*path}",
    routerHandler({
      build,
      publicUrl: config.publicUrl,
      mode: dev ? "development" : config.env === "local" ? "production" : config.env,
      async getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(nonceContext, String(res.locals.cspNonce));
        context.set(renderMemoContext, renderMemo);
        context.set(clientContext, { address: req.ip ?? req.socket.remoteAddress ?? "unknown" });
        context.set(
          sessionContext,
          await loadSession(req, res, db, config.sessionSecret, {
            limiter: rateLimiter,
            address: context.get(clientContext).address,
            perAddress: config.newSessionLimit,
          }),
        );
        return context;
      },
      pageCache,
      onPageCache: metrics.pageCache,
      async isStaff(context) {
        const { userId } = context.get(sessionContext);
        return userId !== null && (await findStaffMember(db, userId)) !== null;
      },
    }),
  );

  // Errors that escape the router (a broken URL, a database outage) end here: no stack trace.
  app.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    void next;
    const status = typeof err === "object" && err && "status" in err ? Number((err as { status: unknown }).status) : 500;
    if (status === 404) return sendErrorPage(req, res, 404, NOT_FOUND_MESSAGE);
    if (status >= 400 && status < 500) return sendErrorPage(req, res, status, "Запрос не удалось разобрать. Проверьте адрес страницы.");
    if (isDatabaseUnavailable(err)) {
      req.log?.error({ err }, "database unavailable");
      res.setHeader("Retry-After", "60");
      return sendErrorPage(req, res, 503, UNAVAILABLE_MESSAGE);
    }
    req.log?.error({ err }, "unhandled error");
    sendErrorPage(req, res, 500, SERVER_ERROR_MESSAGE);
  });

  const sessionPurge = startSessionPurge(db, logger, config.sessionPurgeIntervalMs);
  const exchangeSweep = startExchangeSweep(services.storage, logger, config.exchangeSweepIntervalMs);
  const metricsListener = config.metricsPort === undefined ? null : await listenForMetrics(metrics.registry, config.metricsPort);
  return {
    app,
    db,
    logger,
    pageCache: pageStore && {
      get bytes() {
        return pageStore.bytes;
      },
      maxBytes: pageCacheBytes,
    },
    metricsPort: metricsListener?.port ?? null,
    close: async () => {
      await metricsListener?.close();
      await sessionPurge.stop();
      await exchangeSweep.stop();
      await redis?.close();
      await db.close();
    },
  };
}
