// Fixed-window counters behind a small interface: the in-memory store serves one process;
// a Redis store (REDIS_URL) can implement the same interface for several instances.
import type { RateLimiter } from "../app/lib/ports.ts";
export type { RateLimiter } from "../app/lib/ports.ts";

export function createMemoryRateLimiter(now: () => number = Date.now, maxKeys = 100_000): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  function sweep(t: number) {
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  }
  const live = (key: string, t: number) => {
    const w = windows.get(key);
    return w && w.resetAt > t ? w : undefined;
  };
  const secondsLeft = (resetAt: number, t: number) => Math.max(1, Math.ceil((resetAt - t) / 1000));
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      let w = live(key, t);
      if (!w) {
        if (windows.size >= maxKeys) sweep(t);
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, remaining: Math.max(0, limit - w.count), retryAfter: secondsLeft(w.resetAt, t) };
    },
    async peek(key) {
      const t = now();
      const w = live(key, t);
      return w ? { count: w.count, retryAfter: secondsLeft(w.resetAt, t) } : { count: 0, retryAfter: 0 };
    },
    async refund(key) {
      const w = live(key, now());
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
