// Several instances as one shop through Redis (REDIS_URL, docs/decisions/094-shared-state-with-redis.md):
// two app instances on one database and one Redis key prefix. A login brute force alternating
// between them is refused after as many tries as on one instance; a price changed through the back
// office of one reaches the other's listing within a second, while that one serves nobody (a
// notice over Redis, not its request-driven check). With Redis down (a redis-server of this test's
// own, killed and started again) the shop keeps selling, limits hold per instance, the outage is
// logged once, and the instance goes back to Redis by itself.
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCatalogGeneration } from "../../../app/features/catalog/catalog-index.server.ts";
import { staffVisitor } from "../../support/staff.ts";
import { LogCapture, LOG_LEVEL } from "../../support/log-capture.ts";
import { deleteRedisKeys, freePort, PrivateRedis, redisValues, SHARED_REDIS_URL, uniqueRedisPrefix } from "../../support/redis.ts";
import { dialects, loadAppModule, startTestApp, type TestApp } from "../../support/test-app.ts";
import { uniqueEmail, Visitor } from "../../support/accounts-client.ts";

/** the promise: a change on one instance shows on every other within a second */
const WITHIN_MS = 1000;
const OUTAGE = /^Redis unavailable/;
const BACK = /^Redis is back/;
const CAUGHT_UP = "catalogue index caught up after a change notice";

let addressSeq = 0;
/** a documentation address (RFC 5737) of its own per call */
const freshAddress = () => `198.51.100.${++addressSeq}`;

const loginFrom = (base: string, address: string, email: string) =>
  new Visitor(base).post("/login/", { email, password: "угадываю пароль" }, { "x-forwarded-for": address });

/** A second instance on the first one's database (no seeding), logging into `log`. */
async function secondInstance(first: TestApp, log: LogCapture) {
  const { createApp } = await loadAppModule();
  const vitrina = await createApp(
    { ...first.config, seedDemo: false, logLevel: "debug", mailOutboxDir: path.join(os.tmpdir(), `vitrina-redis-second-${process.pid}`) },
    { logDestination: log.stream },
  );
  const server = http.createServer(vitrina.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    vitrina,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await vitrina.close();
    },
  };
}

describe.each(dialects)("two instances sharing Redis on %s", (dialect) => {
  const prefix = uniqueRedisPrefix();
  const logA = new LogCapture();
  const logB = new LogCapture();
  let a: TestApp;
  let b: Awaited<ReturnType<typeof secondInstance>>;

  beforeAll(async () => {
    a = await startTestApp(dialect, { trustProxy: true, logLevel: "debug", redis: { url: SHARED_REDIS_URL, prefix } }, { logDestination: logA.stream });
    b = await secondInstance(a, logB);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await deleteRedisKeys(SHARED_REDIS_URL, prefix);
  });

  it("refuses a login brute force alternating A and B after the same number of tries as on one instance", async () => {
    const email = uniqueEmail("target");
    const attacker = freshAddress();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await loginFrom(i % 2 ? b.url : a.url, attacker, email)).status);
    // five wrong passwords per account and address (decision 045), however they are spread
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await loginFrom(a.url, attacker, email);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Слишком много попыток входа");
    // the count is Redis's, under this shop's prefix
    expect((await redisValues(SHARED_REDIS_URL, prefix))[`rate:login:pair:${email}:${attacker}`]).toBe("5");
    expect([...logA.lines, ...logB.lines].filter((l) => l.level >= LOG_LEVEL.warn)).toEqual([]);
  });

  it("shows a price changed through A's back office in B's listing within a second, B serving nobody meanwhile", async () => {
    const db = a.vitrina.db.kysely;
    // the dearest plain product of a section: raised by half, it alone costs more than the old maximum
    const p = await db
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.id", "products.slug", "products.price", "sections.slug as section"])
      .where("products.kind", "=", "product")
      .where("products.published", "=", 1)
      .orderBy("products.price", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    const listing = `/catalog/${p.section}/?price[min]=${Math.round(Number(p.price) / 100) + 1}`;
    const shows = async () => (await (await fetch(b.url + listing)).text()).includes(`/product/${p.slug}/`);
    expect(await shows()).toBe(false);

    const { visitor: owner } = await staffVisitor(a, "owner");
    const from = logB.lines.length;
    const res = await owner.request("/admin/products/", {
      method: "POST",
      body: new URLSearchParams([
        ["ids", String(p.id)],
        ["action", "price"],
        ["percent", "50"],
      ]),
      headers: { accept: "text/html" },
    });
    expect(res.status).toBe(303);
    const savedAt = Date.now();
    const generation = await readCatalogGeneration(a.vitrina.db);

    // B, asked nothing since, brings its index up to the new generation on A's notice …
    const caughtUp = await logB.waitFor((l) => l.msg === CAUGHT_UP && Number(l.generation) >= generation, 5000, from);
    expect(caughtUp.announced).toBe(generation);
    // … so the very first request after the change finds it, within the second
    expect(await shows()).toBe(true);
    expect(Date.now() - savedAt).toBeLessThanOrEqual(WITHIN_MS);
    // A does not act on its own notice
    expect(logA.withMessage(CAUGHT_UP)).toEqual([]);
  });
});

describe.each(dialects)("an instance whose Redis goes down on %s", (dialect) => {
  const prefix = uniqueRedisPrefix();
  const log = new LogCapture();
  let redis: PrivateRedis;
  let app: TestApp;

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    app = await startTestApp(dialect, { trustProxy: true, logLevel: "info", redis: { url: redis.url, prefix } }, { logDestination: log.stream });
  });
  afterAll(async () => {
    await app?.stop();
    await redis?.stop();
  });

  it("keeps selling with limits per instance, says so once, and uses Redis again when it is back", async () => {
    const product = await app.vitrina.db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.id", "products.slug", "products.title", "sections.slug as section"])
      .where("products.kind", "=", "product")
      .where("products.published", "=", 1)
      .where("products.stock", ">=", 5)
      .orderBy("products.id")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await loginFrom(app.url, freshAddress(), uniqueEmail("before"))).status).toBe(401);
    expect(Object.keys(await redisValues(redis.url, prefix)).some((k) => k.startsWith("rate:login:"))).toBe(true);

    await redis.stop();
    for (const page of ["/", `/catalog/${product.section}/`, `/product/${product.slug}/`]) expect((await fetch(app.url + page)).status, page).toBe(200);
    const shopper = new Visitor(app.url);
    expect((await shopper.post("/cart/product/", { id: String(product.id), cnt: "1", type: "product" })).status).toBe(303);
    const cart = await shopper.get("/cart/");
    expect(cart.status).toBe(200);
    expect(await cart.text()).toContain(product.title);

    // the limits still hold, counted by this instance alone
    const email = uniqueEmail("during");
    const attacker = freshAddress();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await loginFrom(app.url, attacker, email)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const warnings = log.withMessage(OUTAGE);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(LOG_LEVEL.warn);

    await redis.start();
    await log.waitFor((l) => BACK.test(l.msg), 10_000);
    const after = uniqueEmail("after");
    const address = freshAddress();
    expect((await loginFrom(app.url, address, after)).status).toBe(401);
    expect((await redisValues(redis.url, prefix))[`rate:login:pair:${after}:${address}`]).toBe("1");
    expect(log.withMessage(OUTAGE)).toHaveLength(1);
  });
});
