import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "./rate-limit.ts";

describe("memory rate limiter", () => {
  it("allows up to the limit in a window, then refuses with a retry time", async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    for (let i = 0; i < 3; i++) expect((await limiter.hit("ip:1", 3, 60_000)).allowed).toBe(true);
    const refused = await limiter.hit("ip:1", 3, 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBe(60);
    expect((await limiter.hit("ip:2", 3, 60_000)).allowed).toBe(true);
    now += 60_001;
    expect((await limiter.hit("ip:1", 3, 60_000)).allowed).toBe(true);
  });
});
