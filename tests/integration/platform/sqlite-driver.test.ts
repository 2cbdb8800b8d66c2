// The lock-waiting SQLite driver against a real file, with a second better-sqlite3 connection
// standing in for another process that holds the write lock.
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Db, type LockWaitEvent } from "../../../app/db/database.server.ts";
import { DatabaseBusyError, isDatabaseUnavailable } from "../../../app/db/database-errors.ts";
import { migrateToLatest } from "../../../app/db/migrate.server.ts";
import { createSession, findSession, rotateSession } from "../../../app/features/accounts/sessions.server.ts";

const dir = path.resolve(import.meta.dirname, "../../../data/test-db");
let n = 0;

/** Resolves with the next lock-wait event of the given state. */
function nextLockWait(db: Db, state: LockWaitEvent["state"]): Promise<LockWaitEvent> {
  return new Promise((resolve) => {
    const off = db.onLockWait((event) => {
      if (event.state !== state) return;
      off();
      resolve(event);
    });
  });
}

/** Settles to the error a promise rejects with (and fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (err: unknown) => err,
  );
}

describe("the lock-waiting SQLite driver", () => {
  let file: string;
  let db: Db;
  let other: SQLite.Database;
  const open = (lockWaitMs?: number) => openDatabase(file, { lockWaitMs });

  beforeEach(async () => {
    fs.mkdirSync(dir, { recursive: true });
    file = path.join(dir, `driver-${process.pid}-${++n}.db`);
    db = open();
    await migrateToLatest(db);
    // another writer: fails at once when busy, so it never waits in these tests
    other = new SQLite(file);
    other.pragma("busy_timeout = 0");
  });

  afterEach(async () => {
    if (other.inTransaction) other.exec("rollback");
    other.close();
    await db.close();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  });

  it("retries an autocommit write until the other connection lets the lock go", async () => {
    other.exec("begin exclusive");
    const waiting = nextLockWait(db, "waiting");
    const done = nextLockWait(db, "done");
    const write = createSession(db);
    await waiting;
    // reads go on while the write waits: WAL readers need no lock, and the connection is free
    expect(await findSession(db, "no-such-session")).toBeNull();
    other.exec("rollback");
    const session = await write;
    expect(await findSession(db, session.id)).toMatchObject({ id: session.id });
    expect(await done).toMatchObject({ state: "done", acquired: true });
  });

  it("gives up after the wait budget with DatabaseBusyError, leaving the event loop and readers free", async () => {
    const short = open(300);
    try {
      other.exec("begin exclusive");
      let turns = 0;
      let spinning = true;
      const spin = () => {
        turns++;
        if (spinning) setImmediate(spin);
      };
      setImmediate(spin);
      const order: string[] = [];
      const write = rejection(createSession(short)).then((err) => {
        order.push("write failed");
        return err;
      });
      const read = findSession(short, "no-such-session").then(() => order.push("read"));
      const err = await write;
      await read;
      spinning = false;
      expect(err).toBeInstanceOf(DatabaseBusyError);
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect((err as Error).message).toMatch(/database is locked: waited \d+ ms/);
      expect(order).toEqual(["read", "write failed"]);
      // setImmediate callbacks ran while the write was waiting: the event loop was not blocked
      expect(turns).toBeGreaterThan(1);
      // nothing was written, and the connection works once the lock is gone
      other.exec("rollback");
      expect(await createSession(short)).toMatchObject({ userId: null });
    } finally {
      await short.close();
    }
  });

  it("begins transactions with BEGIN IMMEDIATE: the write lock is held from the first statement", async () => {
    let insideChecked = false;
    await db.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom("sessions").select("id").execute();
      // a deferred transaction would hold no lock yet; this one already keeps other writers out
      expect(() => other.exec("insert into sessions (id, user_id, data, created_at, expires_at) values ('x', null, '{}', 0, 0)")).toThrow(
        expect.objectContaining({ code: "SQLITE_BUSY" }),
      );
      await trx
        .insertInto("sessions")
        .values({ id: "mine", user_id: null, data: "{}", created_at: 1, expires_at: Date.now() + 60_000 })
        .execute();
      insideChecked = true;
    });
    expect(insideChecked).toBe(true);
    expect(await findSession(db, "mine")).toMatchObject({ id: "mine" });
  });

  it("waits asynchronously for BEGIN IMMEDIATE while another process writes, then commits", async () => {
    other.exec("begin exclusive");
    const waiting = nextLockWait(db, "waiting");
    const rotated = rotateSession(db, null, 7, { a: 1 });
    await waiting;
    other.exec("rollback");
    const session = await rotated;
    expect(await findSession(db, session.id)).toMatchObject({ userId: 7, data: { a: 1 } });
  });

  it("lets a read-only transaction read while another process holds the write lock", async () => {
    await createSession(db);
    other.exec("begin exclusive");
    const rows = await db.kysely
      .transaction()
      .setAccessMode("read only")
      .execute((trx) => trx.selectFrom("sessions").select("id").execute());
    expect(rows).toHaveLength(1);
  });

  it("fails a transaction that cannot get the lock in time without leaving it open", async () => {
    const short = open(200);
    try {
      other.exec("begin exclusive");
      const err = await rejection(rotateSession(short, null, 1, {}));
      expect(err).toBeInstanceOf(DatabaseBusyError);
      other.exec("rollback");
      // the connection is usable: a new transaction and autocommit statements go through
      const session = await rotateSession(short, null, 2, {});
      expect(await findSession(short, session.id)).toMatchObject({ userId: 2 });
    } finally {
      await short.close();
    }
  });

  it("keeps other statements out of an open transaction, so a rollback never takes them along", async () => {
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const tx = rejection(
      db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto("sessions")
          .values({ id: "in-tx", user_id: null, data: "{}", created_at: 1, expires_at: Date.now() + 60_000 })
          .execute();
        entered();
        await paused;
        throw new Error("roll back");
      }),
    );
    await inside;
    // an autocommit write from elsewhere while the transaction is open: it must wait, not join
    const outside = createSession(db);
    let outsideDone = false;
    void outside.then(() => (outsideDone = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(outsideDone).toBe(false);
    release();
    expect(await tx).toMatchObject({ message: "roll back" });
    const session = await outside;
    expect(await findSession(db, "in-tx")).toBeNull();
    expect(await findSession(db, session.id)).toMatchObject({ id: session.id });
  });

  it("runs transactions started at the same moment one after another", async () => {
    const sessions = await Promise.all([1, 2, 3, 4].map((userId) => rotateSession(db, null, userId, {})));
    for (const s of sessions) expect(await findSession(db, s.id)).toMatchObject({ userId: s.userId });
  });

  it("hands the lock to waiting writers in the order they arrived", async () => {
    other.exec("begin exclusive");
    const finished: number[] = [];
    const waiting = nextLockWait(db, "waiting");
    const writes = [1, 2, 3, 4, 5].map((i) =>
      db.kysely
        .insertInto("sessions")
        .values({ id: `w${i}`, user_id: null, data: "{}", created_at: i, expires_at: Date.now() + 60_000 })
        .execute()
        .then(() => finished.push(i)),
    );
    await waiting;
    other.exec("rollback");
    await Promise.all(writes);
    expect(finished).toEqual([1, 2, 3, 4, 5]);
  });

  describe("health", () => {
    it("is ok when a write would go through, and leaves nothing behind", async () => {
      expect(await db.health()).toBe("ok");
      expect(other.prepare("select count(*) as n from sessions").get()).toEqual({ n: 0 });
    });

    it("is locked, within the health wait, while another connection holds the write lock", async () => {
      other.exec("begin exclusive");
      let released = false;
      const health = db.health().then((h) => {
        expect(released).toBe(false);
        return h;
      });
      expect(await health).toBe("locked");
      released = true;
      other.exec("rollback");
      expect(await db.health()).toBe("ok");
    });

    it("is read-only when writes are refused (query_only makes SQLite answer SQLITE_READONLY)", async () => {
      await sql`pragma query_only = on`.execute(db.kysely);
      expect(await db.health()).toBe("read-only");
      const err = await rejection(createSession(db));
      expect(err).toMatchObject({ code: "SQLITE_READONLY" });
      expect(isDatabaseUnavailable(err)).toBe(true);
    });

    it("is down when the database cannot be used at all", async () => {
      const gone = open();
      await gone.close();
      expect(await gone.health()).toBe("down");
    });

    it("shares one probe between concurrent checks", () => {
      const a = db.health();
      expect(db.health()).toBe(a);
      return a;
    });
  });
});
