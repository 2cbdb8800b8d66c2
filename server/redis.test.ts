// The Redis link's notices on a private redis-server: another instance's messages arrive, an
// instance's own do not, and after Redis has been away the subscription comes back by itself with
// a call that says notices may have been missed.
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { connectRedis, type SharedRedis } from "./redis.ts";
import { LogCapture } from "../tests/support/log-capture.ts";
import { freePort, PrivateRedis, uniqueRedisPrefix } from "../tests/support/redis.ts";

const opened: SharedRedis[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((r) => r.close()));
});

async function until(check: () => boolean, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe("Redis change notices", () => {
  it("delivers another instance's messages, skips its own, and resubscribes after an outage", async () => {
    const server = new PrivateRedis(await freePort());
    await server.start();
    try {
      const prefix = uniqueRedisPrefix();
      const link = async () => {
        const log = new LogCapture();
        const redis = await connectRedis({ url: server.url, prefix }, pino({ level: "info" }, log.stream));
        opened.push(redis);
        return { redis, log };
      };
      const a = await link();
      const b = await link();
      const heardA: (string | null)[] = [];
      const heardB: (string | null)[] = [];
      a.redis.subscribe("news", (m) => heardA.push(m));
      b.redis.subscribe("news", (m) => heardB.push(m));
      // the subscription is made on the subscriber connection's next turn
      await until(() => {
        a.redis.publish("news", "ping");
        return heardB.includes("ping");
      }, 2000);
      a.redis.publish("news", "7");
      await until(() => heardB.includes("7"), 2000);
      expect(heardA).toEqual([]);

      await server.stop();
      a.redis.publish("news", "lost");
      await server.start();
      // back: B is told that it may have missed something, then hears new messages again
      await until(() => heardB.includes(null), 10_000);
      await until(() => {
        a.redis.publish("news", "8");
        return heardB.includes("8");
      }, 10_000);
      expect(heardB).not.toContain("lost");
      expect(heardA.filter((m) => m !== null)).toEqual([]);
      expect(b.log.withMessage(/^Redis unavailable/)).toHaveLength(1);
      expect(b.log.withMessage(/^Redis is back/)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});
