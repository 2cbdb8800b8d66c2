// The 1C catalogue import in steps (decision 088), over HTTP on both dialects: a full update
// hides 1C's products it leaves out and a changes-only one does not; 1C's properties become the
// section's filters; offers in 2.05 attributes, 2.08 «Остатки» and 2.08+ split prices/rests
// packages; a Windows-1251 file; pictures from import_files/, plain or zipped (a bad one is an error line, not a
// failed import; a repeat does not encode again); a small step budget answers `progress` several
// times, and a file broken at its very end applies nothing.
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listExchangeSessions } from "../../../app/features/exchange-1c/exchange-1c.server.ts";
import { exchange1c, type Exchange1c } from "../../support/exchange-1c.ts";
import { createAccount } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { makeZip } from "../../support/zip.ts";

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/1c/${name}`, import.meta.url));
const OAK = "5b2e7c1a-1111-4000-8000-00000000000a";
const WHITE = "5b2e7c1a-1111-4000-8000-00000000000b";
const SECTION = "9f1c0a10-0000-4000-8000-000000000002";

/** an import.xml of `count` products, its last closing tag broken when `brokenEnd` */
function bigCatalogue(count: number, brokenEnd: boolean): Uint8Array {
  const products = Array.from(
    { length: count },
    (_, i) =>
      `<Товар><Ид>big-${i}</Ид><Артикул>BIG-${i}</Артикул><Наименование>Полка пробная ${i}</Наименование><Группы><Ид>${SECTION}</Ид></Группы><Описание>${"Полка из сосны. ".repeat(8)}</Описание></Товар>`,
  ).join("\n");
  const end = brokenEnd ? "</КоммерческаяИнформация" : "</КоммерческаяИнформация>";
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08"><Каталог СодержитТолькоИзменения="true"><Ид>cat-1</Ид><Товары>\n${products}\n</Товары></Каталог>${end}\n`,
  );
}

describe.each(dialects)("1C catalogue import in steps on %s", (dialect) => {
  let app: TestApp;

  let oneC: Exchange1c;
  /** one session: the files sent, then each imported in turn; the final answers */
  async function exchange(files: [string, Uint8Array][], imports = files.map(([n]) => n)): Promise<string[][]> {
    const cookie = await oneC.checkauth();
    for (const [name, body] of files) await oneC.send(cookie, name, body);
    const finals: string[][] = [];
    for (const name of imports) finals.push(await oneC.importUntilDone(cookie, name));
    return finals;
  }
  const product = (externalId: string) =>
    app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "title", "price", "stock", "published", "brand", "weight", "images"])
      .where("external_id", "=", externalId)
      .executeTakeFirstOrThrow();
  const listing = async (query = "") => {
    const section = await app.vitrina.db.kysely.selectFrom("sections").select("slug").where("external_id", "=", SECTION).executeTakeFirstOrThrow();
    return (await fetch(`${app.url}/catalog/${section.slug}/${query}`)).text();
  };

  beforeAll(async () => {
    app = await startTestApp(dialect);
    oneC = exchange1c(app, await createAccount(app, "owner"));
    const [catalog, offers] = await exchange([
      ["import.xml", fixture("import.xml")],
      ["offers.xml", fixture("offers.xml")],
    ]);
    expect(catalog).toEqual(["success", "Групп: 2, свойств: 3, товаров создано: 2, обновлено: 0, скрыто: 0"]);
    expect(offers![0]).toBe("success");
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("turns 1C's properties into the section's filters: a reference value by its Ид, a number, the brand and the weight", async () => {
    const page = await listing();
    expect(page).toContain("Материал фасада");
    expect(page).toContain("Массив дуба");
    expect(page).toContain("ЛДСП белая");
    const material = await app.vitrina.db.kysely
      .selectFrom("properties")
      .select(["code", "kind"])
      .where("external_id", "=", "prop-material")
      .executeTakeFirstOrThrow();
    expect(material.kind).toBe("enum");
    const filtered = await listing(`?${material.code}=${encodeURIComponent("Массив дуба")}`);
    expect(filtered).toContain("Комод Обменный дубовый");
    expect(filtered).not.toContain("Комод Обменный белый");
    // Изготовитель names the brand; a «Производитель» property does when it is absent
    expect(await product(OAK)).toMatchObject({ brand: "Фабрика Обмен", weight: 38_500 });
    expect(await product(WHITE)).toMatchObject({ brand: "Мебельный двор" });
    const drawers = await app.vitrina.db.kysely
      .selectFrom("product_values")
      .innerJoin("properties", "properties.id", "product_values.property_id")
      .select(["product_values.value_num"])
      .where("properties.external_id", "=", "prop-drawers")
      .where("product_values.product_id", "=", (await product(OAK)).id)
      .executeTakeFirstOrThrow();
    expect(drawers.value_num).toBe(4);
  });

  it("leaves products out of a changes-only file alone, hides them on a full update and shows them again when 1C lists them", async () => {
    expect((await exchange([["import.xml", fixture("import-changes.xml")]]))[0]).toEqual([
      "success",
      "Групп: 2, свойств: 3, товаров создано: 0, обновлено: 1, скрыто: 0",
    ]);
    expect(await product(OAK)).toMatchObject({ title: "Комод Обменный дубовый (новая партия)", published: 1 });
    expect((await product(WHITE)).published).toBe(1);

    // «СодержитТолькоИзменения» absent: a full update
    expect((await exchange([["import.xml", fixture("import-full-one.xml")]]))[0]).toEqual([
      "success",
      "Групп: 2, свойств: 3, товаров создано: 0, обновлено: 1, скрыто: 1",
    ]);
    expect((await product(WHITE)).published).toBe(0);
    expect(await listing()).not.toContain("Комод Обменный белый");
    const [latest] = await listExchangeSessions(app.vitrina.db);
    expect(latest!.counts).toMatchObject({ hidden: 1, updated: 1 });

    expect((await exchange([["import.xml", fixture("import.xml")]]))[0]![1]).toContain("скрыто: 0");
    expect((await product(WHITE)).published).toBe(1);
    expect(await listing()).toContain("Комод Обменный белый");
  });

  it("sums 2.08 «Остатки» over warehouses, and a prices-only or rests-only package leaves the other half alone", async () => {
    expect((await exchange([["offers.xml", fixture("offers-2.08.xml")]]))[0]).toEqual(["success", "Обработано предложений: 1, не найдено товаров: 0"]);
    expect(await product(OAK)).toMatchObject({ price: 2_649_000, stock: 11 });
    // dispatched by content: the names do not matter
    await exchange([["prices_1.xml", fixture("prices_1.xml")]]);
    expect(await product(OAK)).toMatchObject({ price: 2_799_000, stock: 11 });
    await exchange([["rests_1.xml", fixture("rests_1.xml")]]);
    expect(await product(OAK)).toMatchObject({ price: 2_799_000, stock: 3 });
    // 2.05: <Склад КоличествоНаСкладе> attributes, 3 + 2
    await exchange([["offers.xml", fixture("offers.xml")]]);
    expect(await product(OAK)).toMatchObject({ price: 2_499_000, stock: 5 });
  });

  it("reads a Windows-1251 file", async () => {
    expect((await exchange([["import.xml", fixture("import-1251.xml")]]))[0]![0]).toBe("success");
    expect((await product("5b2e7c1a-1111-4000-8000-00000000000c")).title).toBe("Тумба «Ёлочка» прикроватная");
    expect(await listing()).toContain("Тумба «Ёлочка» прикроватная");
  });

  it("puts a picture from import_files/ on the product, reports a bad one as an error line, and does not encode it again", async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#8b5a2b" } })
      .png()
      .toBuffer();
    const files: [string, Uint8Array][] = [
      ["import_files/5b/oak.png", png],
      ["import_files/5b/white.jpg", Buffer.from("это не картинка")],
      ["import.xml", fixture("import-pictures.xml")],
    ];
    const [answer] = await exchange(files, ["import.xml"]);
    expect(answer![0]).toBe("success");
    expect(answer![1]).toContain("картинок: 1, ошибок: 1");
    const images = JSON.parse((await product(OAK)).images) as { src: string; alt: string }[];
    expect(images).toHaveLength(1);
    expect(images[0]!.src).toMatch(/^\/media\/products\/u[0-9a-f]{32}$/);
    expect((await fetch(`${app.url}${images[0]!.src}-640.webp`)).status).toBe(200);
    const [session] = await listExchangeSessions(app.vitrina.db);
    expect(session).toMatchObject({ status: "done" });
    expect(session!.errors).toEqual([expect.stringContaining("white.jpg")]);

    // the same files again, zipped as 1C sends them with zip=yes: the picture is found unchanged
    const [again] = await exchange([["exchange.zip", makeZip(files.map(([name, data]) => ({ name, data })))]], ["import.xml"]);
    expect(again![0]).toBe("success");
    expect(again![1]).not.toContain("картинок");
    expect(JSON.parse((await product(OAK)).images)).toEqual(images);
  });

  it("answers progress several times under a small step budget, and applies nothing from a file broken at its end", async () => {
    const stepped = await startTestApp(dialect, { exchangeStepMs: 0 });
    try {
      const oneCStepped = exchange1c(stepped, await createAccount(stepped, "owner"));
      const cookie = await oneCStepped.checkauth();
      await oneCStepped.send(cookie, "import.xml", bigCatalogue(400, false));
      const answers = await oneCStepped.importAll(cookie, "import.xml");
      expect(answers.filter((a) => a[0] === "progress").length).toBeGreaterThanOrEqual(2);
      // the file names a group the fresh shop does not know: its goods go to «Товары из 1С», one warning (decision 099)
      expect(answers.at(-1)).toEqual([
        "success",
        "Групп: 0, свойств: 0, товаров создано: 400, обновлено: 0, скрыто: 0, предупреждений: 1",
        expect.stringContaining("«Товары из 1С»"),
      ]);
      const count = async () =>
        Number(
          (
            await stepped.vitrina.db.kysely
              .selectFrom("products")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();

      const broken = await oneCStepped.checkauth();
      await oneCStepped.send(broken, "import.xml", bigCatalogue(500, true));
      const failed = await oneCStepped.importAll(broken, "import.xml");
      expect(failed.filter((a) => a[0] === "progress").length).toBeGreaterThanOrEqual(2);
      expect(failed.at(-1)![0]).toBe("failure");
      expect(failed.at(-1)![1]).toMatch(/import\.xml: Файл не является корректным XML/);
      expect(await count()).toBe(before);
      const staged = await stepped.vitrina.db.kysely.selectFrom("exchange_staging").select("seq").execute();
      expect(staged).toEqual([]);
    } finally {
      await stepped.stop();
    }
  });
});
