import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "../../../server/rate-limit.ts";
import { admitLogin, backoffSeconds, loginFailed, loginSucceeded, type LoginAdmission } from "../../../app/features/accounts/login-limits.server.ts";

const EMAIL = "owner@example.ru";

function clockAndLimiter() {
  const clock = { now: 10_000_000 };
  return { clock, limiter: createMemoryRateLimiter(() => clock.now) };
}

let seq = 0;
/** a new documentation address (RFC 3849) per call */
const stranger = () => `2001:db8::${(++seq).toString(16)}`;

describe("login backoff per account", () => {
  it("starts after 10 failures, doubles from 1 s and stops growing at 60 s", () => {
    expect([0, 9].map(backoffSeconds)).toEqual([0, 0]);
    expect([10, 11, 12, 13, 14, 15, 16, 17, 40, 10_000].map(backoffSeconds)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
  });

  it("makes each further attempt wait the growing delay, whatever address it comes from, capped at 60 s", async () => {
    const { clock, limiter } = clockAndLimiter();
    for (let i = 0; i < 10; i++) {
      const address = stranger();
      expect(await admitLogin(limiter, EMAIL, address)).toEqual({ allowed: true });
      await loginFailed(limiter, EMAIL);
    }
    const waits: number[] = [];
    for (let round = 0; round < 9; round++) {
      expect(await admitLogin(limiter, EMAIL, stranger())).toEqual({ allowed: true });
      await loginFailed(limiter, EMAIL);
      const refused = (await admitLogin(limiter, EMAIL, stranger())) as Extract<LoginAdmission, { allowed: false }>;
      expect(refused.allowed).toBe(false);
      expect(refused.reason).toBe("backoff");
      waits.push(refused.retryAfter);
      // one millisecond early is still too early …
      clock.now += refused.retryAfter * 1000 - 1;
      expect((await admitLogin(limiter, EMAIL, stranger())).allowed).toBe(false);
      // … on time is fine
      clock.now += 1;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it("does not slow down the owner's own address, and a success ends the slowdown for everyone", async () => {
    const { limiter } = clockAndLimiter();
    const home = "192.0.2.10";
    expect(await admitLogin(limiter, EMAIL, home)).toEqual({ allowed: true });
    await loginSucceeded(limiter, EMAIL, home);
    for (let i = 0; i < 12; i++) {
      if ((await admitLogin(limiter, EMAIL, stranger())).allowed) await loginFailed(limiter, EMAIL);
    }
    expect((await admitLogin(limiter, EMAIL, stranger())).allowed).toBe(false);
    expect(await admitLogin(limiter, EMAIL, home)).toEqual({ allowed: true });
    await loginSucceeded(limiter, EMAIL, home);
    expect(await admitLogin(limiter, EMAIL, stranger())).toEqual({ allowed: true });
  });

  it("refused attempts cost nothing: they neither count as failures nor push the next slot back", async () => {
    const { clock, limiter } = clockAndLimiter();
    for (let i = 0; i < 11; i++) {
      expect((await admitLogin(limiter, EMAIL, stranger())).allowed).toBe(true);
      await loginFailed(limiter, EMAIL);
    }
    clock.now += 1000; // the 11th attempt's 1 s slot is over
    // 11 failures: the next slot is 2 s long
    expect((await admitLogin(limiter, EMAIL, stranger())).allowed).toBe(true);
    for (let i = 0; i < 50; i++) expect((await admitLogin(limiter, EMAIL, stranger())).allowed).toBe(false);
    clock.now += 2000;
    expect((await admitLogin(limiter, EMAIL, stranger())).allowed).toBe(true);
  });
});

describe("login limits per address", () => {
  it("refuses the sixth failure on one account from one address, only there", async () => {
    const { limiter } = clockAndLimiter();
    const attacker = "198.51.100.7";
    for (let i = 0; i < 5; i++) {
      expect((await admitLogin(limiter, EMAIL, attacker)).allowed).toBe(true);
      await loginFailed(limiter, EMAIL);
    }
    expect(await admitLogin(limiter, EMAIL, attacker)).toEqual({ allowed: false, reason: "limit", retryAfter: 15 * 60 });
    expect(await admitLogin(limiter, EMAIL, "192.0.2.10")).toEqual({ allowed: true });
  });

  it("stops one address after 30 failures over many accounts, while its successes do not count", async () => {
    const { limiter } = clockAndLimiter();
    const office = "198.51.100.8";
    for (let i = 0; i < 40; i++) {
      expect((await admitLogin(limiter, `worker${i}@example.ru`, office)).allowed).toBe(true);
      await loginSucceeded(limiter, `worker${i}@example.ru`, office);
    }
    for (let i = 0; i < 30; i++) {
      expect((await admitLogin(limiter, `guess${i}@example.ru`, office)).allowed).toBe(true);
      await loginFailed(limiter, `guess${i}@example.ru`);
    }
    expect((await admitLogin(limiter, "worker1@example.ru", office)).allowed).toBe(false);
    expect((await admitLogin(limiter, "worker1@example.ru", "192.0.2.11")).allowed).toBe(true);
  });
});
