// PostgreSQL dropping the shop's connections (what a server restart does to them, decision 095):
// the process keeps running (idle connections and one handed out to a transaction alike), a
// visitor meanwhile gets either the page or the Russian 503 page, and the pool connects again by
// itself, without a restart of the shop. Only this app's own
// connections are ended (other tests share the server).
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNAVAILABLE_MESSAGE } from "../../../server/error-pages.ts";
import { startTestApp, type TestApp } from "../../support/test-app.ts";

const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl)("PostgreSQL connections lost", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("postgres");
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers 503 in Russian or the page while the pool reconnects, then the page again", async () => {
    const { slug } = await app.vitrina.db.kysely.selectFrom("products").select("slug").where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    // a listing, which reads the database on every request (a product page may come from the page cache)
    const path = `/search/?q=${encodeURIComponent(slug.split("-")[0]!)}&n=${Date.now()}`;
    expect((await fetch(app.url + path)).status).toBe(200);
    // every connection of the pool at once, so each one's server process is known
    const pids = await Promise.all(
      Array.from({ length: 10 }, () => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(app.vitrina.db.kysely)),
    );
    const own = [...new Set(pids.map((r) => r.rows[0]!.pid))];
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [own]);
    } finally {
      await admin.end();
    }
    const seen: number[] = [];
    for (let attempt = 0; attempt < 50 && seen.at(-1) !== 200; attempt++) {
      const res = await fetch(`${app.url}${path}&a=${attempt}`);
      const text = await res.text();
      seen.push(res.status);
      if (res.status !== 200) {
        expect(res.status).toBe(503);
        expect(text).toContain(UNAVAILABLE_MESSAGE);
      }
    }
    expect(seen.at(-1)).toBe(200);
    expect(await app.vitrina.db.health()).toBe("ok");
  });

  it("survives a connection ended in the middle of a transaction, and the pool serves on", async () => {
    const trx = await app.vitrina.db.kysely.startTransaction().execute();
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    const pid = rows[0]!.pid;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      await admin.query("select pg_terminate_backend($1)", [pid]);
      // until the server process is gone: its farewell has reached the shop's connection by then
      while ((await admin.query("select 1 from pg_stat_activity where pid = $1", [pid])).rowCount) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await admin.end();
    }
    // the transaction's next statement fails (the 503 page for a visitor), the process lives on
    await expect(sql`select 1`.execute(trx)).rejects.toThrow();
    await trx
      .rollback()
      .execute()
      .catch(() => undefined);
    const res = await fetch(`${app.url}/search/?q=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(await app.vitrina.db.health()).toBe("ok");
  });
});
