import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MEDIA_DIR } from "../../support/test-app.ts";

const root = path.resolve(import.meta.dirname, "../../..");

/** Starts the real server process on its own SQLite file; `log` collects what it prints. */
/** `nodeEnv` null: started as `npm start` starts it, with no NODE_ENV at all */
async function startServer(name: string, port: number, nodeEnv: string | null = "test") {
  const dir = path.join(root, "data/test-db");
  fs.mkdirSync(dir, { recursive: true });
  const db = path.join(dir, `${name}-${process.pid}.db`);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: db, MEDIA_DIR, LOG_LEVEL: "info" };
  if (nodeEnv === null) delete env.NODE_ENV;
  else env.NODE_ENV = nodeEnv;
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const state = { log: "" };
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (d: Buffer) => {
    state.log += d;
    for (const w of waiters.filter((w) => state.log.includes(w.text))) w.resolve();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const logged = (text: string) => (state.log.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ text, resolve })));
  await Promise.race([logged("Витрина работает"), exited]);
  return {
    child,
    state,
    exited,
    logged,
    cleanup() {
      child.kill("SIGKILL");
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(db + suffix, { force: true });
    },
  };
}

describe("the server process", () => {
  it("serves the shop's pages when started as `npm start` starts it, without NODE_ENV", async () => {
    // React and its server renderer must both be the production build the bundle was made for: a
    // module that loads React before the server sets NODE_ENV left every page a 500
    const port = 3440 + Number(process.env.VITEST_POOL_ID ?? 0);
    const server = await startServer("plain-start", port, null);
    try {
      expect(server.state.log).toContain("Витрина работает");
      for (const page of ["/", "/catalog/", "/cart/"]) {
        const res = await fetch(`http://127.0.0.1:${port}${page}`);
        expect(res.status, page).toBe(200);
        expect(await res.text(), page).toContain("Витрина");
      }
    } finally {
      server.cleanup();
    }
  }, 60_000);

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

  it("closes keep-alive connections while draining instead of serving them on", async () => {
    const port = 3420 + Number(process.env.VITEST_POOL_ID ?? 0);
    const server = await startServer("drain", port);
    try {
      expect(server.state.log).toContain("Витрина работает");
      const socket = net.connect(port, "127.0.0.1");
      await new Promise((r) => socket.once("connect", r));
      let received = "";
      socket.setEncoding("latin1");
      socket.on("data", (d: string) => (received += d));
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.on("error", () => undefined); // a reset after our last write is one of the allowed endings
      // request A is in flight when the signal comes: its body is only half sent
      const body = JSON.stringify({ id: 1 });
      socket.write(
        `POST /compare/toggle/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json\r\nSec-Fetch-Site: same-origin\r\nConnection: keep-alive\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 3)}`,
      );
      server.child.kill("SIGTERM");
      await server.logged("shutting down");
      socket.write(body.slice(3));
      // A is answered; then B on the same connection must not be served as if nothing happened
      while (!/\r\n\r\n[\s\S]*\}/.test(received)) await new Promise((r) => socket.once("data", r));
      expect(received.startsWith("HTTP/1.1 200")).toBe(true);
      if (!socket.destroyed) socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
      await closed;
      const answers = received.split(/(?=HTTP\/1\.1 \d{3})/);
      for (const answer of answers.slice(1)) expect(answer.toLowerCase()).toContain("connection: close");
      expect(await server.exited).toBe(0);
    } finally {
      server.cleanup();
    }
  }, 60_000);
});
