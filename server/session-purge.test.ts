import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../app/db/database.server.ts";
import { createSession, findSession, SESSION_TTL_MS } from "../app/features/accounts/index.server.ts";
import { dialects, openTestDb } from "../tests/support/test-app.ts";
import { startSessionPurge } from "./session-purge.ts";

describe.each(dialects)("scheduled session purge on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
  });
  afterAll(async () => {
    await drop?.();
  });

  it("purges at start without waiting for the first hour, and stops cleanly", async () => {
    const expired = await createSession(db, Date.now() - SESSION_TTL_MS - 1000);
    const live = await createSession(db);
    const purge = startSessionPurge(db, pino({ level: "silent" }));
    expect(await purge.lastRun).toBe(1);
    expect(await db.kysely.selectFrom("sessions").select("id").where("id", "=", expired.id).executeTakeFirst()).toBeUndefined();
    expect((await findSession(db, live.id))?.id).toBe(live.id);
    await purge.stop();
  });
});
