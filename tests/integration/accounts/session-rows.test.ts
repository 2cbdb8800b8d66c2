// Session rows are made only when something is stored, new ones are rate-limited per client
// address (sized for shoppers behind one NAT address, decision 102), a new visitor's row lives an
// hour until its cookie comes back, and expired ones are purged with their carts on a schedule.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { FIRST_VISIT_TTL_MS, SESSION_TTL_MS } from "../../../app/features/accounts/sessions.server.ts";
import { Visitor } from "../../support/accounts-client.ts";

const sessionCount = async (app: TestApp) =>
  Number(
    (
      await app.vitrina.db.kysely
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const setsSessionCookie = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("vitrina_sid="));

let addressSeq = 0;
/** a documentation address (RFC 5737) of its own per call, so per-address limits never mix */
const freshAddress = () => `198.51.100.${++addressSeq}`;

/** A visitor without a cookie behind a proxy that reports `address` (the app trusts the proxy). */
function from(app: TestApp, address: string) {
  const v = new Visitor(app.url);
  return {
    visitor: v,
    post: (path: string, fields: Record<string, string>) => v.post(path, fields, { "x-forwarded-for": address }),
    postJson: (path: string, body: unknown) =>
      v.request(path, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", accept: "application/json", "x-forwarded-for": address },
      }),
  };
}

describe.each(dialects)("session rows on %s", (dialect) => {
  let app: TestApp;
  let product: { id: number };
  beforeAll(async () => {
    // the purge runs often here, so a test sees it delete what has expired
    app = await startTestApp(dialect, { trustProxy: true, sessionPurgeIntervalMs: 300 });
    product = await app.vitrina.db.kysely
      .selectFrom("products")
      .select("id")
      .where("kind", "=", "product")
      .where("stock", ">", 2)
      .orderBy("id")
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("only a post that stores something creates a session: refused logins, forms, carts and checkouts leave no row", async () => {
    const before = await sessionCount(app);
    const checkout = {
      name: "Анна",
      phone: "8 (916) 123-45-67",
      delivery: "floor",
      address: "Москва, ул. Тверская, д. 1, кв. 5",
      floor: "7",
      lift: "none",
      consent: "on",
      consentVersion: "2026-11-22",
    };
    const kinds: [string, (c: ReturnType<typeof from>, i: number) => Promise<Response>, number][] = [
      ["wrong password", (c, i) => c.post("/login/", { email: `nobody.${i}@example.ru`, password: "не тот пароль" }), 401],
      ["invalid login form", (c) => c.post("/login/", { email: "nope", password: "" }), 400],
      ["invalid registration", (c) => c.post("/register/", { name: "", email: "anna@", phone: "1", password: "short" }), 400],
      ["unknown product into the cart", (c) => c.postJson("/cart/product/", { id: 99999999, cnt: 1, mode: "add" }), 404],
      ["unknown product into the cart, no JavaScript", (c) => c.post("/cart/product/", { id: "99999999", cnt: "1" }), 404],
      ["bad quantity", (c) => c.postJson("/cart/product/", { id: product.id, cnt: 5000 }), 422],
      ["removing what is not in the cart", (c) => c.postJson("/cart/product/", { id: product.id, cnt: 0 }), 200],
      ["changing a cart line that is not there", (c) => c.postJson("/cart/product/", { line: 12345, cnt: 2 }), 404],
      ["unknown product into the comparison", (c) => c.postJson("/compare/toggle/", { id: 99999999 }), 404],
      ["clearing an empty comparison", (c) => c.post("/compare/", { remove: "all" }), 303],
      ["checkout of an empty cart", (c, i) => c.post("/checkout/", { ...checkout, idempotencyKey: `empty-cart-key-${i}-${dialect}` }), 303], // back to the empty cart
      ["logout without a session", (c) => c.post("/logout/", {}), 303],
    ];
    for (const [kind, send, status] of kinds) {
      for (let i = 0; i < 10; i++) {
        const res = await send(from(app, freshAddress()), i);
        expect(res.status, kind).toBe(status);
        expect(setsSessionCookie(res), kind).toBe(false);
      }
      expect(await sessionCount(app), kind).toBe(before);
    }

    // a post that stores something creates exactly one session, and its cookie
    const buyer = from(app, freshAddress());
    const added = await buyer.postJson("/cart/product/", { id: product.id, cnt: 1, mode: "add" });
    expect(added.status).toBe(200);
    expect((await added.json()) as { cnt: number }).toMatchObject({ cnt: 1 });
    expect(buyer.visitor.cookie).not.toBe("");
    expect(await sessionCount(app)).toBe(before + 1);
    // … and reuses it afterwards
    expect((await buyer.postJson("/compare/toggle/", { id: product.id })).status).toBe(200);
    expect(await sessionCount(app)).toBe(before + 1);

    const comparer = from(app, freshAddress());
    const compared = await comparer.postJson("/compare/toggle/", { id: product.id });
    expect(await compared.json()).toEqual({ compared: true, count: 1 });
    expect(await sessionCount(app)).toBe(before + 2);
  });

  it("gives 300 new shoppers behind one address (a carrier's NAT, an office gateway) each their cart", async () => {
    const address = freshAddress();
    const shoppers = Array.from({ length: 300 }, () => from(app, address));
    // ten at a time, as people behind one gateway arrive
    for (let i = 0; i < shoppers.length; i += 10) {
      const answers = await Promise.all(shoppers.slice(i, i + 10).map((s) => s.postJson("/cart/product/", { id: product.id, cnt: 1, mode: "add" })));
      for (const [j, res] of answers.entries()) {
        expect(res.status, `shopper ${i + j + 1}`).toBe(200);
        expect((await res.json()) as { cnt: number }, `shopper ${i + j + 1}`).toMatchObject({ cnt: 1 });
      }
    }
    // each one's cart is there on their next page
    for (const s of [shoppers[0]!, shoppers[150]!, shoppers[299]!]) {
      const cart = await s.visitor.get("/cart/", { "x-forwarded-for": address });
      expect(cart.status).toBe(200);
      expect(await cart.text()).not.toContain("Корзина пуста");
    }
  });

  it("keeps a new visitor's row an hour until the cookie comes back, then 30 days; unreturned rows go with their carts", async () => {
    const address = freshAddress();
    const startedAt = Date.now();
    const once = Array.from({ length: 5 }, () => from(app, address));
    for (const v of once) expect((await v.postJson("/cart/product/", { id: product.id, cnt: 1, mode: "add" })).status).toBe(200);
    const returning = from(app, address);
    expect((await returning.post("/cart/product/", { id: String(product.id), cnt: "1" })).status).toBe(303);
    const sid = (v: Visitor) => decodeURIComponent(v.cookie.replace(/^vitrina_sid=/, "")).replace(/\.[^.]*$/, "");
    const expiryOf = async (v: Visitor) =>
      Number((await app.vitrina.db.kysely.selectFrom("sessions").select("expires_at").where("id", "=", sid(v)).executeTakeFirst())?.expires_at ?? 0);
    for (const v of [...once, returning]) expect(await expiryOf(v.visitor)).toBeLessThanOrEqual(Date.now() + FIRST_VISIT_TTL_MS);
    // the browser follows the redirect with its cookie: from then on the session has its 30 days
    const cartPage = await returning.visitor.get("/cart/", { "x-forwarded-for": address });
    expect(await cartPage.text()).not.toContain("Корзина пуста");
    expect(await expiryOf(returning.visitor)).toBeGreaterThan(startedAt + SESSION_TTL_MS - 60_000);

    // an hour later (moved back by hand): the purge deletes the unreturned rows and their cart lines
    const onceIds = once.map((v) => sid(v.visitor));
    await app.vitrina.db.kysely
      .updateTable("sessions")
      .set({ expires_at: Date.now() - 1 })
      .where("id", "in", onceIds)
      .execute();
    await vi.waitFor(
      async () => {
        const rows = await app.vitrina.db.kysely.selectFrom("sessions").select("id").where("id", "in", onceIds).execute();
        expect(rows).toEqual([]);
        const lines = await app.vitrina.db.kysely
          .selectFrom("cart_lines")
          .select("owner")
          .where(
            "owner",
            "in",
            onceIds.map((id) => `s:${id}`),
          )
          .execute();
        expect(lines).toEqual([]);
      },
      { timeout: 10_000, interval: 100 },
    );
    // the returning shopper keeps session and cart
    expect(await expiryOf(returning.visitor)).toBeGreaterThan(Date.now());
    expect(await (await returning.visitor.get("/cart/", { "x-forwarded-for": address })).text()).not.toContain("Корзина пуста");
  });

  it("refuses a new session beyond the per-address limit (NEW_SESSION_LIMIT), in Russian; other addresses and existing sessions go on", async () => {
    // a small limit set through the configuration, so the test need not open 5 000 sessions
    const app = await startTestApp(dialect, { trustProxy: true, newSessionLimit: 20 });
    try {
      const address = freshAddress();
      const first = from(app, address);
      expect((await first.postJson("/compare/toggle/", { id: product.id })).status).toBe(200);
      for (let i = 1; i < 20; i++) expect((await from(app, address).postJson("/compare/toggle/", { id: product.id })).status).toBe(200);
      const before = await sessionCount(app);

      const refused = await from(app, address).postJson("/compare/toggle/", { id: product.id });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(600);
      expect(((await refused.json()) as { error: string }).error).toMatch(/Слишком много новых посещений с вашего адреса/);

      const noScript = await from(app, address).post("/cart/product/", { id: String(product.id), cnt: "1" });
      expect(noScript.status).toBe(429);
      expect(noScript.headers.get("content-type")).toMatch(/text\/html/);
      expect(await noScript.text()).toContain("Слишком много новых посещений с вашего адреса");
      expect(await sessionCount(app)).toBe(before);

      // the visitor who already has a session keeps using it from the same address
      expect((await first.postJson("/cart/product/", { id: product.id, cnt: 1, mode: "add" })).status).toBe(200);
      // and another address is not affected
      expect((await from(app, freshAddress()).postJson("/compare/toggle/", { id: product.id })).status).toBe(200);
      expect(await sessionCount(app)).toBe(before + 1);
    } finally {
      await app.stop();
    }
  });

  it("purges expired sessions and registration links on its schedule and keeps live ones", async () => {
    const purging = await startTestApp(dialect, { seedDemo: false, sessionPurgeIntervalMs: 200 });
    try {
      const { kysely } = purging.vitrina.db;
      const now = Date.now();
      const row = (id: string, expiresAt: number) => ({ id, user_id: null, data: "{}", created_at: expiresAt - SESSION_TTL_MS, expires_at: expiresAt });
      await kysely
        .insertInto("sessions")
        .values([row("expired-a", now - 1000), row("expired-b", now - SESSION_TTL_MS), row("live", now + SESSION_TTL_MS)])
        .execute();
      const pending = (hash: string, expiresAt: number) => ({
        token_hash: hash,
        email: `${hash}@example.ru`,
        name: "Анна",
        phone: "",
        password_hash: "x",
        created_at: now,
        expires_at: expiresAt,
      });
      await kysely
        .insertInto("pending_registrations")
        .values([pending("a".repeat(64), now - 1000), pending("b".repeat(64), now + 60_000)])
        .execute();
      await vi.waitFor(
        async () => {
          const ids = (await kysely.selectFrom("sessions").select("id").execute()).map((r) => r.id);
          expect(ids).toEqual(["live"]);
          const hashes = (await kysely.selectFrom("pending_registrations").select("token_hash").execute()).map((r) => r.token_hash);
          expect(hashes).toEqual(["b".repeat(64)]);
        },
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await purging.stop();
    }
  });
});
