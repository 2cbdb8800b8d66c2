// 1C «Обмен с сайтом» over HTTP on both dialects: a wrong password is `failure`; the whole
// catalogue dialogue (checkauth → init → file in two parts → import) for import.xml then
// offers.xml puts the products on the storefront with price and stock; a repeat creates no
// duplicates; hostile files (XXE, billion laughs, `../` names, zip slip, zip bomb) are refused
// with a reason and change nothing.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listExchangeSessions } from "../../../app/features/exchange-1c/exchange-1c.server.ts";
import { createAccount, signedIn, type TestAccount } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { makeZip } from "../../support/zip.ts";

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/1c/${name}`, import.meta.url));
const EXCHANGE = "/exchange/1c/";
const PRODUCT_IDS = ["5b2e7c1a-1111-4000-8000-00000000000a", "5b2e7c1a-1111-4000-8000-00000000000b"];

describe.each(dialects)("1C exchange on %s", (dialect) => {
  let app: TestApp;
  let owner: TestAccount;

  const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString("base64")}`;
  const call = (query: string, init: { cookie?: string; body?: Uint8Array; auth?: string } = {}) =>
    fetch(`${app.url}${EXCHANGE}?${query}`, {
      method: init.body ? "POST" : "GET",
      body: init.body as BodyInit | undefined,
      headers: { authorization: init.auth ?? basic(owner.email, owner.password), ...(init.cookie ? { cookie: init.cookie } : {}) },
    });
  const lines = async (res: Response) => (await res.text()).split("\n");

  async function checkauth(): Promise<string> {
    const res = await call("type=catalog&mode=checkauth");
    expect(res.status).toBe(200);
    const [status, name, value] = await lines(res);
    expect(status).toBe("success");
    return `${name}=${value}`;
  }
  /** mode=import repeated while the shop answers progress; the last answer */
  async function importUntilDone(cookie: string, filename: string): Promise<string[]> {
    for (let step = 0; step < 10; step++) {
      const answer = await lines(await call(`type=catalog&mode=import&filename=${filename}`, { cookie }));
      if (answer[0] !== "progress") return answer;
      expect(answer[1]).toMatch(/[А-Яа-я]/);
    }
    throw new Error("the import never finished");
  }
  const importedCount = async () =>
    Number(
      (
        await app.vitrina.db.kysely
          .selectFrom("products")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("external_id", "in", PRODUCT_IDS)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const productCount = async () =>
    Number(
      (
        await app.vitrina.db.kysely
          .selectFrom("products")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    app = await startTestApp(dialect);
    owner = await createAccount(app, "owner");
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers a wrong password with failure, and a manager (no «exchange») too", async () => {
    const wrong = await call("type=catalog&mode=checkauth", { auth: basic(owner.email, "не тот пароль") });
    expect(await lines(wrong)).toEqual(["failure", "Неверный логин или пароль"]);
    const manager = await createAccount(app, "manager");
    const refused = await call("type=catalog&mode=checkauth", { auth: basic(manager.email, manager.password) });
    expect((await lines(refused))[0]).toBe("failure");
  });

  it("answers 429 with Retry-After after too many wrong passwords", async () => {
    const target = await createAccount(app, "content");
    let last: Response | null = null;
    for (let i = 0; i < 6; i++) {
      last = await call("type=catalog&mode=checkauth", { auth: basic(target.email, `неверный ${i}`) });
      if (last.status === 429) break;
      expect(await lines(last)).toEqual(["failure", "Неверный логин или пароль"]);
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await lines(last!))[0]).toBe("failure");
  });

  it("imports import.xml then offers.xml: the products show on the storefront with price and stock, a repeat adds no duplicates", async () => {
    const cookie = await checkauth();
    expect(await lines(await call("type=catalog&mode=init", { cookie }))).toEqual(["zip=yes", expect.stringMatching(/^file_limit=\d+$/)]);
    const catalog = fixture("import.xml");
    const half = Math.floor(catalog.length / 2);
    expect(await (await call("type=catalog&mode=file&filename=import.xml", { cookie, body: catalog.subarray(0, half) })).text()).toBe("success");
    expect(await (await call("type=catalog&mode=file&filename=import.xml", { cookie, body: catalog.subarray(half) })).text()).toBe("success");
    expect(await (await call("type=catalog&mode=file&filename=offers.xml", { cookie, body: fixture("offers.xml") })).text()).toBe("success");
    const imported = await importUntilDone(cookie, "import.xml");
    expect(imported).toEqual(["success", "Групп: 2, свойств: 3, товаров создано: 2, обновлено: 0, скрыто: 0"]);
    expect(await importUntilDone(cookie, "offers.xml")).toEqual(["success", "Обработано предложений: 2, не найдено товаров: 0"]);

    const section = await app.vitrina.db.kysely
      .selectFrom("sections")
      .select("slug")
      .where("external_id", "=", "9f1c0a10-0000-4000-8000-000000000002")
      .executeTakeFirstOrThrow();
    const listing = await (await fetch(`${app.url}/catalog/${section.slug}/`)).text();
    expect(listing).toContain("Комод Обменный дубовый");
    expect(listing).toMatch(/24\s990/);
    expect(listing).toMatch(/15\s500/);
    const oak = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["price", "stock"])
      .where("external_id", "=", PRODUCT_IDS[0]!)
      .executeTakeFirstOrThrow();
    expect(oak).toEqual({ price: 2_499_000, stock: 5 });

    // the same files again, zipped this time: updated, not duplicated
    const before = await productCount();
    const again = await checkauth();
    const zip = makeZip([
      { name: "import.xml", data: fixture("import.xml") },
      { name: "offers.xml", data: fixture("offers.xml") },
    ]);
    expect(await (await call("type=catalog&mode=file&filename=exchange.zip", { cookie: again, body: zip })).text()).toBe("success");
    expect(await importUntilDone(again, "import.xml")).toEqual(["success", "Групп: 2, свойств: 3, товаров создано: 0, обновлено: 2, скрыто: 0"]);
    expect((await importUntilDone(again, "offers.xml"))[0]).toBe("success");
    expect(await productCount()).toBe(before);
    expect(await importedCount()).toBe(2);

    // each session is recorded for the back office: who, which files, what it counted
    const [latest] = await listExchangeSessions(app.vitrina.db);
    expect(latest).toMatchObject({ staffEmail: owner.email, status: "done", errors: [] });
    expect(latest!.files).toEqual(expect.arrayContaining(["exchange.zip", "import.xml", "offers.xml"]));
    expect(latest!.counts).toMatchObject({ created: 0, updated: 2, offers: 2 });
    // and the «Обмен» page lists it
    const page = await (await (await signedIn(app, owner)).request("/admin/exchange/")).text();
    expect(page).toContain("Сеансы обмена с 1С");
    expect(page).toMatch(new RegExp(`${owner.email.replace(/[.+]/g, "\\$&")}</td><td>завершён</td>`));
    expect(page).toContain("создано: 0, обновлено: 2, скрыто: 0, предложений: 2");
  });

  it.each([
    ["XXE", "xxe.xml", /DOCTYPE/],
    ["billion laughs", "billion-laughs.xml", /DOCTYPE/],
  ])("refuses %s with a reason and applies nothing", async (_label, file, reason) => {
    const before = await productCount();
    const cookie = await checkauth();
    expect(await (await call("type=catalog&mode=file&filename=import.xml", { cookie, body: fixture(file) })).text()).toBe("success");
    const answer = await importUntilDone(cookie, "import.xml");
    expect(answer[0]).toBe("failure");
    expect(answer[1]).toMatch(reason);
    expect(await productCount()).toBe(before);
  });

  it("refuses a ../ file name, a zip with a ../ entry and a zip bomb", async () => {
    const before = await productCount();
    const cookie = await checkauth();
    const traversal = await lines(await call("type=catalog&mode=file&filename=../import.xml", { cookie, body: fixture("import.xml") }));
    expect(traversal[0]).toBe("failure");
    expect(traversal[1]).toContain("Недопустимое имя файла");

    const slip = await checkauth();
    const evil = makeZip([{ name: "../../import.xml", data: fixture("import.xml") }]);
    expect(await (await call("type=catalog&mode=file&filename=evil.zip", { cookie: slip, body: evil })).text()).toBe("success");
    const slipAnswer = await importUntilDone(slip, "import.xml");
    expect(slipAnswer).toEqual(["failure", "Недопустимое имя в архиве: ../../import.xml"]);
    const [failed] = await listExchangeSessions(app.vitrina.db);
    expect(failed).toMatchObject({ status: "failed", errors: ["Недопустимое имя в архиве: ../../import.xml"] });

    const bomb = await checkauth();
    const zeros = makeZip([{ name: "import.xml", data: new Uint8Array(20 * 1024 * 1024) }]);
    expect(await (await call("type=catalog&mode=file&filename=bomb.zip", { cookie: bomb, body: zeros })).text()).toBe("success");
    const bombAnswer = await importUntilDone(bomb, "import.xml");
    expect(bombAnswer[0]).toBe("failure");
    expect(bombAnswer[1]).toContain("zip-бомба");
    expect(await productCount()).toBe(before);
  });

  it("takes the configured price type (EXCHANGE_1C_PRICE_TYPE, by name) as the shop price", async () => {
    const wholesale = await startTestApp(dialect, { exchangePriceType: "Оптовая" });
    try {
      const staff = await createAccount(wholesale, "owner");
      const send = (query: string, cookie?: string, body?: Uint8Array) =>
        fetch(`${wholesale.url}${EXCHANGE}?${query}`, {
          method: body ? "POST" : "GET",
          body: body as BodyInit | undefined,
          headers: { authorization: basic(staff.email, staff.password), ...(cookie ? { cookie } : {}) },
        });
      const [, name, value] = (await (await send("type=catalog&mode=checkauth")).text()).split("\n");
      const cookie = `${name}=${value}`;
      for (const file of ["import.xml", "offers.xml"]) {
        expect(await (await send(`type=catalog&mode=file&filename=${file}`, cookie, fixture(file))).text()).toBe("success");
        expect((await (await send(`type=catalog&mode=import&filename=${file}`, cookie)).text()).split("\n")[0]).toBe("success");
      }
      const oak = await wholesale.vitrina.db.kysely.selectFrom("products").select("price").where("external_id", "=", PRODUCT_IDS[0]!).executeTakeFirstOrThrow();
      expect(oak.price).toBe(1_999_000);
    } finally {
      await wholesale.stop();
    }
  });

  it("cuts off a body larger than file_limit with 413 and keeps no part of it", async () => {
    const cookie = await checkauth();
    const huge = await call("type=catalog&mode=file&filename=import.xml", { cookie, body: new Uint8Array(9 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const [latest] = await listExchangeSessions(app.vitrina.db);
    expect(latest!.files).toEqual([]);
  });

  it("refuses a request without the session cookie after checkauth", async () => {
    expect(await lines(await call("type=catalog&mode=init", { cookie: "vitrina_exchange=deadbeef" }))).toEqual([
      "failure",
      "Сеанс обмена не найден или истёк: начните обмен заново (checkauth)",
    ]);
  });
});
