// `REDIS_URL=redis://127.0.0.1:6379 node scripts/bench-rate-limit.ts [--hits 5000]`
// What a rate-limit check costs a request (docs/decisions/094-shared-state-with-redis.md): the
// memory limiter against the Redis one (one Lua script per hit), one at a time and 50 at once,
// and against a Redis that is down (nothing listens on the port: the memory fallback). Keys live
// under a prefix of this run's own and are removed at the end. Figures go in notes, never in tests.
import { parseArgs } from "node:util";
import { pino } from "pino";
import { Redis } from "ioredis";
import { createMemoryRateLimiter } from "../server/rate-limit.ts";
import { connectRedis } from "../server/redis.ts";
import { createRedisRateLimiter } from "../server/redis-rate-limit.ts";
import type { RateLimiter } from "../app/lib/ports.ts";

const { values: args } = parseArgs({ options: { hits: { type: "string", default: "5000" } } });
const hits = Number(args.hits);
const url = process.env.REDIS_URL;
if (!url) {
  console.error("Set REDIS_URL, e.g. REDIS_URL=redis://127.0.0.1:6379");
  process.exit(1);
}
const prefix = `vitrina-bench-${process.pid}:`;
const quiet = pino({ level: "silent" });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(label: string, limiter: RateLimiter) {
  const times: number[] = [];
  for (let i = 0; i < hits; i++) {
    const t = performance.now();
    await limiter.hit(`bench:${i % 100}`, 1_000_000, 60_000);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const t = performance.now();
  for (let i = 0; i < hits; i += 50) await Promise.all(Array.from({ length: 50 }, (_, j) => limiter.hit(`bench:${(i + j) % 100}`, 1_000_000, 60_000)));
  const perSecond = hits / ((performance.now() - t) / 1000);
  console.log(
    `${label.padEnd(28)} one at a time: p50 ${percentile(times, 50).toFixed(3)} ms   p99 ${percentile(times, 99).toFixed(3)} ms;   50 at once: ${Math.round(perSecond)} hits/s`,
  );
}

await measure("memory", createMemoryRateLimiter());
const shared = await connectRedis({ url, prefix }, quiet);
await measure("Redis", createRedisRateLimiter(shared, createMemoryRateLimiter()));
await shared.close();
const down = await connectRedis({ url: "redis://127.0.0.1:1", prefix }, quiet);
await measure("Redis down (memory fallback)", createRedisRateLimiter(down, createMemoryRateLimiter()));
await down.close();

const cleanup = new Redis(url);
const keys = await cleanup.keys(`${prefix}*`);
if (keys.length) await cleanup.del(...keys);
cleanup.disconnect();
