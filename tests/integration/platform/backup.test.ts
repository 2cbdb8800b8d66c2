// Backups as an operator makes them (decision 095). SQLite: `npm run backup` while the shop takes
// orders, `npm run restore` into a new file, the shop started on it has every order placed before
// the backup, whole, and the file passes integrity_check; restore refuses a running shop's
// database and a file that is not this shop's. PostgreSQL (with TEST_DATABASE_URL): the README's
// pg_dump / pg_restore commands move a schema into a fresh one and the shop started there shows
// the same product price and the order placed before the dump.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listContactPoints } from "../../../app/features/content/content.server.ts";
import { formatPrice } from "../../../app/lib/format.ts";
import { checkoutForm } from "../../support/orders.ts";
import { startTestApp, type TestApp } from "../../support/test-app.ts";
import { Visitor } from "../../support/accounts-client.ts";
import { setVariantStock } from "../../support/variants.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../..");
const work = path.join(root, "data/test-backups", String(process.pid));

/** `node scripts/backup.ts <args>` as `npm run backup|restore` runs it */
function backupScript(args: string[], databaseUrl: string) {
  return run(process.execPath, ["scripts/backup.ts", ...args], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } });
}

/** An order placed as a visitor places it: one product in the cart, the checkout form, pickup. */
async function placeOrder(app: TestApp, productId: number, pickupPoint: number, n: number): Promise<string> {
  const v = new Visitor(app.url);
  expect((await v.post("/cart/product/", { id: String(productId), cnt: "1", type: "product" })).status).toBe(303);
  const res = await v.post(
    "/checkout/",
    checkoutForm({
      name: `Покупатель ${n}`,
      phone: "+7 (916) 123-45-67",
      email: `buyer${n}@example.ru`,
      delivery: "pickup",
      pickupPoint: String(pickupPoint),
    }),
  );
  expect(res.status).toBe(303);
  return /\/order\/([^/]+)\//.exec(res.headers.get("location") ?? "")![1]!;
}

async function stockedProduct(app: TestApp) {
  const product = await app.vitrina.db.kysely
    .selectFrom("products")
    .select(["id", "slug", "price"])
    .where("kind", "=", "product")
    .where("published", "=", 1)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await setVariantStock(app.vitrina.db.kysely, product.id, 10_000);
  const [point] = await listContactPoints(app.vitrina.db);
  return { ...product, pickupPoint: point!.id };
}

/** the numbers of orders that have at least one line */
async function wholeOrders(app: TestApp, numbers: string[]): Promise<string[]> {
  const rows = await app.vitrina.db.kysely
    .selectFrom("orders")
    .innerJoin("order_lines", "order_lines.order_id", "orders.id")
    .select("orders.number")
    .distinct()
    .where("orders.number", "in", numbers)
    .execute();
  return rows.map((r) => r.number).sort();
}

beforeAll(() => fs.mkdirSync(work, { recursive: true }));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe("SQLite backup and restore", () => {
  let app: TestApp;
  let restored: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await restored?.stop();
    await app?.stop();
  });

  it("copies the database while orders are placed, and the shop starts on the restored copy with them", async () => {
    const product = await stockedProduct(app);
    const before: string[] = [];
    for (let i = 0; i < 3; i++) before.push(await placeOrder(app, product.id, product.pickupPoint, i));

    // buyers keep ordering in parallel while the backup runs
    let ordering = true;
    let placedDuring = 0;
    const buyers = Array.from({ length: 4 }, async (_, b) => {
      for (let i = 0; ordering; i++) {
        await placeOrder(app, product.id, product.pickupPoint, 100 * (b + 1) + i);
        placedDuring++;
      }
    });
    const file = path.join(work, "shop-backup.db");
    let output: { stdout: string };
    try {
      while (placedDuring < 4) await new Promise((r) => setImmediate(r));
      output = await backupScript(["backup", "--out", file], app.config.databaseUrl);
    } finally {
      ordering = false;
      await Promise.all(buyers);
    }
    expect(output.stdout).toContain("integrity_check: ok");
    // the copy alone: no -wal, -shm or .part beside it
    expect(fs.readdirSync(work).filter((f) => f.startsWith("shop-backup"))).toEqual(["shop-backup.db"]);
    expect(placedDuring).toBeGreaterThanOrEqual(4);

    // the running shop's own file is not to be overwritten
    const refused = await backupScript(["restore", file], app.config.databaseUrl).catch((err: { code: number; stderr: string }) => err);
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toContain("Остановите магазин");

    const target = path.join(work, "restored.db");
    const done = await backupScript(["restore", file], target);
    expect(done.stdout).toContain("Восстановлено");
    expect(fs.existsSync(`${target}-wal`)).toBe(false);
    const check = new SQLite(target, { readonly: true });
    expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    check.close();

    restored = await startTestApp("sqlite", { databaseUrl: target, seedDemo: false });
    expect(await wholeOrders(restored, before)).toEqual([...before].sort());
    // no half orders: every order in the copy has its lines
    const lineless = await restored.vitrina.db.kysely
      .selectFrom("orders")
      .leftJoin("order_lines", "order_lines.order_id", "orders.id")
      .select("orders.number")
      .where("order_lines.id", "is", null)
      .execute();
    expect(lineless).toEqual([]);
    const page = await fetch(`${restored.url}/product/${product.slug}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(formatPrice(product.price));
  });

  it("refuses a file that is not a database of this shop", async () => {
    const text = path.join(work, "notes.db");
    fs.writeFileSync(text, "not a database at all");
    const other = path.join(work, "other.db");
    const db = new SQLite(other);
    db.exec("create table t (x)");
    db.close();
    const target = path.join(work, "never.db");
    for (const [file, reason] of [
      [text, "это не база SQLite"],
      [other, "нет таблицы kysely_migration"],
    ] as const) {
      const err = (await backupScript(["restore", file], target).catch((e: { code: number; stderr: string }) => e)) as { code: number; stderr: string };
      expect(err.code).toBe(2);
      expect(err.stderr).toContain(reason);
    }
    expect(fs.existsSync(target)).toBe(false);
  });
});

describe("backup and restore failures an operator can meet", () => {
  /** the CLI's answer to `args` with DATABASE_URL `databaseUrl`: it must fail */
  async function refused(args: string[], databaseUrl: string) {
    const err = (await backupScript(args, databaseUrl).then(
      () => null,
      (e: unknown) => e,
    )) as { code: number; stderr: string; stdout: string } | null;
    expect(err, `${args.join(" ")} should fail`).not.toBeNull();
    return err!;
  }

  it("says why in one Russian line on stderr with exit code 2, never a stack trace, and leaves no file", async () => {
    const dir = path.join(work, "failures");
    fs.mkdirSync(dir, { recursive: true });
    // a real database of the shop (it has the migration table), then a copy of it cut short
    const shop = path.join(dir, "shop.db");
    const db = new SQLite(shop);
    db.exec("create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)");
    db.exec("create table products (id integer primary key, title text)");
    const insert = db.prepare("insert into products (title) values (?)");
    db.transaction(() => {
      for (let i = 0; i < 3000; i++) insert.run(`Диван ${i} `.repeat(10));
    })();
    db.close();
    const truncated = path.join(dir, "truncated.db");
    fs.writeFileSync(truncated, fs.readFileSync(shop).subarray(0, 40_000));
    const empty = path.join(dir, "empty.db");
    fs.writeFileSync(empty, "");
    const target = path.join(dir, "target.db");

    const cases: { args: string[]; url: string; says: string }[] = [
      { args: ["backup", "--out", "/proc/vitrina-backup.db"], url: shop, says: "Не записать копию в /proc/vitrina-backup.db" },
      { args: ["backup", "--out", path.join(shop, "inside.db")], url: shop, says: "Не создать папку для копии" },
      { args: ["backup", "--out", path.join(dir, "from-truncated.db")], url: truncated, says: "повреждён или обрезан" },
      { args: ["backup", "--out", path.join(dir, "from-missing.db")], url: path.join(dir, "missing.db"), says: "Нет базы данных" },
      { args: ["backup", "--out", path.join(dir, "from-pg.db")], url: "postgres://127.0.0.1:5432/shop", says: "pg_dump" },
      { args: ["backup", "--bogus"], url: shop, says: "Неизвестный параметр" },
      { args: ["restore", truncated], url: target, says: "повреждена или обрезана" },
      { args: ["restore", empty], url: target, says: "это не база SQLite" },
      { args: ["restore", dir], url: target, says: "это не файл" },
      { args: ["restore", path.join(dir, "missing.db")], url: target, says: "Нет файла" },
      { args: ["restore", shop], url: "/proc/vitrina-restored.db", says: "Не записать базу в /proc/vitrina-restored.db" },
      { args: ["frobnicate"], url: shop, says: "Неизвестная команда" },
    ];
    // each case is a process of its own: they run side by side
    const answers = await Promise.all(cases.map(({ args, url }) => refused(args, url)));
    for (const [i, { args, url, says }] of cases.entries()) {
      const err = answers[i]!;
      const what = `${args.join(" ")} (DATABASE_URL=${url})`;
      expect(err.code, what).toBe(2);
      const lines = err.stderr.trim().split("\n");
      expect(lines, what).toHaveLength(1);
      expect(lines[0], what).toContain(says);
      expect(lines[0], what).toMatch(/[а-яё]/i);
      expect(err.stderr, what).not.toMatch(/\s+at\s|Error:/);
    }
    // nothing half-written: no copy, no .part, no restored or kept file
    expect(fs.readdirSync(dir).sort()).toEqual(["empty.db", "shop.db", "truncated.db"]);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(pgUrl)("PostgreSQL pg_dump / pg_restore into a fresh schema", () => {
  let app: TestApp;
  let restored: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp("postgres");
  });
  afterAll(async () => {
    await restored?.stop();
    await app?.stop();
  });

  it("restores a dump into a new schema and the shop started on it shows the same price and order", async () => {
    const product = await stockedProduct(app);
    const number = await placeOrder(app, product.id, product.pickupPoint, 1);
    const from = app.config.databaseSchema!;
    const to = `${from}_restored`;
    const dump = path.join(work, "shop.dump");
    // the README's commands: custom format, one schema, no owners or privileges (another role may restore)
    await run("pg_dump", ["--format=custom", `--schema=${from}`, "--no-owner", "--no-privileges", `--file=${dump}`, pgUrl!]);
    // pg_restore puts a schema back under its own name: rename the original aside meanwhile
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(`alter schema ${from} rename to ${to}_old`);
      await run("pg_restore", ["--no-owner", "--no-privileges", `--dbname=${pgUrl}`, dump]);
      await client.query(`alter schema ${from} rename to ${to}`);
      await client.query(`alter schema ${to}_old rename to ${from}`);
    } finally {
      await client.end();
    }
    restored = await startTestApp("postgres", { databaseSchema: to, seedDemo: false });
    const page = await fetch(`${restored.url}/product/${product.slug}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(formatPrice(product.price));
    expect(await wholeOrders(restored, [number])).toEqual([number]);
  });
});
