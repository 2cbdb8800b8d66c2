import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import type { Database } from "./schema.ts";
import { dialectOf, sqlitePathOf, type Dialect } from "./dialect.ts";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** the PostgreSQL schema in use, when one was given */
  schema: string | undefined;
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// int8 (bigint) comes back from pg as a string; our bigints are kopecks and epoch ms, far
// below 2^53, so numbers are exact and keep one code path for both dialects.
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  /** PostgreSQL schema to use (tests give each run its own); created when missing */
  schema?: string;
  poolSize?: number;
}

export function openDatabase(url: string, options: OpenOptions = {}): Db {
  const dialect = dialectOf(url);
  let kysely: Kysely<Database>;
  if (dialect === "postgres") {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
    });
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    const file = sqlitePathOf(url);
    if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const conn = new SQLite(file);
    conn.pragma("journal_mode = WAL");
    conn.pragma("busy_timeout = 5000");
    conn.pragma("foreign_keys = ON");
    conn.pragma("synchronous = NORMAL");
    kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: conn }) });
  }
  return {
    kysely,
    dialect,
    schema: dialect === "postgres" ? options.schema : undefined,
    async ping() {
      try {
        await sql`select 1`.execute(kysely);
        return true;
      } catch {
        return false;
      }
    },
    close: () => kysely.destroy(),
  };
}

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
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}
