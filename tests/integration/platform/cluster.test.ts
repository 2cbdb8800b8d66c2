// Two instances behind nginx are one shop (decision 096): PostgreSQL (a fresh schema per
// run) and Redis (a key prefix per run), started by the same code as `npm run cluster`. A cart
// filled on A is read on B; a login brute force alternating A and B is limited as one; a price
// saved in the back office on A shows on B within a second; twenty buyers of the last unit make
// exactly one order; SIGKILL of A during a burst of GETs costs no visitor an error; orders in
// flight on A when it dies are whole or absent, and sent again make no second order. Without
// PostgreSQL, Redis or nginx it fails, saying what to install.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Parser } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropPgSchema, openDatabase, type Db } from "../../../app/db/database.server.ts";
import { formatPrice } from "../../../app/lib/format.ts";
import { startCluster, type Cluster, type ClusterInstance } from "../../../scripts/cluster.ts";
import { checkoutForm } from "../../support/orders.ts";
import { staffVisitor } from "../../support/staff.ts";
import { deleteRedisKeys, SHARED_REDIS_URL, uniqueRedisPrefix } from "../../support/redis.ts";
import { MEDIA_DIR } from "../../support/test-app.ts";
import { SESSION_SECRET, Visitor } from "../../support/accounts-client.ts";
import { mainOf, textOf } from "../../support/page-text.ts";
import { setVariantStock } from "../../support/variants.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const tag = `${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
const SCHEMA = `vitrina_cluster_${tag}`;
const REDIS_URL = process.env.REDIS_URL ?? SHARED_REDIS_URL;
const REDIS_PREFIX = uniqueRedisPrefix();
const UPLOAD_DIR = path.join(root, "data/test-uploads", `cluster-${tag}`);
/** the promise for a change to reach another instance */
const WITHIN_MS = 1000;

const testIdText = (html: string, id: string) => textOf(new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? "").trim();
const sp = (s: string) => s.replace(/\u00A0/g, " ");

/** The fields a browser would post from the form that has a `version` field, as the page shows them. */
function formFields(html: string): Record<string, string> {
  const form = [...html.matchAll(/<form[^>]*>[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes('name="version"'));
  if (!form) throw new Error("no form with a version on the page");
  const fields: Record<string, string> = {};
  let textarea: string | null = null;
  let select: { name: string; first?: string; chosen?: string } | null = null;
  const parser = new Parser(
    {
      onopentag(tag, a) {
        if (a.disabled !== undefined) return;
        if (tag === "input" && a.name) {
          const type = (a.type ?? "text").toLowerCase();
          if (["submit", "button", "file", "image", "reset"].includes(type)) return;
          if ((type === "checkbox" || type === "radio") && a.checked === undefined) return;
          fields[a.name] = a.value ?? (type === "checkbox" || type === "radio" ? "on" : "");
        } else if (tag === "textarea" && a.name) {
          textarea = a.name;
          fields[a.name] = "";
        } else if (tag === "select" && a.name) {
          select = { name: a.name };
        } else if (tag === "option" && select) {
          const value = a.value ?? "";
          select.first ??= value;
          if (a.selected !== undefined) select.chosen = value;
        }
      },
      ontext(text) {
        if (textarea) fields[textarea] += text;
      },
      onclosetag(tag) {
        if (tag === "textarea") textarea = null;
        if (tag === "select" && select) {
          fields[select.name] = select.chosen ?? select.first ?? "";
          select = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(form);
  parser.end();
  return fields;
}

/** A pause between polls of a condition (never a wait for something to have happened). */
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("two instances behind nginx on PostgreSQL and Redis", () => {
  let cluster: Cluster;
  let db: Db;
  let a: ClusterInstance;
  let b: ClusterInstance;

  beforeAll(async () => {
    // fails (does not skip) with what to install when PostgreSQL, Redis or nginx is missing
    cluster = await startCluster({
      instances: 2,
      port: 0,
      databaseUrl: DATABASE_URL,
      databaseSchema: SCHEMA,
      redisUrl: REDIS_URL,
      sessionSecret: SESSION_SECRET,
      mediaDir: MEDIA_DIR,
      uploadDir: UPLOAD_DIR,
      env: { LOG_LEVEL: "warn", REDIS_PREFIX },
      build: "require",
    });
    [a, b] = cluster.instances as [ClusterInstance, ClusterInstance];
    db = openDatabase(DATABASE_URL, { schema: SCHEMA });
  });

  afterAll(async () => {
    await cluster?.stop();
    await db?.close();
    // a cluster that never started may have left a schema, or PostgreSQL is what was missing (already said)
    await dropPgSchema(DATABASE_URL, SCHEMA).catch((err: unknown) => {
      if (cluster) throw err;
    });
    fs.rmSync(UPLOAD_DIR, { recursive: true, force: true });
    // only a started cluster wrote to Redis (and only then is Redis known to be there)
    if (cluster) await deleteRedisKeys(REDIS_URL, REDIS_PREFIX);
  });

  /** A product (not a set, not in a set) with its section, `skip` rows into the catalogue, stock set to `stock`. */
  async function product(skip: number, stock: number) {
    const row = await db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.id", "products.slug", "products.title", "products.price", "sections.slug as sectionSlug"])
      .where("products.kind", "=", "product")
      .where("products.published", "=", 1)
      .where("products.id", "not in", db.kysely.selectFrom("set_items").select("item_id"))
      .orderBy("products.id")
      .offset(skip)
      .limit(1)
      .executeTakeFirstOrThrow();
    await setVariantStock(db.kysely, row.id, stock);
    return { ...row, price: Number(row.price) };
  }
  const stockOf = async (id: number) => (await db.kysely.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;

  const addToCart = async (v: Visitor, id: number, cnt = 1) => {
    const res = await v.request("/cart/product/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ id, cnt, type: "product" }),
    });
    expect(res.status, `add ${id} to the cart at ${v.base}`).toBe(200);
  };
  /** the checkout form posted, with a key of its own unless the test repeats one */
  const checkout = (v: Visitor, idempotencyKey?: string) =>
    v.post(
      "/checkout/",
      checkoutForm({
        name: "Вера Кластерова",
        phone: "+7 (916) 555-44-33",
        delivery: "courier",
        address: "Москва, ул. Лесная, д. 5, кв. 12",
        ...(idempotencyKey ? { idempotencyKey } : {}),
      }),
    );
  /** A visitor on `base` that carries `from`'s session cookie. */
  const sameSession = (from: Visitor, base: string) => {
    const v = new Visitor(base);
    v.cookie = from.cookie;
    return v;
  };

  it("reads on B (and through nginx) the cart filled on A, with the same session cookie", async () => {
    const p = await product(0, 10);
    const onA = new Visitor(a.url);
    await addToCart(onA, p.id, 2);
    expect(onA.cookie).not.toBe("");
    for (const base of [b.url, cluster.url]) {
      const page = await (await sameSession(onA, base).get("/cart/")).text();
      expect(mainOf(page), base).toContain(p.title);
      expect(sp(testIdText(page, "cart-sum")), base).toBe(sp(formatPrice(2 * p.price)));
    }
  });

  it("limits a login brute force alternating A and B as one: 429 after the single-instance number of tries", async () => {
    // an address of its own (TRUST_PROXY=1) and an account nobody has: a wrong e-mail counts as a wrong password
    const address = `203.0.113.${crypto.randomInt(1, 250)}`;
    const email = `brute.${tag}@example.ru`;
    const tryOn = (instance: ClusterInstance) =>
      new Visitor(instance.url).post("/login/", { email, password: "угадываю пароль" }, { "x-forwarded-for": address });
    // one instance refuses the sixth wrong password on one account from one address (login-throttle.test.ts)
    for (let i = 0; i < 5; i++) expect((await tryOn(i % 2 ? b : a)).status, `try ${i + 1}`).toBe(401);
    const sixth = await tryOn(b);
    expect(sixth.status).toBe(429);
    expect(await sixth.text()).toContain("Слишком много попыток входа");
    expect((await tryOn(a)).status).toBe(429);
  });

  it("counts a visitor who forges X-Forwarded-For through nginx as the one address nginx sees", async () => {
    const email = `forger.${tag}@example.ru`;
    const tryThroughNginx = (forged: string) => new Visitor(cluster.url).post("/login/", { email, password: "угадываю пароль" }, { "x-forwarded-for": forged });
    for (let i = 1; i <= 5; i++) expect((await tryThroughNginx(`198.51.100.${i}`)).status, `try ${i}`).toBe(401);
    expect((await tryThroughNginx("198.51.100.6")).status).toBe(429);
  });

  it("serves the build's assets from nginx itself (a year, immutable) and compresses pages there", async () => {
    const home = await (await fetch(`${cluster.url}/`)).text();
    const asset = /\/assets\/[\w.-]+\.css/.exec(home)?.[0];
    expect(asset).toBeDefined();
    const res = await fetch(cluster.url + asset!, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    // the app adds helmet's headers to everything it answers: this came from nginx
    expect(res.headers.get("origin-agent-cluster")).toBeNull();
    const page = await fetch(`${cluster.url}/catalog/`, { headers: { "accept-encoding": "br, gzip" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-encoding")).toBe(cluster.brotli ? "br" : "gzip");
    expect(await page.text()).toContain("</html>");
  });

  it("shows a price saved in the back office on A on B's listing and product page within a second", async () => {
    const listing = (sectionSlug: string) => `/catalog/${sectionSlug}/?direction=name`;
    // the first product of its section's listing by name: a new price does not move it off the page
    const some = await product(5, 7);
    const firstSlug = /href="\/product\/([^/"]+)\/"/.exec(await (await fetch(b.url + listing(some.sectionSlug))).text())?.[1];
    const p = await db.kysely.selectFrom("products").select(["id", "slug", "price"]).where("slug", "=", firstSlug!).executeTakeFirstOrThrow();
    // a price no other product has, so finding it on a page means this product's card
    let newPrice = 27_182_800;
    while (await db.kysely.selectFrom("products").select("id").where("price", "=", newPrice).executeTakeFirst()) newPrice += 100;
    const shows = async (address: string) => sp(mainOf(await (await fetch(b.url + address)).text())).includes(sp(formatPrice(newPrice)));
    const pages = [listing(some.sectionSlug), `/product/${p.slug}/`];
    for (const address of pages) expect(await shows(address), address).toBe(false);

    const { visitor: editor } = await staffVisitor({ vitrina: { db }, url: a.url }, "content");
    const formPage = await editor.get(`/admin/products/${p.id}/`);
    expect(formPage.status).toBe(200);
    const fields = formFields(await formPage.text());
    expect(fields.price).toBeDefined();
    const saved = await editor.post(`/admin/products/${p.id}/`, { ...fields, price: String(newPrice / 100) });
    expect(
      saved.status,
      await saved
        .clone()
        .text()
        .then((t) => mainOf(t).slice(0, 300)),
    ).toBe(303);
    const savedAt = Date.now();
    expect(Number((await db.kysely.selectFrom("products").select("price").where("id", "=", p.id).executeTakeFirstOrThrow()).price)).toBe(newPrice);

    // both pages polled from the save's answer on; a second and a half at most, then the figures speak
    const tookMs = await Promise.all(
      pages.map(async (address) => {
        while (Date.now() - savedAt < WITHIN_MS + 500) {
          if (await shows(address)) return Date.now() - savedAt;
          await tick(20);
        }
        return Infinity;
      }),
    );
    for (const [i, ms] of tookMs.entries()) expect(ms, `${pages[i]} on B, ms after the save on A`).toBeLessThan(WITHIN_MS);
  });

  it("sells the last unit to exactly one of twenty buyers spread over both instances; nineteen hear it is sold out", async () => {
    const p = await product(8, 20);
    const ordersBefore = await db.kysely.selectFrom("order_lines").select("order_id").where("product_id", "=", p.id).execute();
    const bases = [cluster.url, a.url, cluster.url, b.url];
    const buyers = Array.from({ length: 20 }, (_, i) => new Visitor(bases[i % bases.length]!));
    for (const buyer of buyers) await addToCart(buyer, p.id);
    await setVariantStock(db.kysely, p.id, 1);

    const answers = await Promise.all(buyers.map((buyer) => checkout(buyer)));
    const won = answers.filter((r) => r.status === 303);
    const lost = answers.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(won[0]!.headers.get("location")).toMatch(/^\/order\/[\w-]+\/$/);
    expect(lost).toHaveLength(19);
    for (const res of lost) {
      const main = mainOf(await res.text());
      expect(main).toMatch(/раскупили|нет в наличии/);
      expect(main).toContain(p.title);
    }
    const ordersAfter = await db.kysely.selectFrom("order_lines").select("order_id").where("product_id", "=", p.id).execute();
    expect(ordersAfter.length - ordersBefore.length).toBe(1);
    expect(await stockOf(p.id)).toBe(0);
  });

  it("answers every GET of a burst through nginx with 200 while instance A is killed (SIGKILL) in the middle", async () => {
    const p = await product(10, 5);
    const addresses = ["/", "/catalog/", `/catalog/${p.sectionSlug}/`, `/product/${p.slug}/`, "/delivery/", "/search/?q=%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD"];
    const logBefore = fs.existsSync(cluster.accessLog) ? fs.statSync(cluster.accessLog).size : 0;
    const total = 400;
    const killAfter = 100;
    const failures: string[] = [];
    let started = 0;
    let answered = 0;
    let killing: Promise<void> | null = null;
    const worker = async () => {
      while (started < total) {
        const address = addresses[started++ % addresses.length]!;
        const res = await fetch(cluster.url + address, { redirect: "manual" }).catch((err: Error) => err);
        if (res instanceof Error) failures.push(`${address}: ${res.message}`);
        else {
          const body = await res.text().catch((err: Error) => `unreadable: ${err.message}`);
          if (res.status !== 200 || !body.trimEnd().endsWith("</html>")) failures.push(`${address}: ${res.status} ${body.slice(0, 120)}`);
        }
        if (++answered === killAfter) killing = a.kill("SIGKILL");
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await killing;
    expect(killing, "A was killed during the burst").not.toBeNull();
    expect(failures).toEqual([]);
    expect(answered).toBe(total);
    // nginx did send some of them to A and, finding it dead, on to B
    const log = fs.readFileSync(cluster.accessLog, "utf8").slice(logBefore);
    expect(log).toMatch(new RegExp(`upstream=127\\.0\\.0\\.1:${a.port}, 127\\.0\\.0\\.1:${b.port} `));
    await a.restart();
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
  });

  it("leaves orders in flight on A when it is killed whole or absent: lines, totals and stock agree after its restart", async () => {
    const [p, q] = [await product(12, 100), await product(13, 100)];
    const buyers = Array.from({ length: 16 }, () => new Visitor(a.url));
    for (const buyer of buyers) {
      await addToCart(buyer, p.id);
      await addToCart(buyer, q.id, 2);
    }
    const keys = buyers.map(() => crypto.randomBytes(18).toString("base64url"));
    let firstAnswer: () => void = () => undefined;
    const oneAnswered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const inFlight = buyers.map((buyer, i) =>
      checkout(buyer, keys[i]).then(
        (res) => {
          firstAnswer();
          return res.status;
        },
        () => {
          firstAnswer();
          return "cut" as const;
        },
      ),
    );
    await oneAnswered;
    await a.kill("SIGKILL");
    const outcomes = await Promise.all(inFlight);
    expect(outcomes.filter((o) => o === "cut").length, "requests cut by the kill").toBeGreaterThan(0);
    for (const o of outcomes) expect([303, "cut"]).toContain(o);
    await a.restart();

    const orders = await db.kysely.selectFrom("orders").selectAll().where("idempotency_key", "in", keys).execute();
    for (const [i, o] of outcomes.entries()) {
      const order = orders.find((x) => x.idempotency_key === keys[i]);
      // an answered order exists; a cut one exists whole or not at all, and then its cart is intact
      if (o === 303) expect(order, `buyer ${i}`).toBeDefined();
      if (!order) {
        const cart = await (await sameSession(buyers[i]!, b.url).get("/cart/")).text();
        expect(sp(testIdText(cart, "cart-sum")), `buyer ${i}'s cart`).toBe(sp(formatPrice(p.price + 2 * q.price)));
      }
    }
    for (const order of orders) {
      const lines = await db.kysely.selectFrom("order_lines").selectAll().where("order_id", "=", order.id).orderBy("product_id").execute();
      expect(lines.map((l) => [l.product_id, l.qty]).sort()).toEqual(
        [
          [p.id, 1],
          [q.id, 2],
        ].sort(),
      );
      const items = lines.reduce((sum, l) => sum + Number(l.price) * l.qty, 0);
      expect(Number(order.items_total), order.number).toBe(items);
      expect(Number(order.total), order.number).toBe(items - Number(order.promo_discount) + Number(order.delivery_cost) + Number(order.lifting_cost));
      const history = await db.kysely.selectFrom("order_status_history").select("status").where("order_id", "=", order.id).execute();
      expect(history.map((h) => h.status)).toEqual(["new"]);
    }
    expect(await stockOf(p.id)).toBe(100 - orders.length);
    expect(await stockOf(q.id)).toBe(100 - 2 * orders.length);

    // a buyer left without an answer sends the form again (same key) through nginx: the order made
    // before the kill is found, not made twice; one the kill undid is made now
    for (const [i, o] of outcomes.entries()) {
      if (o !== "cut") continue;
      const again = await checkout(sameSession(buyers[i]!, cluster.url), keys[i]);
      expect(again.status, `buyer ${i} again`).toBe(303);
      const before = orders.find((x) => x.idempotency_key === keys[i]);
      if (before) expect(again.headers.get("location")).toBe(`/order/${before.number}/`);
    }
    const all = await db.kysely.selectFrom("orders").select("idempotency_key").where("idempotency_key", "in", keys).execute();
    expect(all).toHaveLength(buyers.length);
    expect(await stockOf(p.id)).toBe(100 - buyers.length);
  });
});
