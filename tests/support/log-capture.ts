// The app's log lines, kept in memory for a test to read (createApp's logDestination).
import { expect } from "vitest";

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export const LOG_LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

export class LogCapture {
  readonly lines: LogLine[] = [];
  /** pino's destination: one JSON line per call */
  readonly stream = {
    write: (line: string) => {
      this.lines.push(JSON.parse(line) as LogLine);
    },
  };

  withMessage(msg: string | RegExp): LogLine[] {
    return this.lines.filter((l) => (typeof msg === "string" ? l.msg === msg : msg.test(l.msg)));
  }

  /** the first line (from `from` on) that `match` accepts, waiting for it at most `withinMs` */
  async waitFor(match: (line: LogLine) => boolean, withinMs: number, from = 0): Promise<LogLine> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const found = this.lines.slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect.fail(
      `no such log line within ${withinMs} ms; the last ones:\n${this.lines
        .slice(-10)
        .map((l) => JSON.stringify(l))
        .join("\n")}`,
    );
  }
}
