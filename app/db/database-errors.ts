// Which database failures mean "the database cannot serve us right now" (locked, read-only,
// full, restarting, unreachable) as opposed to a bug or bad input. The edge answers the former
// with 503 and the Russian «попробуйте через минуту» page; everything else stays a 500.

/** Thrown by the SQLite driver when the write lock could not be had within the wait budget. */
export class DatabaseBusyError extends Error {
  readonly code = "SQLITE_BUSY";
  constructor(message = "database is locked", options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseBusyError";
  }
}

// better-sqlite3 error codes (extended codes start with the primary one, e.g. SQLITE_BUSY_SNAPSHOT)
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|READONLY|FULL|IOERR|CANTOPEN|PROTOCOL)/;
// PostgreSQL SQLSTATE classes: 08 connection exception, 53 insufficient resources, 57P admin
// shutdown / crash shutdown / cannot connect now, 25006 read-only transaction, 55P03 lock not
// available (a lock_timeout or NOWAIT ran out: PostgreSQL's "database is locked"); 40001/40P01
// are not here (serialization failures are retried by the code that asked for them).
const PG_UNAVAILABLE = /^(08|53|57P)|^(25006|55P03)$/;
const NODE_NET = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
const PG_CLIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i;

/** True for errors that mean the database is temporarily unable to serve (→ 503, not 500). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (e instanceof DatabaseBusyError) return true;
    if (typeof e === "object") {
      const code = (e as { code?: unknown }).code;
      if (typeof code === "string" && (SQLITE_UNAVAILABLE.test(code) || PG_UNAVAILABLE.test(code) || NODE_NET.has(code))) return true;
      const message = (e as { message?: unknown }).message;
      if (typeof message === "string" && PG_CLIENT_MESSAGES.test(message)) return true;
      e = (e as { cause?: unknown }).cause;
    } else break;
  }
  return false;
}

const LOCKED = /^(SQLITE_BUSY|SQLITE_LOCKED|55P03$|57014$)/;
const READ_ONLY = /^(SQLITE_READONLY|25006$)/;

/**
 * What a failed health probe says about the database: the write lock could not be had in time
 * (SQLITE_BUSY, DatabaseBusyError, or the probe's own lock/statement timeout on PostgreSQL),
 * writes are refused (SQLITE_READONLY, PostgreSQL 25006), or anything else: down.
 */
export function healthOfError(err: unknown): "locked" | "read-only" | "down" {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    if (e instanceof DatabaseBusyError) return "locked";
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && LOCKED.test(code)) return "locked";
    if (typeof code === "string" && READ_ONLY.test(code)) return "read-only";
    e = (e as { cause?: unknown }).cause;
  }
  return "down";
}
