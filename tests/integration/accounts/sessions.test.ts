import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSession,
  destroySession,
  findSession,
  purgeExpiredSessions,
  saveSessionData,
  SESSION_TTL_MS,
} from "../../../app/features/accounts/sessions.server.ts";
import type { Db } from "../../../app/db/database.server.ts";
import { dialects, openTestDb } from "../../support/test-app.ts";

describe.each(dialects)("server-side sessions on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
  });
  afterAll(async () => {
    await drop?.();
  });

  it("creates a session with a 128-bit random id and finds it again", async () => {
    const s = await createSession(db);
    expect(Buffer.from(s.id, "base64url")).toHaveLength(16);
    const found = await findSession(db, s.id);
    expect(found?.id).toBe(s.id);
    expect(found?.userId).toBeNull();
    expect((await createSession(db)).id).not.toBe(s.id);
  });

  it("stores session data", async () => {
    const s = await createSession(db);
    await saveSessionData(db, s.id, { compare: [3, 5] });
    expect((await findSession(db, s.id))?.data).toEqual({ compare: [3, 5] });
  });

  it("forgets expired and destroyed sessions", async () => {
    const now = Date.now();
    const old = await createSession(db, now - SESSION_TTL_MS - 1000);
    expect(await findSession(db, old.id, now)).toBeNull();
    expect(await purgeExpiredSessions(db, now)).toBeGreaterThanOrEqual(1);
    const s = await createSession(db);
    await destroySession(db, s.id);
    expect(await findSession(db, s.id)).toBeNull();
  });
});
