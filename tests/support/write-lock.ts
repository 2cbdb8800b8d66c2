// Holds the database's write lock from outside the server under test: on SQLite a child process
// with BEGIN EXCLUSIVE on the same file, on PostgreSQL another connection holding an EXCLUSIVE
// lock on the sessions table (reads go on, writes to it wait).
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";
import type { AppConfig } from "../../server/config.ts";
import { dialectOf } from "../../app/db/dialect.ts";

export interface WriteLock {
  /** true until the holder has actually let the lock go */
  readonly held: boolean;
  /** Lets the lock go `afterMs` after the holder gets the word; resolves once it is released. */
  release(afterMs?: number): Promise<void>;
}

export function holdWriteLock(config: Pick<AppConfig, "databaseUrl" | "databaseSchema">): Promise<WriteLock> {
  return dialectOf(config.databaseUrl) === "postgres" ? holdPgLock(config.databaseUrl, config.databaseSchema) : holdSqliteLock(config.databaseUrl);
}

async function holdSqliteLock(file: string): Promise<WriteLock> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "sqlite-lock-holder.ts"), file], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = readline.createInterface({ input: child.stdout });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  let held = false;
  let releasing: Promise<void> | null = null;
  const released = new Promise<void>((resolve, reject) => {
    lines.on("line", (line) => {
      if (line === "released") {
        held = false;
        resolve();
      }
    });
    child.on("exit", (code) => (held ? reject(new Error(`the lock holder exited with ${code}`)) : resolve()));
  });
  await new Promise<void>((resolve, reject) => {
    lines.on("line", (line) => {
      if (line === "locked") {
        held = true;
        resolve();
      }
    });
    child.on("exit", (code) => reject(new Error(`the lock holder exited with ${code} before locking`)));
  });
  return {
    get held() {
      return held;
    },
    release(afterMs = 0) {
      releasing ??= (async () => {
        child.stdin.end(`release ${afterMs}\n`);
        await released;
        await exited;
      })();
      return releasing;
    },
  };
}

async function holdPgLock(url: string, schema: string | undefined): Promise<WriteLock> {
  const client = new pg.Client({ connectionString: url, options: schema ? `-c search_path=${schema}` : undefined });
  await client.connect();
  await client.query("begin");
  await client.query("lock table sessions in exclusive mode");
  let held = true;
  let releasing: Promise<void> | null = null;
  return {
    get held() {
      return held;
    },
    release(afterMs = 0) {
      releasing ??= (async () => {
        if (afterMs) await new Promise((resolve) => setTimeout(resolve, afterMs));
        await client.query("rollback");
        held = false;
        await client.end();
      })();
      return releasing;
    },
  };
}
