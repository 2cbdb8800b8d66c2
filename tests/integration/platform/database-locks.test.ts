// The built server while something else holds the database's write lock, or the database is
// read-only: pages keep being served, /healthz says what is wrong within a second, writes wait
// for the lock without stopping the server and give up with DatabaseBusyError after the budget.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDatabase, type Db, type LockWaitEvent } from "../../../app/db/database.server.ts";
import { DatabaseBusyError, isDatabaseUnavailable } from "../../../app/db/database-errors.ts";
import { createSession, findSession, saveSessionData, SESSION_TTL_MS } from "../../../app/features/accounts/sessions.server.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { holdWriteLock } from "../../support/write-lock.ts";
import { postReview } from "../../support/reviews.ts";

const LISTING = "/catalog/divany-i-kresla/";

/** Resolves with the next lock-wait event of the given state (SQLite only). */
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
function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (err: unknown) => err,
  );
}

describe.each(dialects)("database locks and /healthz on %s", (dialect) => {
  let app: TestApp;
  let productId: number;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    const product = await app.vitrina.db.kysely
      .selectFrom("products")
      .select("id")
      .where("kind", "=", "product")
      .where("stock", ">", 5)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    productId = product.id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = (path: string, init: RequestInit = {}) => fetch(app.url + path, { redirect: "manual", ...init });
  const addToCart = (cookie?: string) =>
    fetch(app.url + "/cart/product/", {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ id: productId, cnt: 1, type: "product", mode: "add" }),
    });

  it("serves listing pages and answers /healthz while another process holds the write lock; a cart write waits, then goes through", async () => {
    const lock = await holdWriteLock(app.config);
    try {
      const waiting = dialect === "sqlite" ? nextLockWait(app.vitrina.db, "waiting") : null;
      let writeDone = false;
      const write = addToCart().then((res) => {
        writeDone = true;
        return res;
      });
      // on SQLite, the driver reports that the write is now waiting for the lock
      if (waiting) await waiting;

      const listing = await get(LISTING);
      expect(listing.status).toBe(200);
      expect(await listing.text()).toContain("</html>");
      const health = await get("/healthz");
      expect(health.status).toBe(503);
      expect(health.headers.get("cache-control")).toBe("no-store");
      expect(await health.json()).toEqual({ status: "db-locked" });
      // both answered while the lock was still held and the write still waiting
      expect(lock.held).toBe(true);
      expect(writeDone).toBe(false);

      await lock.release();
      const res = await write;
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ cnt: 1, qty: 1 });
      const after = await get("/healthz");
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({ status: "ok" });
    } finally {
      await lock.release();
    }
  });

  if (dialect === "sqlite") {
    it("answers a write that outlasts DB_LOCK_WAIT_MS with 503 «попробуйте через минуту»: JSON for API callers, a page for forms", async () => {
      const short = await startTestApp("sqlite", { dbLockWaitMs: 300 });
      const product = await short.vitrina.db.kysely
        .selectFrom("products")
        .select(["id", "slug"])
        .where("kind", "=", "product")
        .where("stock", ">", 0)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const lock = await holdWriteLock(short.config);
      try {
        const res = await fetch(short.url + "/cart/product/", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ id: product.id, cnt: 1, type: "product" }),
        });
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("60");
        expect((await res.json()).error).toContain("попробуйте через минуту");
        const review = await postReview(short.url, product.slug);
        expect(review.status).toBe(503);
        expect(review.headers.get("content-type")).toContain("text/html");
        expect(await review.text()).toContain("попробуйте через минуту");
        // all of it while the other process still held the lock
        expect(lock.held).toBe(true);
      } finally {
        await lock.release();
        await short.stop();
      }
    });

    it("gives up on a write after the wait budget with DatabaseBusyError, the event loop turning all along", async () => {
      // a second connection to the same file with a short budget, so the test need not wait 5 s
      const db = openDatabase(app.config.databaseUrl, { lockWaitMs: 400 });
      const lock = await holdWriteLock(app.config);
      try {
        let turns = 0;
        let spinning = true;
        const spin = () => {
          turns++;
          if (spinning) setImmediate(spin);
        };
        setImmediate(spin);
        const done = nextLockWait(db, "done");
        const err = await rejection(createSession(db));
        spinning = false;
        expect(err).toBeInstanceOf(DatabaseBusyError);
        expect(isDatabaseUnavailable(err)).toBe(true);
        expect(await done).toMatchObject({ state: "done", acquired: false });
        // setImmediate callbacks ran during the wait: nothing blocked the event loop
        expect(turns).toBeGreaterThan(1);
        // and the server answered meanwhile too
        expect((await get(LISTING)).status).toBe(200);
        expect(lock.held).toBe(true);
      } finally {
        await lock.release();
        await db.close();
      }
    });

    it("retries: a write whose lock is released 300 ms after it started waiting succeeds", async () => {
      const lock = await holdWriteLock(app.config);
      try {
        const waiting = nextLockWait(app.vitrina.db, "waiting");
        const done = nextLockWait(app.vitrina.db, "done");
        const write = createSession(app.vitrina.db);
        await waiting;
        await lock.release(300);
        const session = await write;
        expect(await findSession(app.vitrina.db, session.id)).toMatchObject({ id: session.id });
        const event = await done;
        expect(event).toMatchObject({ state: "done", acquired: true });
        expect(event.state === "done" && event.waitedMs).toBeGreaterThanOrEqual(250);
      } finally {
        await lock.release();
      }
    });

    it("reports a read-only database as 503 db-read-only while pages are still served", async () => {
      // a visitor whose session is past half its life: a page view would extend it (a write)
      const first = await addToCart();
      expect(first.status).toBe(200);
      const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0]!;
      const sessionId = decodeURIComponent(cookie.split("=")[1]!).replace(/\.[^.]*$/, "");
      const stale = Date.now() - SESSION_TTL_MS * 0.75;
      await saveSessionData(app.vitrina.db, sessionId, {}, stale);

      // PRAGMA query_only makes SQLite refuse every write with SQLITE_READONLY, as a read-only file does
      await sql`pragma query_only = on`.execute(app.vitrina.db.kysely);
      try {
        const health = await get("/healthz");
        expect(health.status).toBe(503);
        expect(await health.json()).toEqual({ status: "db-read-only" });
        const page = await get(LISTING, { headers: { cookie } });
        expect(page.status).toBe(200);
        const err = await rejection(createSession(app.vitrina.db));
        expect(err).toMatchObject({ code: "SQLITE_READONLY" });
        expect(isDatabaseUnavailable(err)).toBe(true);
      } finally {
        await sql`pragma query_only = off`.execute(app.vitrina.db.kysely);
      }
      expect((await get("/healthz")).status).toBe(200);
      // writable again: the next page view extends the session
      expect((await get(LISTING, { headers: { cookie } })).status).toBe(200);
      expect((await findSession(app.vitrina.db, sessionId))!.expiresAt).toBeGreaterThan(Date.now() + SESSION_TTL_MS / 2);
    });
  } else {
    it("reports a read-only PostgreSQL session (default_transaction_read_only) as read-only", async () => {
      // the pool's connections start read-only, as on a hot standby; the app's schema, migrated
      const url = new URL(app.config.databaseUrl);
      url.searchParams.set("options", "-c default_transaction_read_only=on");
      const db = openDatabase(url.toString(), { schema: app.config.databaseSchema, poolSize: 2 });
      try {
        expect(await db.health()).toBe("read-only");
        // reads work (the schema's tables are found through the search_path kept with the options)
        expect(await findSession(db, "no-such-session")).toBeNull();
        const err = await rejection(createSession(db));
        expect(err).toMatchObject({ code: "25006" });
        expect(isDatabaseUnavailable(err)).toBe(true);
      } finally {
        await db.close();
      }
    });

    it("reports an unreachable PostgreSQL server as down", async () => {
      const url = new URL(app.config.databaseUrl);
      url.port = "1";
      const db = openDatabase(url.toString(), { schema: app.config.databaseSchema });
      try {
        expect(await db.health()).toBe("down");
      } finally {
        await db.close();
      }
    });
  }
});
