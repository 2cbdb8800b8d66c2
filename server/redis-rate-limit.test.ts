// The shared limiter on a real Redis: the machine's (under a key prefix of this test's own), and
// a private redis-server this test stops and starts again to see the fallback and the return.
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "./rate-limit.ts";
import { connectRedis, type SharedRedis } from "./redis.ts";
import { createRedisRateLimiter } from "./redis-rate-limit.ts";
import { LogCapture, LOG_LEVEL } from "../tests/support/log-capture.ts";
import { deleteRedisKeys, freePort, PrivateRedis, redisValues, SHARED_REDIS_URL, uniqueRedisPrefix } from "../tests/support/redis.ts";

const prefix = uniqueRedisPrefix();
const opened: SharedRedis[] = [];

async function instance(url = SHARED_REDIS_URL) {
  const log = new LogCapture();
  const redis = await connectRedis({ url, prefix }, pino({ level: "info" }, log.stream));
  opened.push(redis);
  return { log, redis, limiter: createRedisRateLimiter(redis, createMemoryRateLimiter()) };
}

const OUTAGE = /^Redis unavailable/;
const BACK = /^Redis is back/;

afterEach(async () => {
  await Promise.all(opened.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await deleteRedisKeys(SHARED_REDIS_URL, prefix);
});

describe("Redis rate limiter", () => {
  it("keeps one window for every instance: hits on two count together, then refuse with the window's time", async () => {
    const a = await instance();
    const b = await instance();
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await (i % 2 ? b : a).limiter.hit("login:shared", 5, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(results[5]!.retryAfter).toBe(60);
    expect(await b.limiter.peek("login:shared")).toEqual({ count: 6, retryAfter: 60 });
    // the keys live under the prefix, with the window as their expiry
    expect(await redisValues(SHARED_REDIS_URL, prefix)).toMatchObject({ "rate:login:shared": "6" });
    expect(a.log.lines.filter((l) => l.level >= LOG_LEVEL.warn)).toEqual([]);
  });

  it("counts parallel hits from two instances exactly once each", async () => {
    const a = await instance();
    const b = await instance();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? b : a).limiter.hit("burst", 10, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.remaining).sort((x, y) => x - y)).toEqual([...Array(30).fill(0), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await a.limiter.peek("burst")).count).toBe(40);
  });

  it("peeks without counting, refunds never below zero, resets, and lets a window expire", async () => {
    const { limiter } = await instance();
    expect(await limiter.peek("k")).toEqual({ count: 0, retryAfter: 0 });
    await limiter.hit("k", 2, 10_000);
    await limiter.hit("k", 2, 10_000);
    expect(await limiter.peek("k")).toEqual({ count: 2, retryAfter: 10 });
    await limiter.refund("k");
    expect((await limiter.hit("k", 2, 10_000)).allowed).toBe(true);
    for (let i = 0; i < 4; i++) await limiter.refund("k");
    expect((await limiter.peek("k")).count).toBe(0);
    await limiter.refund("never-hit");
    expect(await limiter.peek("never-hit")).toEqual({ count: 0, retryAfter: 0 });
    await limiter.hit("k", 2, 10_000);
    await limiter.reset("k");
    expect(await limiter.peek("k")).toEqual({ count: 0, retryAfter: 0 });

    await limiter.hit("short", 1, 150);
    expect((await limiter.hit("short", 1, 150)).allowed).toBe(false);
    const until = Date.now() + 2000;
    while ((await limiter.peek("short")).count > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect((await limiter.hit("short", 1, 150)).allowed).toBe(true);
  });

  it("counts in this instance's memory while Redis is down, says so once, and goes back to Redis when it returns", async () => {
    const server = new PrivateRedis(await freePort());
    await server.start();
    try {
      const { log, limiter } = await instance(server.url);
      await limiter.hit("before", 3, 60_000);
      expect(await redisValues(server.url, prefix)).toEqual({ "rate:before": "1" });

      await server.stop();
      const started = Date.now();
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit("during", 3, 60_000));
      // nobody waits for a dead Redis
      expect(Date.now() - started).toBeLessThan(1000);
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(await limiter.peek("during")).toEqual({ count: 4, retryAfter: 60 });
      await limiter.refund("during");
      expect((await limiter.peek("during")).count).toBe(3);
      expect(log.withMessage(OUTAGE)).toHaveLength(1);
      expect(log.withMessage(OUTAGE)[0]!.level).toBe(LOG_LEVEL.warn);

      await server.start();
      await log.waitFor((l) => BACK.test(l.msg), 10_000);
      await limiter.hit("after", 3, 60_000);
      expect(await redisValues(server.url, prefix)).toEqual({ "rate:after": "1" });
      expect(log.withMessage(OUTAGE)).toHaveLength(1);
      expect(log.withMessage(BACK)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  it("waits at most the command timeout for a Redis that does not answer; only a second of silence is an outage", async () => {
    const server = new PrivateRedis(await freePort());
    await server.start();
    const pauser = new Redis(server.url);
    try {
      const { log, limiter } = await instance(server.url);
      await limiter.hit("slow", 10, 60_000);
      // Redis holds every client's commands for a while (as a stuck or overloaded server would)
      await pauser.call("CLIENT", "PAUSE", "1500", "ALL");
      let started = Date.now();
      expect((await limiter.hit("slow", 10, 60_000)).allowed).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(log.withMessage(OUTAGE)).toEqual([]);
      await pauser.call("CLIENT", "UNPAUSE");
      await limiter.hit("slow", 10, 60_000);
      // the hit that timed out was still counted when Redis went on (and in memory too: counted
      // twice at worst, never lost)
      expect(await redisValues(server.url, prefix)).toEqual({ "rate:slow": "3" });

      await pauser.call("CLIENT", "PAUSE", "2000", "ALL");
      started = Date.now();
      while (Date.now() - started < 1300) await limiter.hit("slow", 10, 60_000);
      expect(log.withMessage(OUTAGE)).toHaveLength(1);
      await pauser.call("CLIENT", "UNPAUSE");
      await limiter.hit("slow", 10, 60_000);
      expect(log.withMessage(BACK)).toHaveLength(1);
    } finally {
      pauser.disconnect();
      await server.stop();
    }
  });

  it("starts with Redis down: counts in memory from the first request, with one warning", async () => {
    const port = await freePort();
    const { log, limiter } = await instance(`redis://127.0.0.1:${port}`);
    for (let i = 0; i < 3; i++) await limiter.hit("cold", 2, 60_000);
    expect(await limiter.peek("cold")).toEqual({ count: 3, retryAfter: 60 });
    expect(log.withMessage(OUTAGE)).toHaveLength(1);
  });
});
