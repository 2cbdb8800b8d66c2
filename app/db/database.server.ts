import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { Kysely, PostgresDialect, sql } from "kysely";
import type { Database } from "./schema.ts";
import { dialectOf, sqlitePathOf, type Dialect } from "./dialect.ts";
import { healthOfError } from "./database-errors.ts";
import { LockWaitingSqliteDialect, LockWaitingSqliteDriver, SQLITE_BUSY_TIMEOUT_MS, type LockWaitEvent } from "./sqlite-driver.server.ts";

export type { LockWaitEvent } from "./sqlite-driver.server.ts";

/** What the health check found: writable, write lock not to be had, read-only, or unreachable. */
export type DbHealth = "ok" | "locked" | "read-only" | "down";

/** How long the health check waits for the write lock (it must answer within a second). */
export const HEALTH_WAIT_MS = 500;

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** the PostgreSQL schema in use, when one was given */
  schema: string | undefined;
  /** SQLite: the database file, for a second connection of its own (a worker thread); null for `:memory:` and PostgreSQL */
  file: string | null;
  /** the URL it was opened with: a worker thread opens PostgreSQL's connection of its own with it and `schema` */
  url: string;
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
  /**
   * Whether a write would go through now: a write probe in a transaction that is rolled back,
   * waiting at most HEALTH_WAIT_MS for locks. Concurrent calls share one probe.
   */
  health(): Promise<DbHealth>;
  /**
   * SQLite: called when a statement or transaction starts waiting for the write lock and when
   * the wait ends (for logs and tests). PostgreSQL waits inside the server: never called.
   * Returns the unsubscribe function.
   */
  onLockWait(listener: (event: LockWaitEvent) => void): () => void;
  close(): Promise<void>;
}

// int8 (bigint) comes back from pg as a string; our bigints are kopecks and epoch ms, far
// below 2^53, so numbers are exact and keep one code path for both dialects.
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  /** PostgreSQL schema to use (tests give each run its own); created when missing */
  schema?: string;
  poolSize?: number;
  /** SQLite: how long a statement or transaction may wait for the write lock (default 5 s) */
  lockWaitMs?: number;
  /** PostgreSQL: an idle pooled connection broke (a server restart); the pool opens a new one when next asked */
  onConnectionLost?: (err: Error) => void;
}

// The probe write: touches no row, but SQLite and PostgreSQL both treat it as a write (it needs
// the write lock and fails on a read-only database or transaction).
const WRITE_PROBE = "update sessions set id = id where 1 = 0";

export function openDatabase(url: string, options: OpenOptions = {}): Db {
  const dialect = dialectOf(url);
  let kysely: Kysely<Database>;
  let probe: () => Promise<DbHealth>;
  let closeDriver = () => Promise.resolve();
  let sqliteFile: string | null = null;
  const lockListeners = new Set<(event: LockWaitEvent) => void>();
  if (dialect === "postgres") {
    const pool = new pg.Pool({ ...pgConnection(url, options.schema), max: options.poolSize ?? 10 });
    // A restarted server ends the idle connections, and the pool reports that as an 'error'
    // event: unheard, Node would end the whole process. The pool has dropped the connection
    // already; requests meanwhile get the 503 page, and the next query connects afresh.
    pool.on("error", (err) => options.onConnectionLost?.(err));
    // A connection handed out (a transaction between two statements) has no listener of the
    // pool's: its end would be fatal too. The statement in flight or the next one fails instead
    // (→ 503), and the pool drops the connection when it comes back.
    pool.on("connect", (client) => client.on("error", () => undefined));
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    probe = () => pgHealth(kysely);
  } else {
    const file = sqlitePathOf(url);
    if (file !== ":memory:") {
      fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      sqliteFile = path.resolve(file);
    }
    const conn = new SQLite(file);
    // opening may meet another process's lock; nothing is served yet, so waiting here is fine
    conn.pragma("busy_timeout = 5000");
    conn.pragma("journal_mode = WAL");
    conn.pragma("foreign_keys = ON");
    conn.pragma("synchronous = NORMAL");
    // from now on waits for the lock are asynchronous (sqlite-driver.server.ts)
    conn.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    const driver = new LockWaitingSqliteDriver(conn, {
      lockWaitMs: options.lockWaitMs,
      onLockWait: (event) => {
        for (const listener of lockListeners) listener(event);
      },
    });
    kysely = new Kysely<Database>({ dialect: new LockWaitingSqliteDialect(driver) });
    probe = () => driver.probeWrite(WRITE_PROBE, HEALTH_WAIT_MS).then(() => "ok" as const, healthOfError);
    // Kysely destroys a driver only if a query ever ran; the file must be closed either way
    closeDriver = () => driver.destroy();
  }
  let inflight: Promise<DbHealth> | null = null;
  return {
    kysely,
    dialect,
    schema: dialect === "postgres" ? options.schema : undefined,
    file: sqliteFile,
    url,
    async ping() {
      try {
        await sql`select 1`.execute(kysely);
        return true;
      } catch {
        return false;
      }
    },
    health() {
      inflight ??= probe().finally(() => {
        inflight = null;
      });
      return inflight;
    },
    onLockWait(listener) {
      lockListeners.add(listener);
      return () => lockListeners.delete(listener);
    },
    async close() {
      await kysely.destroy();
      await closeDriver();
    },
  };
}

/**
 * pg connection settings. `options` given in the URL (e.g. `?options=-c%20statement_timeout%3D5s`)
 * are kept and joined with the schema's search_path: pg would let the URL's options silently
 * replace the search_path given beside it.
 */
function pgConnection(url: string, schema: string | undefined): pg.PoolConfig {
  const parts: string[] = [];
  let connectionString = url;
  const parsed = URL.canParse(url) ? new URL(url) : null;
  const fromUrl = parsed?.searchParams.get("options");
  if (parsed && fromUrl) {
    parts.push(fromUrl);
    parsed.searchParams.delete("options");
    connectionString = parsed.toString();
  }
  if (schema) parts.push(`-c search_path=${schema}`);
  return { connectionString, options: parts.length ? parts.join(" ") : undefined };
}

/**
 * PostgreSQL write probe: in a transaction that is always rolled back, with lock and statement
 * timeouts, a read-only session or server (hot standby, default_transaction_read_only) answers
 * "read-only", a table lock held by someone else "locked", a broken connection "down".
 */
async function pgHealth(kysely: Kysely<Database>): Promise<DbHealth> {
  const check = (async (): Promise<DbHealth> => {
    const trx = await kysely.startTransaction().execute();
    try {
      await sql`select set_config('lock_timeout', ${String(HEALTH_WAIT_MS)}, true), set_config('statement_timeout', ${String(2 * HEALTH_WAIT_MS)}, true)`.execute(
        trx,
      );
      const { rows } = await sql<{ read_only: string }>`select current_setting('transaction_read_only') as read_only`.execute(trx);
      if (rows[0]?.read_only === "on") return "read-only";
      await sql.raw(WRITE_PROBE).execute(trx);
      return "ok";
    } finally {
      await trx.rollback().execute();
    }
  })().catch(healthOfError);
  // a pool with no free client, or a server that does not answer, must not hold the check up
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DbHealth>((resolve) => {
    timer = setTimeout(() => resolve("down"), 2 * HEALTH_WAIT_MS);
  });
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The advisory lock that migrations and schema drops take in turn (migrate.server.ts). */
export const PG_MIGRATION_LOCK = 7_241_900_001;

/** Creates a PostgreSQL schema if it is missing (used for per-run test isolation). */
export async function ensurePgSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema if not exists ${schema}`);
  } finally {
    await client.end();
  }
}

export async function dropPgSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // not while a migration reads the catalogue (migrate.server.ts): it would fail on this schema
    await client.query("select pg_advisory_lock($1)", [PG_MIGRATION_LOCK]);
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.query("select pg_advisory_unlock($1)", [PG_MIGRATION_LOCK]);
  } finally {
    await client.end();
  }
}
