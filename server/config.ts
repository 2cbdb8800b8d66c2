// Environment is validated once at boot; a bad value stops the process with a clear message
// instead of failing later under load.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_TILE_URL, isTileUrlTemplate, isYandexMapsKey } from "../app/features/content/index.ts";
import { NEW_SESSION_LIMIT } from "./session.ts";
import { YOOKASSA_API_URL } from "./yookassa.ts";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.string().min(1).default("data/vitrina.db"),
  /** PostgreSQL schema (search_path) to use; created when missing */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, "lower-case letters, digits and _")
    .optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  MEDIA_DIR: z.string().min(1).default("data/media"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** extra origins allowed to POST (comma separated), e.g. behind a proxy with another host name */
  ALLOWED_ORIGINS: z.string().default(""),
  TRUST_PROXY: z.enum(["0", "1", "true", "false"]).default("0"),
  /** skip the demo seed on an empty database */
  SEED_DEMO: z.enum(["0", "1", "true", "false"]).default("1"),
  /** private uploads (profile files), never served as static files */
  UPLOAD_DIR: z.string().min(1).default("data/uploads"),
  /** e.g. smtps://user:pass@smtp.example.ru:465; without it mail is written to the log */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** a folder where every outgoing message is also written as a JSON file (tests, development) */
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  /** the shop's public address (scheme, host, port): every absolute URL we send out is built from it */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), "an http:// or https:// address")
    .optional(),
  /** further host names (host or host:port) this instance answers to, comma separated */
  ALLOWED_HOSTS: z.string().default(""),
  /** how long a write waits for SQLite's write lock before the visitor gets 503 */
  DB_LOCK_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** memory for shared pages of visitors without a session (decision 091); 0 turns the page cache off */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  /** memory for documents kept by the hash of their loader data (decision 097); 0 renders every page */
  RENDER_MEMO_MB: z.coerce.number().int().min(0).max(4096).default(16),
  /** new sessions per client address in 10 minutes (decision 102) */
  NEW_SESSION_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(NEW_SESSION_LIMIT),
  /** Leaflet tile template of the contacts map */
  MAP_TILE_URL: z
    .string()
    .trim()
    .refine(isTileUrlTemplate, "an http(s) tile template with {z}, {x}, {y}, e.g. https://{s}.tile.example.ru/{z}/{x}/{y}.png")
    .optional(),
  /** Yandex Maps JS API key: with it the contacts map is Yandex's instead of Leaflet */
  YANDEX_MAPS_KEY: z.string().trim().refine(isYandexMapsKey, "the API key as Yandex issues it (letters, digits, dashes)").optional(),
  /** ЮKassa shop id and secret key: with both, checkout offers «Оплата онлайн» */
  YOOKASSA_SHOP_ID: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, "the shop id from the ЮKassa cabinet (digits)")
    .optional(),
  YOOKASSA_SECRET_KEY: z.string().trim().min(8, "the secret key from the ЮKassa cabinet").optional(),
  /** the API base; tests and local trials point it at a stand-in */
  YOOKASSA_API_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), "an http:// or https:// address")
    .optional(),
  /** 54-ФЗ VAT code of the receipt lines (ЮKassa: 1 — без НДС, 2 — 0 %, 3 — 10 %, 4 — 20 %, 5 — 10/110, 6 — 20/120, 7–12 — 5 %, 7 %, 5/105, 7/107, 22 %, 22/122) */
  YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(12).default(1),
  /** /metrics on the shop's port answers only `Authorization: Bearer <METRICS_TOKEN>` */
  METRICS_TOKEN: z.string().trim().min(16, "at least 16 characters (e.g. `openssl rand -hex 24`)").optional(),
  /** /metrics without a token on 127.0.0.1:<METRICS_PORT>, for a scraper on the same machine */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** the 1C price type (its Ид or name, e.g. «Розничная») that is the shop price; unset: the first in offers.xml */
  EXCHANGE_1C_PRICE_TYPE: z.string().trim().max(200).optional(),
  /** Redis shared by several instances (decision 094): rate limits and change notices; unset: one process, as before */
  REDIS_URL: z
    .string()
    .trim()
    .refine(isRedisUrl, "a redis:// or rediss:// address, e.g. redis://127.0.0.1:6379 or redis://:password@redis.example.ru:6379/0")
    .optional(),
  /** the start of every key and channel name this shop uses in Redis, so several shops can share one */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, "1–64 letters, digits or : _ . -, e.g. vitrina:")
    .default("vitrina:"),
});

function isRedisUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "redis:" || url.protocol === "rediss:") && url.hostname !== "" && /^(\/\d{0,2})?$/.test(url.pathname);
  } catch {
    return false;
  }
}

export interface AppConfig {
  /** "local" when NODE_ENV is unset: `npm start` on a developer's machine */
  env: "production" | "development" | "test" | "local";
  port: number;
  host: string | undefined;
  databaseUrl: string;
  databaseSchema: string | undefined;
  sessionSecret: string;
  mediaDir: string;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  allowedOrigins: string[];
  trustProxy: boolean;
  seedDemo: boolean;
  /** defaults to `uploads` beside MEDIA_DIR when absent (tests build configs by hand) */
  uploadDir?: string;
  smtpUrl?: string;
  mailFrom?: string;
  /** every outgoing message is also written here as `<time>-<random>.json` ({to, subject, text, at}) */
  mailOutboxDir?: string;
  /** origin of the shop as visitors see it (`https://shop.example.ru`), without a trailing slash */
  publicUrl: string;
  /** `Host` values accepted besides publicUrl's (lower case, `host` or `host:port`) */
  allowedHosts: string[];
  maps: MapSettings;
  /** SQLite write-lock wait budget (ms); tests build configs by hand and may leave it out */
  dbLockWaitMs?: number;
  /** EXCHANGE_1C_PRICE_TYPE (decision 087) */
  exchangePriceType?: string;
  /** bytes of shared pages kept (PAGE_CACHE_MB); 0 turns the cache off; 32 MB when absent (tests build configs by hand) */
  pageCacheBytes?: number;
  /** bytes of rendered documents kept by their loader data (RENDER_MEMO_MB); 0 renders every page; 16 MB when absent */
  renderMemoBytes?: number;
  /** the work one 1C `mode=import` request does before answering `progress`; 2 s when absent (tests set it shorter) */
  exchangeStepMs?: number;
  /** the 1C exchange session's limit for its files; 256 MB when absent (tests set it smaller) */
  exchangeSessionMaxBytes?: number;
  /** the heap a catalogue must fit after a CSV import; this process's heap limit when absent (tests set it smaller) */
  catalogHeapBytes?: number;
  /** how often abandoned 1C exchange files are swept; hourly when absent (tests set it shorter) */
  exchangeSweepIntervalMs?: number;
  /** how often expired sessions are purged; hourly when absent (tests set it shorter) */
  sessionPurgeIntervalMs?: number;
  /** NEW_SESSION_LIMIT: new sessions per client address in 10 minutes; 5 000 when absent (decision 102) */
  newSessionLimit?: number;
  /** online payment through ЮKassa; absent: only payment on receipt */
  yookassa?: YookassaConfig;
  /** REDIS_URL and REDIS_PREFIX (decision 094); absent: rate limits and change notices stay in this process */
  redis?: RedisConfig;
  /** METRICS_TOKEN: /metrics on the shop's port for a Bearer request with it; absent: no /metrics there */
  metricsToken?: string;
  /** METRICS_PORT: a loopback-only /metrics listener (0: any free port, for tests); absent: none */
  metricsPort?: number;
}

export interface RedisConfig {
  url: string;
  /** every key and channel starts with it */
  prefix: string;
  /** how long a command may take before Redis counts as down for it; 250 ms when absent (tests on a loaded machine set it longer) */
  commandTimeoutMs?: number;
}

export interface YookassaConfig {
  shopId: string;
  secretKey: string;
  /** API base, no trailing slash */
  apiUrl: string;
  /** VAT code of every receipt line */
  vatCode: number;
}

export interface MapSettings {
  /** Leaflet tile template (OpenStreetMap unless MAP_TILE_URL) */
  tileUrl: string;
  /** YANDEX_MAPS_KEY; null → Leaflet */
  yandexKey: string | null;
}

const truthy = (v: string) => v === "1" || v === "true";

export function loadConfig(env: NodeJS.ProcessEnv = process.env, dataDir = "data"): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  let secret = e.SESSION_SECRET;
  if (!secret) {
    if (e.NODE_ENV === "production") {
      throw new Error("Invalid environment:\n  SESSION_SECRET: required in production (32+ characters)");
    }
    secret = localSecret(dataDir);
  }
  if (!e.PUBLIC_URL && e.NODE_ENV === "production") {
    throw new Error("Invalid environment:\n  PUBLIC_URL: required in production (the shop's address, e.g. https://shop.example.ru)");
  }
  // Locally the address is the one `npm start` prints; a wildcard bind is reached as localhost.
  const localHost = !e.HOST || e.HOST === "0.0.0.0" || e.HOST === "::" ? "localhost" : e.HOST.includes(":") ? `[${e.HOST}]` : e.HOST;
  if (Boolean(e.YOOKASSA_SHOP_ID) !== Boolean(e.YOOKASSA_SECRET_KEY)) {
    throw new Error("Invalid environment:\n  YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY: set both for online payment, or neither");
  }
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://${localHost}:${e.PORT}`).origin;
  return {
    env: e.NODE_ENV ?? "local",
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    sessionSecret: secret,
    mediaDir: path.resolve(e.MEDIA_DIR),
    logLevel: e.LOG_LEVEL,
    allowedOrigins: e.ALLOWED_ORIGINS.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: truthy(e.TRUST_PROXY),
    seedDemo: truthy(e.SEED_DEMO),
    uploadDir: path.resolve(e.UPLOAD_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailOutboxDir: e.MAIL_OUTBOX_DIR ? path.resolve(e.MAIL_OUTBOX_DIR) : undefined,
    publicUrl,
    allowedHosts: e.ALLOWED_HOSTS.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    dbLockWaitMs: e.DB_LOCK_WAIT_MS,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    renderMemoBytes: e.RENDER_MEMO_MB * 1024 * 1024,
    newSessionLimit: e.NEW_SESSION_LIMIT,
    exchangePriceType: e.EXCHANGE_1C_PRICE_TYPE || undefined,
    maps: { tileUrl: e.MAP_TILE_URL || DEFAULT_TILE_URL, yandexKey: e.YANDEX_MAPS_KEY || null },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    metricsToken: e.METRICS_TOKEN || undefined,
    metricsPort: e.METRICS_PORT,
    yookassa:
      e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY
        ? {
            shopId: e.YOOKASSA_SHOP_ID,
            secretKey: e.YOOKASSA_SECRET_KEY,
            apiUrl: (e.YOOKASSA_API_URL ?? YOOKASSA_API_URL).replace(/\/+$/, ""),
            vatCode: e.YOOKASSA_VAT_CODE,
          }
        : undefined,
  };
}

/** Outside production a secret is generated once and kept in data/, so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
