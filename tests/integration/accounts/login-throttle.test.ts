// Login throttling that a stranger cannot turn against the account's owner (item 12).
// The app trusts the proxy here, so X-Forwarded-For chooses each request's client address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { PASSWORD, registerVisitor, uniqueEmail, Visitor } from "../../support/accounts-client.ts";

let addressSeq = 0;
/** a documentation address (RFC 5737) of its own per call */
const freshAddress = () => `203.0.113.${++addressSeq}`;

describe.each(dialects)("login throttling on %s", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect, { trustProxy: true, seedDemo: false });
  });
  afterAll(async () => {
    await app?.stop();
  });
  const loginFrom = (address: string, email: string, password: string) =>
    new Visitor(app.url).post("/login/", { email, password }, { "x-forwarded-for": address });
  const waitOut = async (address: string, email: string, password: string) => {
    // retry until the account's delay is over (each refused attempt is free and changes nothing)
    for (let i = 0; i < 100; i++) {
      const res = await loginFrom(address, email, password);
      if (res.status !== 429) return res;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("still refused after 10 s");
  };

  it("six wrong passwords from one address lock that address out, but the owner signs in from his own", async () => {
    const email = await registerVisitor(new Visitor(app.url));
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) expect((await loginFrom(attacker, email, "угадываю пароль")).status).toBe(401);
    const locked = await loginFrom(attacker, email, "угадываю пароль");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(await locked.text()).toContain("Слишком много попыток входа");
    // even the right password is refused from there
    expect((await loginFrom(attacker, email, PASSWORD)).status).toBe(429);

    const owner = await loginFrom(freshAddress(), email, PASSWORD);
    expect(owner.status).toBe(303);
    expect(owner.headers.get("location")).toBe("/profile/");
  });

  it("stops one address after 30 failures over many accounts; its successful sign-ins do not count", async () => {
    const email = await registerVisitor(new Visitor(app.url));
    const office = freshAddress();
    // an office where many people sign in is never refused for that
    for (let i = 0; i < 35; i++) expect((await loginFrom(office, email, PASSWORD)).status).toBe(303);
    for (let i = 0; i < 30; i++) expect((await loginFrom(office, uniqueEmail("spray"), "password1")).status).toBe(401);
    const refused = await loginFrom(office, uniqueEmail("spray"), "password1");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await loginFrom(office, email, PASSWORD)).status).toBe(429);
    // the same account from elsewhere is fine
    expect((await loginFrom(freshAddress(), email, PASSWORD)).status).toBe(303);
  });

  it("after 10 failures from many addresses each attempt waits a doubling delay; the owner's address is not slowed", async () => {
    const email = await registerVisitor(new Visitor(app.url));
    const home = freshAddress();
    expect((await loginFrom(home, email, PASSWORD)).status).toBe(303);
    for (let i = 0; i < 10; i++) expect((await loginFrom(freshAddress(), email, "угадываю пароль")).status).toBe(401);

    // the 11th attempt is let through; the next one right after it waits 1 second
    expect((await loginFrom(freshAddress(), email, "угадываю пароль")).status).toBe(401);
    const first = await loginFrom(freshAddress(), email, "угадываю пароль");
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("1");
    expect(await first.text()).toContain("Повторите через 1 секунду");

    // after that wait one more attempt goes through, and the next wait is 2 seconds
    expect((await waitOut(freshAddress(), email, "угадываю пароль")).status).toBe(401);
    const second = await loginFrom(freshAddress(), email, "угадываю пароль");
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("2");
    expect(await second.text()).toContain("Повторите через 2 секунды");

    // the owner at home is not slowed down at all
    expect((await loginFrom(home, email, PASSWORD)).status).toBe(303);
  });

  it("the owner from a new address gets in after a short wait at worst", async () => {
    const email = await registerVisitor(new Visitor(app.url));
    for (let i = 0; i < 12; i++) await loginFrom(freshAddress(), email, "угадываю пароль");
    const started = Date.now();
    const res = await waitOut(freshAddress(), email, PASSWORD);
    expect(res.status).toBe(303);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
