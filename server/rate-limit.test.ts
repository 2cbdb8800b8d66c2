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

describe("memory rate limiter: peek and refund", () => {
  it("peeks without counting and takes an event back, never below zero", async () => {
    let now = 5_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    expect(await limiter.peek("k")).toEqual({ count: 0, retryAfter: 0 });
    await limiter.hit("k", 2, 10_000);
    await limiter.hit("k", 2, 10_000);
    expect(await limiter.peek("k")).toEqual({ count: 2, retryAfter: 10 });
    expect(await limiter.peek("k")).toEqual({ count: 2, retryAfter: 10 });
    await limiter.refund("k");
    expect((await limiter.hit("k", 2, 10_000)).allowed).toBe(true);
    await limiter.refund("k");
    await limiter.refund("k");
    await limiter.refund("k");
    expect((await limiter.peek("k")).count).toBe(0);
    now += 10_000;
    expect(await limiter.peek("k")).toEqual({ count: 0, retryAfter: 0 });
  });
});
