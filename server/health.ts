// GET /healthz: 200 {status:"ok"} only when the database would take a write right now (a write
// probe in a rolled-back transaction, waiting at most HEALTH_WAIT_MS for locks); otherwise 503
// with what is wrong, so a monitor tells a locked or read-only database from a dead one.
import type { Request, Response } from "express";
import type { Db, DbHealth } from "../app/db/database.server.ts";

const STATUS: Record<DbHealth, string> = {
  ok: "ok",
  locked: "db-locked",
  "read-only": "db-read-only",
  down: "db-unavailable",
};

export function healthz(db: Db) {
  return async (_req: Request, res: Response): Promise<void> => {
    const health = await db.health();
    res
      .status(health === "ok" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: STATUS[health] });
  };
}
