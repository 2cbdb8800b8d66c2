// A Kysely SQLite driver (better-sqlite3) that never blocks the event loop on a lock.
//
// better-sqlite3 is synchronous: with a long `busy_timeout`, a write that meets another
// process's lock sleeps inside SQLite and the whole server stops. Here `busy_timeout` stays a
// couple of milliseconds and a statement that still gets SQLITE_BUSY is retried with
// asynchronous backoff until the wait budget runs out (then DatabaseBusyError). Mirrors Kysely's
// own SqliteDriver/SqliteConnection; see docs/decisions/042-sqlite-locks.md.
//
// - One better-sqlite3 connection. Kysely is told the adapter supports several connections, so
//   it does not hold its connection mutex while a write waits; instead every acquire gets a light
//   handle and the driver keeps the rule that matters: while a transaction is open, only its
//   handle may use the connection (others wait for it, within their own budget).
// - Transactions begin with BEGIN IMMEDIATE (retried while busy), so the write lock is held from
//   the start and statements inside never meet SQLITE_BUSY(_SNAPSHOT) half-way; they are not
//   retried. COMMIT is retried on SQLITE_BUSY (the transaction stays open when COMMIT is busy).
// - Autocommit statements are retried: a statement that failed with SQLITE_BUSY changed nothing.
// - Waiting writers queue in one FIFO lane: only its head polls the lock, so a hundred waiting
//   requests cost one lock attempt per backoff step, and they get the lock in arrival order.
import type BetterSqlite3 from "better-sqlite3";
import {
  type CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type AbortableOperationOptions,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import { DatabaseBusyError } from "./database-errors.ts";

/** SQLite's own busy handler may sleep this long (it blocks the event loop) before we retry. */
export const SQLITE_BUSY_TIMEOUT_MS = 2;
/** How long a statement or transaction may wait for the write lock in total. */
export const DEFAULT_LOCK_WAIT_MS = 5_000;
const FIRST_BACKOFF_MS = 2;
const MAX_BACKOFF_MS = 100;

/** Reported when an operation starts waiting for the lock and when the wait ends. */
export type LockWaitEvent = { state: "waiting" } | { state: "done"; acquired: boolean; waitedMs: number };

export interface SqliteLockOptions {
  lockWaitMs?: number;
  onLockWait?: (event: LockWaitEvent) => void;
}

const now = () => performance.now();

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function busyError(waitedMs: number, cause: unknown, what = "the write lock"): DatabaseBusyError {
  return new DatabaseBusyError(`database is locked: waited ${Math.round(waitedMs)} ms for ${what}`, { cause });
}

/** A FIFO async mutex whose waiters give up at their own deadline. */
class Lane {
  #held = false;
  #queue: { go: () => void }[] = [];

  get occupied(): boolean {
    return this.#held || this.#queue.length > 0;
  }

  enter(deadline: number, started: number): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        go: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(
        () => {
          this.#queue.splice(this.#queue.indexOf(entry), 1);
          reject(busyError(now() - started, undefined, "the writers ahead of it"));
        },
        Math.max(0, deadline - now()),
      );
      this.#queue.push(entry);
    });
  }

  leave(): void {
    const next = this.#queue.shift();
    if (next) next.go();
    else this.#held = false;
  }
}

class LockWaitingConnection implements DatabaseConnection {
  readonly #driver: LockWaitingSqliteDriver;
  constructor(driver: LockWaitingSqliteDriver) {
    this.#driver = driver;
  }

  executeQuery<R>(compiledQuery: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
    return this.#driver.execute<R>(this, compiledQuery, options?.signal);
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize: number, options?: AbortableOperationOptions): AsyncIterableIterator<QueryResult<R>> {
    // Rows are read in one go: an open better-sqlite3 iterator would lock the shared connection
    // across awaits. Nothing in the shop streams; this keeps the interface complete.
    const { rows } = await this.#driver.execute<R>(this, compiledQuery, options?.signal);
    const size = Math.max(1, chunkSize);
    for (let i = 0; i < rows.length; i += size) yield { rows: rows.slice(i, i + size) };
  }
}

const STATEMENT_CACHE_SIZE = 500;

export class LockWaitingSqliteDriver implements Driver {
  readonly #db: BetterSqlite3.Database;
  readonly #waitMs: number;
  readonly #onLockWait: ((event: LockWaitEvent) => void) | undefined;
  readonly #lane = new Lane();
  /** the handle whose transaction is open on the connection */
  #owner: LockWaitingConnection | null = null;
  #ownerWaiters = new Set<() => void>();
  /**
   * Prepared statements by SQL text: a page runs the same few dozen queries on every request,
   * and preparing (parsing and planning) each one again showed in the render's CPU profile
   * (decision 091). Statements run to completion synchronously, so one is never used twice at
   * once; SQLite re-prepares a cached one itself after a schema change. Bounded: SQL with
   * varying IN lists would otherwise grow it without end.
   */
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  constructor(db: BetterSqlite3.Database, options: SqliteLockOptions = {}) {
    this.#db = db;
    this.#waitMs = options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS;
    this.#onLockWait = options.onLockWait;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new LockWaitingConnection(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // a transaction left open (never committed or rolled back) must not keep the connection
    if (this.#owner !== connection) return;
    try {
      if (this.#db.inTransaction) this.#db.exec("rollback");
    } finally {
      this.#release();
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const conn = connection as LockWaitingConnection;
    // a read-only transaction needs no write lock; everything else takes it up front
    const begin = settings.accessMode === "read only" ? "begin" : "begin immediate";
    await this.#whenBusyRetry(conn, true, undefined, () => {
      this.#db.exec(begin);
      this.#owner = conn;
    });
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#assertOwner(connection);
    const started = now();
    const deadline = started + this.#waitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        this.#db.exec("commit");
        break;
      } catch (err) {
        // A busy COMMIT leaves the transaction open and may be retried. On any failure the
        // connection stays ours: Kysely calls rollbackTransaction next, which releases it.
        if (!isBusy(err) || !this.#db.inTransaction) throw err;
        const left = deadline - now();
        if (left <= 0) throw busyError(now() - started, err, "COMMIT");
        await sleep(Math.min(backoff(attempt), left), undefined);
      }
    }
    this.#release();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#owner !== connection) return;
    try {
      // SQLite may already have rolled back on its own (SQLITE_FULL, SQLITE_IOERR, …)
      if (this.#db.inTransaction) this.#db.exec("rollback");
    } finally {
      this.#release();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#ownExec(connection, `savepoint ${quoteIdentifier(name)}`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#ownExec(connection, `rollback to ${quoteIdentifier(name)}`);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.#ownExec(connection, `release ${quoteIdentifier(name)}`);
  }

  async destroy(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }

  /** Runs one compiled query: directly inside the handle's transaction, else with lock retries. */
  async execute<R>(conn: LockWaitingConnection, compiled: CompiledQuery, signal: AbortSignal | undefined): Promise<QueryResult<R>> {
    if (this.#owner === conn) return this.#run<R>(this.#prepare(compiled.sql), compiled.parameters);
    let stmt: BetterSqlite3.Statement | undefined;
    const attempt = () => {
      stmt ??= this.#prepare(compiled.sql);
      return this.#run<R>(stmt, compiled.parameters);
    };
    let writer = true;
    try {
      stmt = this.#prepare(compiled.sql);
      writer = !stmt.reader;
    } catch (err) {
      if (!isBusy(err)) throw err;
    }
    return this.#whenBusyRetry(conn, writer, signal, attempt);
  }

  #prepare(sql: string): BetterSqlite3.Statement {
    let stmt = this.#statements.get(sql);
    if (!stmt) {
      stmt = this.#db.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear();
      this.#statements.set(sql, stmt);
    }
    return stmt;
  }

  /**
   * The write probe of the health check: BEGIN IMMEDIATE, the given write, ROLLBACK, all in one
   * synchronous step, waiting at most `budgetMs` for the lock. Throws what the database said.
   */
  async probeWrite(sql: string, budgetMs: number): Promise<void> {
    const started = now();
    const deadline = started + budgetMs;
    for (let attempt = 0; ; attempt++) {
      while (this.#owner) await this.#ownerReleased(deadline, started);
      try {
        this.#db.exec("begin immediate");
      } catch (err) {
        if (!isBusy(err) || this.#db.inTransaction) throw err;
        const left = deadline - now();
        if (left <= 0) throw busyError(now() - started, err);
        await sleep(Math.min(backoff(attempt), left), undefined);
        continue;
      }
      try {
        this.#db.prepare(sql).run();
        return;
      } finally {
        if (this.#db.inTransaction) this.#db.exec("rollback");
      }
    }
  }

  /**
   * Runs `attempt` once the connection is not inside another handle's transaction; on
   * SQLITE_BUSY waits in the lane and retries with backoff until the budget is spent.
   */
  async #whenBusyRetry<T>(conn: LockWaitingConnection, writer: boolean, signal: AbortSignal | undefined, attempt: () => T): Promise<T> {
    const started = now();
    const deadline = started + this.#waitMs;
    let lastBusy: unknown;
    // fast path: nobody is waiting for the lock ahead of us (readers never queue behind writers)
    while (this.#blocked(conn)) await this.#ownerReleased(deadline, started);
    if (!(writer && this.#lane.occupied)) {
      try {
        return attempt();
      } catch (err) {
        if (!this.#retryable(err)) throw err;
        lastBusy = err;
      }
    }
    this.#onLockWait?.({ state: "waiting" });
    let acquired = false;
    try {
      await this.#lane.enter(deadline, started);
      try {
        for (let n = 0; ; n++) {
          signal?.throwIfAborted();
          while (this.#blocked(conn)) await this.#ownerReleased(deadline, started);
          try {
            const result = attempt();
            acquired = true;
            return result;
          } catch (err) {
            if (!this.#retryable(err)) throw err;
            lastBusy = err;
          }
          const left = deadline - now();
          if (left <= 0) throw busyError(now() - started, lastBusy);
          await sleep(Math.min(backoff(n), left), signal);
        }
      } finally {
        this.#lane.leave();
      }
    } finally {
      this.#onLockWait?.({ state: "done", acquired, waitedMs: now() - started });
    }
  }

  /** A busy autocommit statement changed nothing and may run again; inside a transaction, never. */
  #retryable(err: unknown): boolean {
    return isBusy(err) && !this.#db.inTransaction;
  }

  /** True while another handle has a transaction open on the connection. */
  #blocked(conn: LockWaitingConnection): boolean {
    return this.#owner !== null && this.#owner !== conn;
  }

  /**
   * Resolves when the open transaction ends (or rejects at the deadline). Callers loop on
   * `while (blocked) await …` and run their statement right after the check, with no await in
   * between: another waiter may have begun a transaction in the meantime.
   */
  #ownerReleased(deadline: number, started: number): Promise<void> {
    const left = deadline - now();
    if (left <= 0) return Promise.reject(busyError(now() - started, undefined, "a transaction of this process"));
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#ownerWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, left);
      this.#ownerWaiters.add(done);
    });
  }

  #release(): void {
    this.#owner = null;
    for (const wake of [...this.#ownerWaiters]) wake();
  }

  #assertOwner(connection: DatabaseConnection): void {
    if (this.#owner !== connection) throw new Error("this connection has no open transaction");
  }

  #ownExec(connection: DatabaseConnection, sql: string): void {
    this.#assertOwner(connection);
    this.#db.exec(sql);
  }

  #run<R>(stmt: BetterSqlite3.Statement, parameters: readonly unknown[]): QueryResult<R> {
    if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return {
      insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
      numAffectedRows: changes != null ? BigInt(changes) : undefined,
      rows: [],
    };
  }
}

function backoff(attempt: number): number {
  const base = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt);
  return base * (0.75 + Math.random() * 0.5);
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

class MultiHandleSqliteAdapter extends SqliteAdapter {
  // One connection underneath, but the driver serialises transactions itself; Kysely's own
  // connection mutex would make every query wait behind a write that is waiting for the lock.
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's SqliteDialect with the lock-waiting driver. */
export class LockWaitingSqliteDialect implements Dialect {
  readonly driver: LockWaitingSqliteDriver;
  constructor(driver: LockWaitingSqliteDriver) {
    this.driver = driver;
  }
  createDriver(): Driver {
    return this.driver;
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new MultiHandleSqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
