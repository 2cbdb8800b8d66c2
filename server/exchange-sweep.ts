// Files 1C sent in exchange sessions that never ended (1C stopped midway, the connection broke)
// are removed on a schedule, like expired sessions (session-purge.ts): once at start, then every
// interval (hourly by default). A session's own end removes its files at once (decision 100);
// this catches the rest. The timer is unref'd; stop() ends it and waits for a run in progress.
import type { Logger } from "pino";
import { sweepExchangeFiles } from "../app/features/exchange-1c/index.server.ts";
import type { FileStorage } from "../app/lib/ports.ts";

const EXCHANGE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function startExchangeSweep(storage: FileStorage, logger: Logger, intervalMs = EXCHANGE_SWEEP_INTERVAL_MS): { stop(): Promise<void> } {
  const run = async (): Promise<void> => {
    try {
      const removed = await sweepExchangeFiles(storage);
      if (removed) logger.info({ removed }, "abandoned 1C exchange files removed");
    } catch (err) {
      // a storage hiccup must not crash the process; the next run tries again
      logger.error({ err }, "sweeping 1C exchange files failed");
    }
  };
  let lastRun = run();
  // runs never overlap: a slow one delays the next
  const timer = setInterval(() => {
    lastRun = lastRun.then(run);
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await lastRun;
    },
  };
}
