import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MEDIA_DIR } from "../support/test-app.ts";

const root = path.resolve(import.meta.dirname, "../..");

describe("the server process", () => {
  it("finishes the request in flight, closes the database and exits 0 on SIGTERM", async () => {
    const dir = path.join(root, "data/test-db");
    fs.mkdirSync(dir, { recursive: true });
    const db = path.join(dir, `shutdown-${process.pid}.db`);
    const port = 3400 + Number(process.env.VITEST_POOL_ID ?? 0);
    const child = spawn(process.execPath, ["server/main.ts"], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: db, MEDIA_DIR, LOG_LEVEL: "info", NODE_ENV: "test" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout.on("data", (d) => (log += d));
    child.stderr.on("data", (d) => (log += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      for (let i = 0; i < 300 && !log.includes("Витрина работает"); i++) await new Promise((r) => setTimeout(r, 100));
      expect(log).toContain("Витрина работает");
      const inFlight = fetch(`http://127.0.0.1:${port}/catalog/divany-i-kresla/?direction=name`);
      await new Promise((r) => setTimeout(r, 5));
      child.kill("SIGTERM");
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("</html>");
      expect(await exited).toBe(0);
      expect(log).toContain("stopped");
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      child.kill("SIGKILL");
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(db + suffix, { force: true });
    }
  }, 60_000);
});
