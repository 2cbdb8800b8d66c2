// PostgreSQL dropping the shop's connections (what a server restart does to them, decision 095):
// the process keeps running, a visitor meanwhile gets either the page or the Russian 503 page,
// and the pool connects again by itself, without a restart of the shop. Only this app's own
// connections are ended (other tests share the server).
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNAVAILABLE_MESSAGE } from "../../server/error-pages.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

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
});
