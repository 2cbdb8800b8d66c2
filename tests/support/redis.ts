// Redis for the tests: the machine's shared server at 127.0.0.1:6379 (each test app under a key
// prefix of its own, removed afterwards), or a private redis-server a test starts on a free port,
// stops and starts again to see the shop through a Redis outage. Never stop the shared one.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { Redis } from "ioredis";

export const SHARED_REDIS_URL = "redis://127.0.0.1:6379";

let seq = 0;
/** a key prefix no other test app or helper on this machine uses */
export const uniqueRedisPrefix = () => `vitrina-test-${process.pid}-${Date.now()}-${++seq}:`;

/** Removes every key under `prefix` from the Redis at `url`. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/** The keys under `prefix` and their values (counters). */
export async function redisValues(url: string, prefix: string): Promise<Record<string, string>> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    const keys = await redis.keys(`${prefix}*`);
    const values = keys.length ? await redis.mget(...keys) : [];
    return Object.fromEntries(keys.map((k, i) => [k.slice(prefix.length), values[i] ?? ""]));
  } finally {
    redis.disconnect();
  }
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A redis-server of this test's own on `port` (no persistence), answering PING when this resolves. */
export class PrivateRedis {
  readonly port: number;
  private child: ChildProcess | null = null;
  constructor(port: number) {
    this.port = port;
  }
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn("redis-server", ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    this.child = child;
    const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}`))));
    const ready = (async () => {
      for (let i = 0; i < 100; i++) {
        const probe = new Redis(this.url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
        probe.on("error", () => undefined);
        try {
          await probe.connect();
          if ((await probe.ping()) === "PONG") return;
        } catch {
          // not listening yet
        } finally {
          probe.disconnect();
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`redis-server on port ${this.port} did not answer`);
    })();
    await Promise.race([ready, exited]);
  }

  /** stops this test's redis-server (only it: by its own process id) and waits for it to be gone */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.child = null;
    const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGKILL");
    await gone;
  }
}
