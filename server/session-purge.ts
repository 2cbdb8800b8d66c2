// Expired sessions (and registration links nobody confirmed) are deleted on a schedule: once at
// start, then every interval (hourly by default). The timer is unref'd so it never keeps the process alive; stop() ends it and waits
// for a run in progress, so the database can be closed right after.
import type { Logger } from "pino";
import type { Db } from "../app/db/database.server.ts";
import { purgeExpiredSessions, purgeExpiredRegistrations } from "../app/features/accounts/index.server.ts";

export const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface SessionPurge {
  /** the run in progress (or the last one): resolves with the number of sessions deleted */
  readonly lastRun: Promise<number>;
  stop(): Promise<void>;
}

export function startSessionPurge(db: Db, logger: Logger, intervalMs = SESSION_PURGE_INTERVAL_MS): SessionPurge {
  const run = async (): Promise<number> => {
    try {
      const deleted = await purgeExpiredSessions(db);
      const registrations = await purgeExpiredRegistrations(db);
      if (deleted || registrations) logger.info({ deleted, registrations }, "expired sessions and registration links purged");
      return deleted;
    } catch (err) {
      // a database outage must not crash the process; the next run tries again
      logger.error({ err }, "purging expired sessions failed");
      return 0;
    }
  };
  let lastRun = run();
  // runs never overlap: a slow one delays the next
  const timer = setInterval(() => {
    lastRun = lastRun.then(run);
  }, intervalMs);
  timer.unref();
  return {
    get lastRun() {
      return lastRun;
    },
    async stop() {
      clearInterval(timer);
      await lastRun;
    },
  };
}
