// Rate limits shared by every instance through Redis (docs/decisions/094-shared-state-with-redis.md):
// the same fixed windows as the memory limiter, one counter per key for all instances, each
// operation one Lua script so a count and its window's expiry never come apart. While Redis cannot
// answer, each call is served by this instance's own memory limiter: the limits still hold, per
// instance, and nobody waits for Redis.
import type { RateLimiter, RateLimitResult } from "../app/lib/ports.ts";
import { UNAVAILABLE, type SharedRedis } from "./redis.ts";

// Counts one event; the first one of a window sets its expiry. A key left without one (written by
// hand, or by a DECR racing its expiry) gets one too, so no count lives forever.
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const PEEK = `return {redis.call('GET', KEYS[1]) or '0', redis.call('PTTL', KEYS[1])}`;

// DECR keeps the key's expiry; a count already at 0, or gone with its window, stays as it is
const REFUND = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count`;

/** whole seconds left of a window (at least 1 while it lasts), as the memory limiter says it */
const secondsLeft = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

export function createRedisRateLimiter(redis: SharedRedis, fallback: RateLimiter): RateLimiter {
  const keyOf = (key: string) => `${redis.prefix}rate:${key}`;
  return {
    async hit(key, limit, windowMs) {
      const answer = await redis.run((c) => c.eval(HIT, 1, keyOf(key), Math.max(1, Math.ceil(windowMs))) as Promise<[number, number]>);
      if (answer === UNAVAILABLE) return fallback.hit(key, limit, windowMs);
      const [count, ttl] = answer;
      return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfter: secondsLeft(ttl) } satisfies RateLimitResult;
    },
    async peek(key) {
      const answer = await redis.run((c) => c.eval(PEEK, 1, keyOf(key)) as Promise<[string, number]>);
      if (answer === UNAVAILABLE) return fallback.peek(key);
      const count = Number(answer[0]);
      return count > 0 && answer[1] > 0 ? { count, retryAfter: secondsLeft(answer[1]) } : { count: 0, retryAfter: 0 };
    },
    async refund(key) {
      const answer = await redis.run((c) => c.eval(REFUND, 1, keyOf(key)));
      if (answer === UNAVAILABLE) await fallback.refund(key);
    },
    async reset(key) {
      // the memory window may hold events counted during an outage: they go too
      await Promise.all([redis.run((c) => c.del(keyOf(key))), fallback.reset(key)]);
    },
  };
}
