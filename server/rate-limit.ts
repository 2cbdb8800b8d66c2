// Fixed-window counters behind a small interface: the in-memory store serves one process;
// a Redis store (REDIS_URL) can implement the same interface for several instances.
export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** seconds until the window resets */
  retryAfter: number;
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now, maxKeys = 100_000): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  function sweep(t: number) {
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  }
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        if (windows.size >= maxKeys) sweep(t);
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      const retryAfter = Math.max(1, Math.ceil((w.resetAt - t) / 1000));
      return { allowed: w.count <= limit, remaining: Math.max(0, limit - w.count), retryAfter };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
