// isDatabaseUnavailable and healthOfError against errors really produced by better-sqlite3 and pg.
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseBusyError, healthOfError, isDatabaseUnavailable } from "./database-errors.ts";
import { dropPgSchema, ensurePgSchema, openDatabase } from "./database.server.ts";

const dir = path.resolve(import.meta.dirname, "../../data/test-db");

/** The error `fn` throws or rejects with. */
async function errorOf(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected an error");
}

describe("database errors from better-sqlite3", () => {
  const file = path.join(dir, `errors-${process.pid}.db`);
  let a: SQLite.Database;
  let b: SQLite.Database;

  beforeAll(() => {
    fs.mkdirSync(dir, { recursive: true });
    a = new SQLite(file);
    a.pragma("journal_mode = WAL");
    a.exec("create table t (x text unique)");
    b = new SQLite(file);
    b.pragma("busy_timeout = 0");
  });
  afterAll(() => {
    a.close();
    b.close();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  });

  it("SQLITE_BUSY: another connection holds the write lock", async () => {
    a.exec("begin exclusive");
    try {
      const err = await errorOf(() => b.prepare("insert into t values ('busy')").run());
      expect(err).toMatchObject({ code: "SQLITE_BUSY" });
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(healthOfError(err)).toBe("locked");
    } finally {
      a.exec("rollback");
    }
  });

  it("SQLITE_BUSY_SNAPSHOT: a deferred transaction whose snapshot went stale tries to write", async () => {
    b.exec("begin");
    try {
      b.prepare("select count(*) from t").get();
      a.prepare("insert into t values ('newer')").run();
      const err = await errorOf(() => b.prepare("insert into t values ('stale')").run());
      expect(err).toMatchObject({ code: "SQLITE_BUSY_SNAPSHOT" });
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      b.exec("rollback");
    }
  });

  it("DatabaseBusyError: the driver's wait budget ran out", async () => {
    const db = openDatabase(file, { lockWaitMs: 50 });
    a.exec("begin exclusive");
    try {
      const err = await errorOf(() =>
        db.kysely
          .insertInto("t" as never)
          .values({ x: "late" } as never)
          .execute(),
      );
      expect(err).toBeInstanceOf(DatabaseBusyError);
      expect((err as Error).cause).toMatchObject({ code: "SQLITE_BUSY" });
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(healthOfError(err)).toBe("locked");
    } finally {
      a.exec("rollback");
      await db.close();
    }
  });

  it("SQLITE_READONLY: query_only, and a connection opened read-only", async () => {
    b.pragma("query_only = ON");
    const queryOnly = await errorOf(() => b.prepare("insert into t values ('ro')").run());
    b.pragma("query_only = OFF");
    const ro = new SQLite(file, { readonly: true });
    const readonlyFile = await errorOf(() => ro.prepare("insert into t values ('ro')").run());
    ro.close();
    for (const err of [queryOnly, readonlyFile]) {
      expect(err).toMatchObject({ code: "SQLITE_READONLY" });
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(healthOfError(err)).toBe("read-only");
    }
  });

  it("SQLITE_FULL and SQLITE_CANTOPEN are outages too", async () => {
    const mem = new SQLite(":memory:");
    mem.exec("create table t (x text)");
    mem.pragma("max_page_count = 2");
    const full = await errorOf(() => {
      for (let i = 0; i < 100; i++) mem.prepare("insert into t values (?)").run("x".repeat(1000));
    });
    mem.close();
    const cantOpen = await errorOf(() => new SQLite(path.join(dir, "no-such-file.db"), { fileMustExist: true }));
    expect(full).toMatchObject({ code: "SQLITE_FULL" });
    expect(cantOpen).toMatchObject({ code: "SQLITE_CANTOPEN" });
    for (const err of [full, cantOpen]) {
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(healthOfError(err)).toBe("down");
    }
  });

  it("bugs and bad input are not outages", async () => {
    a.prepare("insert into t values ('dup')").run();
    const constraint = await errorOf(() => a.prepare("insert into t values ('dup')").run());
    const syntax = await errorOf(() => a.prepare("selec 1"));
    expect(constraint).toMatchObject({ code: "SQLITE_CONSTRAINT_UNIQUE" });
    expect(syntax).toMatchObject({ code: "SQLITE_ERROR" });
    for (const err of [constraint, syntax]) expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  describe("database errors from pg", () => {
    const schema = `vitrina_test_errors_${process.pid}`;
    const client = () => new pg.Client({ connectionString: pgUrl, options: `-c search_path=${schema}` });
    let a: pg.Client;
    let b: pg.Client;

    beforeAll(async () => {
      await ensurePgSchema(pgUrl, schema);
      a = client();
      b = client();
      await a.connect();
      await b.connect();
      await a.query("create table t (x text unique)");
    });
    afterAll(async () => {
      await a.end();
      await b.end();
      await dropPgSchema(pgUrl, schema);
    });

    it("25006: a write in a read-only transaction", async () => {
      await a.query("begin read only");
      const err = await errorOf(() => a.query("insert into t values ('ro')"));
      await a.query("rollback");
      expect(err).toMatchObject({ code: "25006" });
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(healthOfError(err)).toBe("read-only");
    });

    it("55P03: a lock that could not be had within lock_timeout (or NOWAIT)", async () => {
      await b.query("begin");
      await b.query("lock table t in access exclusive mode");
      try {
        await a.query("begin");
        await a.query("set local lock_timeout = 50");
        const timedOut = await errorOf(() => a.query("insert into t values ('late')"));
        await a.query("rollback");
        await a.query("begin");
        const noWait = await errorOf(() => a.query("lock table t in row exclusive mode nowait"));
        await a.query("rollback");
        for (const err of [timedOut, noWait]) {
          expect(err).toMatchObject({ code: "55P03" });
          expect(isDatabaseUnavailable(err)).toBe(true);
          expect(healthOfError(err)).toBe("locked");
        }
      } finally {
        await b.query("rollback");
      }
    });

    it("57P01 and a terminated connection: the server ended the session", async () => {
      const victim = client();
      await victim.connect();
      // pg reports the dead socket on the client too; the query errors carry what matters
      victim.on("error", () => undefined);
      const { rows } = await victim.query<{ pid: number }>("select pg_backend_pid() as pid");
      // terminated with a query in flight, which gets the server's FATAL message
      const inFlight = errorOf(() => victim.query("select pg_sleep(30)"));
      await b.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
      const terminated = await inFlight;
      const afterwards = await errorOf(() => victim.query("select 1"));
      expect(terminated).toMatchObject({ code: "57P01" });
      // what the next query meets depends on how far pg got with the closed socket
      expect(afterwards).toMatchObject({ message: expect.stringMatching(/Connection terminated|not queryable|ECONNRESET/i) });
      for (const err of [terminated, afterwards]) {
        expect(isDatabaseUnavailable(err)).toBe(true);
        expect(healthOfError(err)).toBe("down");
      }
      await victim.end();
    });

    it("ECONNREFUSED and a pool that cannot hand out a client in time", async () => {
      const refused = await errorOf(() => new pg.Client({ connectionString: pgUrl.replace(/:\d+\//, ":1/") }).connect());
      const pool = new pg.Pool({ connectionString: pgUrl, max: 1, connectionTimeoutMillis: 50 });
      const held = await pool.connect();
      const poolTimeout = await errorOf(() => pool.query("select 1"));
      held.release();
      await pool.end();
      expect(refused).toMatchObject({ code: "ECONNREFUSED" });
      expect(poolTimeout).toMatchObject({ message: expect.stringMatching(/timeout exceeded when trying to connect/) });
      for (const err of [refused, poolTimeout]) {
        expect(isDatabaseUnavailable(err)).toBe(true);
        expect(healthOfError(err)).toBe("down");
      }
    });

    it("bugs and bad input are not outages", async () => {
      await a.query("insert into t values ('dup')");
      const unique = await errorOf(() => a.query("insert into t values ('dup')"));
      const syntax = await errorOf(() => a.query("selec 1"));
      const missing = await errorOf(() => a.query("select * from no_such_table"));
      expect([unique, syntax, missing].map((e) => (e as { code: string }).code)).toEqual(["23505", "42601", "42P01"]);
      for (const err of [unique, syntax, missing]) expect(isDatabaseUnavailable(err)).toBe(false);
    });
  });
}
