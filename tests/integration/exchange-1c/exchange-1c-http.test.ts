// 1C «Обмен с сайтом» over HTTP on both dialects: a wrong password is `failure`; the whole
// catalogue dialogue (checkauth → init → file in two parts → import) for import.xml then
// offers.xml puts the products on the storefront with price and stock; a repeat creates no
// duplicates; hostile files (XXE, billion laughs, `../` names, zip slip, zip bomb) are refused
// with a reason and change nothing.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listExchangeSessions } from "../../../app/features/exchange-1c/exchange-1c.server.ts";
import { basicAuth, exchange1c, type Exchange1c } from "../../support/exchange-1c.ts";
import { createAccount, signedIn, type TestAccount } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { makeZip } from "../../support/zip.ts";

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/1c/${name}`, import.meta.url));
const PRODUCT_IDS = ["5b2e7c1a-1111-4000-8000-00000000000a", "5b2e7c1a-1111-4000-8000-00000000000b"];

describe.each(dialects)("1C exchange on %s", (dialect) => {
  let app: TestApp;
  let owner: TestAccount;

  let oneC: Exchange1c;
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
    oneC = exchange1c(app, owner, { maxImportSteps: 10 });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers a wrong password with failure, and a manager (no «exchange») too", async () => {
    const wrong = await oneC.answer("type=catalog&mode=checkauth", { auth: basicAuth({ email: owner.email, password: "не тот пароль" }) });
    expect(wrong).toEqual(["failure", "Неверный логин или пароль"]);
    const manager = await createAccount(app, "manager");
    const refused = await oneC.answer("type=catalog&mode=checkauth", { auth: basicAuth(manager) });
    expect(refused[0]).toBe("failure");
  });

  it("answers 429 with Retry-After after too many wrong passwords", async () => {
    const target = await createAccount(app, "content");
    let last: Response | null = null;
    for (let i = 0; i < 6; i++) {
      last = await oneC.call("type=catalog&mode=checkauth", { auth: basicAuth({ email: target.email, password: `неверный ${i}` }) });
      if (last.status === 429) break;
      expect((await last.text()).split("\n")).toEqual(["failure", "Неверный логин или пароль"]);
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await last!.text()).split("\n")[0]).toBe("failure");
  });

  it("imports import.xml then offers.xml: the products show on the storefront with price and stock, a repeat adds no duplicates", async () => {
    const cookie = await oneC.checkauth();
    expect(await oneC.answer("type=catalog&mode=init", { cookie })).toEqual(["zip=yes", expect.stringMatching(/^file_limit=\d+$/)]);
    const catalog = fixture("import.xml");
    const half = Math.floor(catalog.length / 2);
    await oneC.send(cookie, "import.xml", catalog.subarray(0, half));
    await oneC.send(cookie, "import.xml", catalog.subarray(half));
    await oneC.send(cookie, "offers.xml", fixture("offers.xml"));
    const imported = await oneC.importUntilDone(cookie, "import.xml");
    expect(imported).toEqual(["success", "Групп: 2, свойств: 3, товаров создано: 2, обновлено: 0, скрыто: 0"]);
    expect(await oneC.importUntilDone(cookie, "offers.xml")).toEqual(["success", "Обработано предложений: 2, не найдено товаров: 0"]);

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
    const again = await oneC.checkauth();
    const zip = makeZip([
      { name: "import.xml", data: fixture("import.xml") },
      { name: "offers.xml", data: fixture("offers.xml") },
    ]);
    await oneC.send(again, "exchange.zip", zip);
    expect(await oneC.importUntilDone(again, "import.xml")).toEqual(["success", "Групп: 2, свойств: 3, товаров создано: 0, обновлено: 2, скрыто: 0"]);
    expect((await oneC.importUntilDone(again, "offers.xml"))[0]).toBe("success");
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
    const cookie = await oneC.checkauth();
    await oneC.send(cookie, "import.xml", fixture(file));
    const answer = await oneC.importUntilDone(cookie, "import.xml");
    expect(answer[0]).toBe("failure");
    expect(answer[1]).toMatch(reason);
    expect(await productCount()).toBe(before);
  });

  it("refuses a ../ file name, a zip with a ../ entry and a zip bomb", async () => {
    const before = await productCount();
    const cookie = await oneC.checkauth();
    const traversal = await oneC.answer("type=catalog&mode=file&filename=../import.xml", { cookie, body: fixture("import.xml") });
    expect(traversal[0]).toBe("failure");
    expect(traversal[1]).toContain("Недопустимое имя файла");

    const slip = await oneC.checkauth();
    const evil = makeZip([{ name: "../../import.xml", data: fixture("import.xml") }]);
    await oneC.send(slip, "evil.zip", evil);
    const slipAnswer = await oneC.importUntilDone(slip, "import.xml");
    expect(slipAnswer).toEqual(["failure", "Недопустимое имя в архиве: ../../import.xml"]);
    const [failed] = await listExchangeSessions(app.vitrina.db);
    expect(failed).toMatchObject({ status: "failed", errors: ["Недопустимое имя в архиве: ../../import.xml"] });

    const bomb = await oneC.checkauth();
    const zeros = makeZip([{ name: "import.xml", data: new Uint8Array(20 * 1024 * 1024) }]);
    await oneC.send(bomb, "bomb.zip", zeros);
    const bombAnswer = await oneC.importUntilDone(bomb, "import.xml");
    expect(bombAnswer[0]).toBe("failure");
    expect(bombAnswer[1]).toContain("zip-бомба");
    expect(await productCount()).toBe(before);
  });

  it("takes the configured price type (EXCHANGE_1C_PRICE_TYPE, by name) as the shop price", async () => {
    const wholesale = await startTestApp(dialect, { exchangePriceType: "Оптовая" });
    try {
      const staff = await createAccount(wholesale, "owner");
      const wholesaler = exchange1c(wholesale, staff);
      const cookie = await wholesaler.checkauth();
      for (const file of ["import.xml", "offers.xml"]) {
        await wholesaler.send(cookie, file, fixture(file));
        expect((await wholesaler.answer(`type=catalog&mode=import&filename=${file}`, { cookie }))[0]).toBe("success");
      }
      const oak = await wholesale.vitrina.db.kysely.selectFrom("products").select("price").where("external_id", "=", PRODUCT_IDS[0]!).executeTakeFirstOrThrow();
      expect(oak.price).toBe(1_999_000);
    } finally {
      await wholesale.stop();
    }
  });

  it("cuts off a body larger than file_limit with 413 and keeps no part of it", async () => {
    const cookie = await oneC.checkauth();
    const huge = await oneC.call("type=catalog&mode=file&filename=import.xml", { cookie, body: new Uint8Array(9 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const [latest] = await listExchangeSessions(app.vitrina.db);
    expect(latest!.files).toEqual([]);
  });

  it("refuses a request without the session cookie after checkauth", async () => {
    expect(await oneC.answer("type=catalog&mode=init", { cookie: "vitrina_exchange=deadbeef" })).toEqual([
      "failure",
      "Сеанс обмена не найден или истёк: начните обмен заново (checkauth)",
    ]);
  });
});
