// Starts the real built server (build/server/index.js) on a random port with a fresh
// database per worker: a SQLite file, or a PostgreSQL schema when TEST_DATABASE_URL is set.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as AppModule from "../../server/app.ts";
import type { AppConfig } from "../../server/config.ts";
import type { Dialect } from "../../app/db/dialect.ts";
import { dropPgSchema } from "../../app/db/database.server.ts";
import { DEFAULT_TILE_URL } from "../../app/features/content/map-tiles.ts";
import { staleBuildReason } from "./build-freshness.ts";
import { linkSeedPictures } from "./seed-pictures.ts";
import type { migrateTo } from "../../app/db/migrate.server.ts";

/** a migration's name, for a test that starts from the schema before a later one */
type MigrationName = Parameters<typeof migrateTo>[1];

const root = path.resolve(import.meta.dirname, "../..");
export const MEDIA_DIR = path.join(root, "data/test-media");

/** PUBLIC_URL of every test server (requests go to 127.0.0.1:<port>, which is allowed locally) */
export const TEST_PUBLIC_URL = "http://vitrina.test";

export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestApp {
  /** where the test server listens (http://127.0.0.1:<port>) */
  url: string;
  /** its configured PUBLIC_URL: every absolute URL it sends out starts with this */
  publicUrl: string;
  vitrina: AppModule.VitrinaApp;
  /** the configuration the app was started with (its database URL and schema) */
  config: AppConfig;
  /** where this app writes its outgoing mail (MAIL_OUTBOX_DIR); read it with tests/support/outbox.ts */
  mailOutboxDir: string;
  stop(): Promise<void>;
}

const outboxes = new Map<string, string>();

/** The mail outbox of the test app listening at `url` (for helpers that only know the address). */
export function mailOutboxOf(url: string): string {
  const dir = outboxes.get(url);
  if (!dir) throw new Error(`no test app with a mail outbox at ${url}`);
  return dir;
}

let counter = 0;

/**
 * A media folder of one test file's own, for tests that count the files the shop writes there
 * (uploads) while other files' apps upload into the shared MEDIA_DIR at the same time. The demo
 * pictures already drawn in MEDIA_DIR are linked in, so the seed finds them and draws nothing.
 */
export function privateMediaDir(name: string): string {
  const dir = path.join(root, "data", `test-media-${name}-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  linkSeedPictures(MEDIA_DIR, dir);
  return dir;
}

export function testConfig(dialect: Dialect, overrides: Partial<AppConfig> = {}): AppConfig {
  const worker = process.env.VITEST_POOL_ID ?? "0";
  const tag = `${process.pid}_${worker}_${++counter}`;
  let databaseUrl: string;
  let databaseSchema: string | undefined;
  if (dialect === "postgres") {
    databaseUrl = process.env.TEST_DATABASE_URL!;
    databaseSchema = `vitrina_test_${tag}`;
  } else {
    const dir = path.join(root, "data/test-db");
    fs.mkdirSync(dir, { recursive: true });
    databaseUrl = path.join(dir, `w${tag}.db`);
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(databaseUrl + suffix, { force: true });
  }
  return {
    env: "test",
    port: 0,
    host: "127.0.0.1",
    databaseUrl,
    databaseSchema,
    sessionSecret: "test-secret-test-secret-test-secret-0123",
    mediaDir: MEDIA_DIR,
    logLevel: "silent",
    allowedOrigins: [],
    trustProxy: false,
    seedDemo: true,
    // the configured public address: absolute URLs in pages and mails must use it, whatever Host says
    publicUrl: TEST_PUBLIC_URL,
    allowedHosts: [],
    maps: { tileUrl: DEFAULT_TILE_URL, yandexKey: null },
    // every app gets its own outbox, so tests read only their own mail
    mailOutboxDir: path.join(root, "data/test-outbox", tag),
    ...overrides,
  };
}

/**
 * The built app of `from` (this checkout by default). A build older than the source is refused:
 * the tests would pass on code that no longer exists (Vitest's global setup rebuilds it first).
 */
export async function loadAppModule(from = root): Promise<typeof AppModule> {
  const stale = staleBuildReason(from);
  if (stale) throw new Error(stale);
  return (await import(pathToFileURL(path.join(from, "build/server/index.js")).href)) as typeof AppModule;
}

export async function startTestApp(dialect: Dialect, overrides: Partial<AppConfig> = {}, options: AppModule.CreateAppOptions = {}): Promise<TestApp> {
  const { createApp } = await loadAppModule();
  const config = testConfig(dialect, overrides);
  const vitrina = await createApp(config, options);
  const server = http.createServer({ maxHeaderSize: 96 * 1024 }, vitrina.app); // as server/main.ts
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const mailOutboxDir = config.mailOutboxDir!;
  outboxes.set(url, mailOutboxDir);
  return {
    url,
    publicUrl: config.publicUrl,
    vitrina,
    config,
    mailOutboxDir,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await vitrina.close();
      outboxes.delete(url);
      if (!overrides.mailOutboxDir) fs.rmSync(mailOutboxDir, { recursive: true, force: true });
      if (config.databaseSchema) await dropPgSchema(config.databaseUrl, config.databaseSchema);
      else for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(config.databaseUrl + suffix, { force: true });
    },
  };
}

/** A migrated, empty database for domain tests (up to `upTo` for a migration's test); drop() removes it. */
export async function openTestDb(dialect: Dialect, upTo?: MigrationName) {
  const { openDatabase, ensurePgSchema } = await import("../../app/db/database.server.ts");
  const { migrateTo, migrateToLatest } = await import("../../app/db/migrate.server.ts");
  const config = testConfig(dialect);
  if (config.databaseSchema) await ensurePgSchema(config.databaseUrl, config.databaseSchema);
  const db = openDatabase(config.databaseUrl, { schema: config.databaseSchema });
  await (upTo ? migrateTo(db, upTo) : migrateToLatest(db));
  return {
    db,
    async drop() {
      await db.close();
      if (config.databaseSchema) await dropPgSchema(config.databaseUrl, config.databaseSchema);
      else for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(config.databaseUrl + suffix, { force: true });
    },
  };
}
