// GET /healthz: 200 {status:"ok"} only when the database would take a write right now (a write
// probe in a rolled-back transaction, waiting at most HEALTH_WAIT_MS for locks); otherwise 503
// with what is wrong, so a monitor tells a locked or read-only database from a dead one.
// While this instance's own catalogue import writes to SQLite from its worker thread — «Применить»
// holding the write lock for its whole transaction (decision 103), or a preview taking it for each
// chunk of rows it plans (decision 104) — the instance is not sick: pages are served and visitors'
// writes only wait, so it answers 200 {status:"importing"} after a read, without the write probe
// that would only wait for the import's own writes.
import type { Request, Response } from "express";
import type { Db, DbHealth } from "../app/db/database.server.ts";
import { importHoldsWriteLock } from "../app/features/catalog-csv/index.server.ts";

const STATUS: Record<DbHealth, string> = {
  ok: "ok",
  locked: "db-locked",
  "read-only": "db-read-only",
  down: "db-unavailable",
};

export function healthz(db: Db) {
  return async (_req: Request, res: Response): Promise<void> => {
    res.set("Cache-Control", "no-store");
    if (db.dialect === "sqlite" && importHoldsWriteLock()) {
      const up = await db.ping();
      res.status(up ? 200 : 503).json({ status: up ? "importing" : STATUS.down });
      return;
    }
    const health = await db.health();
    res.status(health === "ok" ? 200 : 503).json({ status: STATUS[health] });
  };
}
