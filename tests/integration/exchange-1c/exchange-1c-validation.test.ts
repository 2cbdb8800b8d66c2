// What 1C sends is checked before it is trusted (decision 099), over HTTP on both dialects: a bad
// price or stock refuses its offer with the Ид and the reason (in 1C's answer, on the session in
// the back office) and the old values stay; a price not in roubles needs a rate; a file with
// records without Ид or a repeated Ид is refused whole and changes nothing; a full update does not
// hide a product whose record could not be read; goods of an undeclared group go to «Товары из 1С».
// What 1C says about a product is kept: its article (shown, searched) and its weight; a picture
// narrower than a variant is not enlarged.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listExchangeSessions } from "../../../app/features/exchange-1c/exchange-1c.server.ts";
import { exchange1c, type Exchange1c } from "../../support/exchange-1c.ts";
import { createAccount, signedIn, type TestAccount } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";

const GROUP = "val-group-1";
const ids = ["neg", "huge", "zero", "inf", "abc", "ok"].map((k) => `val-${k}`);

const xml = (body: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.05">${body}</КоммерческаяИнформация>`);
const product = (id: string, title: string, extra = "", group = GROUP) =>
  `<Товар>${id ? `<Ид>${id}</Ид>` : ""}${title ? `<Наименование>${title}</Наименование>` : ""}<Группы><Ид>${group}</Ид></Группы>${extra}</Товар>`;
const catalogue = (products: string, changesOnly: boolean) =>
  xml(
    `<Классификатор><Ид>cls</Ид><Группы><Группа><Ид>${GROUP}</Ид><Наименование>Проверка цен</Наименование></Группа></Группы></Классификатор>` +
      `<Каталог СодержитТолькоИзменения="${changesOnly}"><Ид>cat</Ид><Товары>${products}</Товары></Каталог>`,
  );
const priceTypes = (currency = "RUB", rate = "") =>
  `<ТипыЦен><ТипЦены><Ид>retail</Ид><Наименование>Розничная</Наименование><Валюта>${currency}</Валюта>${rate ? `<Курс>${rate}</Курс>` : ""}</ТипЦены></ТипыЦен>`;
const offer = (id: string, price: string, stock = "5", priceExtra = "") =>
  `<Предложение><Ид>${id}</Ид><Цены><Цена><ИдТипаЦены>retail</ИдТипаЦены><ЦенаЗаЕдиницу>${price}</ЦенаЗаЕдиницу>${priceExtra}</Цена></Цены><Количество>${stock}</Количество></Предложение>`;
const offers = (list: string, types = priceTypes()) => xml(`<ПакетПредложений><Ид>cat#</Ид>${types}<Предложения>${list}</Предложения></ПакетПредложений>`);

describe.each(dialects)("what 1C sends is checked before it is applied, on %s", (dialect) => {
  let app: TestApp;
  let owner: TestAccount;

  let oneC: Exchange1c;

  /** one session: the file sent (and any pictures before it) and imported until the final answer, as lines */
  async function exchange(name: string, body: Uint8Array, pictures: [string, Uint8Array][] = []): Promise<string[]> {
    const cookie = await oneC.checkauth();
    for (const [picture, data] of pictures) await oneC.send(cookie, picture, data);
    await oneC.send(cookie, name, body);
    return oneC.importUntilDone(cookie, name);
  }
  const row = (externalId: string) =>
    app.vitrina.db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.title", "products.price", "products.stock", "products.published", "sections.title as section"])
      .where("products.external_id", "=", externalId)
      .executeTakeFirstOrThrow();
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
    oneC = exchange1c(app, owner, { maxImportSteps: 100 });
    const created = await exchange("import.xml", catalogue(ids.map((id, i) => product(id, `Стул проверочный ${i}`)).join(""), false));
    expect(created[0]).toBe("success");
    const priced = await exchange("offers.xml", offers(ids.map((id) => offer(id, "1000.50", "3")).join("")));
    expect(priced).toEqual(["success", "Обработано предложений: 6, не найдено товаров: 0"]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("refuses negative, huge, zero, 1e309 and non-numeric prices with the offer's Ид and the reason, and keeps the old price and stock", async () => {
    const bad = ["-24990.00", "99999999999999999999", "0", "1e309", "abc"];
    const answer = await exchange("offers.xml", offers([...bad.map((price, i) => offer(ids[i]!, price, "9")), offer("val-ok", "2490", "-3")].join("")));
    expect(answer[0]).toBe("success");
    expect(answer[1]).toBe("Обработано предложений: 1, не найдено товаров: 0, отклонено записей: 5");
    const lines = answer.slice(2);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain("«val-neg»");
    expect(lines[0]).toContain("не может быть отрицательной");
    expect(lines[1]).toMatch(/«val-huge».*больше 100 000 000 ₽/);
    expect(lines[2]).toMatch(/«val-zero».*больше нуля/);
    expect(lines[3]).toMatch(/«val-inf».*не число/);
    expect(lines[4]).toMatch(/«val-abc».*не число/);
    for (const id of ids.slice(0, 5)) expect(await row(id)).toMatchObject({ price: 100_050, stock: 3 });
    // a negative 1C stock (sold ahead of a receipt) reads as 0, the valid price applies
    expect(await row("val-ok")).toMatchObject({ price: 249_000, stock: 0 });
    // the manager sees the same on the session
    const [session] = await listExchangeSessions(app.vitrina.db);
    expect(session!.counts).toMatchObject({ offers: 1, refused: 5 });
    expect(session!.errors).toEqual(lines);
  });

  it("refuses a price in another currency unless 1C gives the rate, and converts it by the rate", async () => {
    const usd = await exchange("offers.xml", offers(offer("val-ok", "100"), priceTypes("USD")));
    expect(usd[1]).toContain("отклонено записей: 1");
    expect(usd[2]).toMatch(/«val-ok».*«USD».*курс/);
    const uah = await exchange("offers.xml", offers(offer("val-ok", "100", "2", "<Валюта>грн</Валюта>")));
    expect(uah[2]).toMatch(/«val-ok».*«грн»/);
    expect(await row("val-ok")).toMatchObject({ price: 249_000, stock: 0 });

    expect((await exchange("offers.xml", offers(offer("val-ok", "100.10", "2"), priceTypes("USD", "92,5"))))[0]).toBe("success");
    expect(await row("val-ok")).toMatchObject({ price: 925_925, stock: 2 });
    expect((await exchange("offers.xml", offers(offer("val-ok", "10", "2", "<Валюта>EUR</Валюта><Курс>100</Курс>"))))[0]).toBe("success");
    expect((await row("val-ok")).price).toBe(100_000);
  });

  it("refuses a file with records without Ид or a repeated Ид whole, naming them, and changes nothing", async () => {
    const before = await productCount();
    const answer = await exchange(
      "import.xml",
      catalogue(
        [
          product("val-neg", "Стул переименованный"),
          product("", "Стул без Ид"),
          product("val-dup", "Первый"),
          product("val-dup", "Второй"),
          product("val-new", "Новый стул"),
        ].join(""),
        false,
      ),
    );
    expect(answer[0]).toBe("failure");
    expect(answer[1]).toContain("ничего не изменено");
    expect(answer.join("\n")).toContain("Товар без Ид («Стул без Ид»)");
    expect(answer.join("\n")).toContain("Товар с Ид «val-dup» повторяется");
    expect(await productCount()).toBe(before);
    expect(await row("val-neg")).toMatchObject({ title: "Стул проверочный 0", published: 1 });
    for (const id of ids) expect((await row(id)).published).toBe(1);
    const [session] = await listExchangeSessions(app.vitrina.db);
    expect(session!.status).toBe("failed");
    expect(session!.errors.join("\n")).toContain("«val-dup»");
  });

  it("does not hide a product on a full update because its record could not be read, and reports it", async () => {
    const answer = await exchange(
      "import.xml",
      catalogue([...ids.slice(1).map((id, i) => product(id, `Стул проверочный ${i + 1}`)), product("val-neg", "")].join(""), false),
    );
    expect(answer[0]).toBe("success");
    expect(answer[1]).toContain("скрыто: 0");
    expect(answer[1]).toContain("предупреждений: 1");
    expect(answer[2]).toMatch(/«val-neg».*нет наименования/);
    expect(await row("val-neg")).toMatchObject({ title: "Стул проверочный 0", published: 1 });
  });

  it("puts goods of an undeclared group into «Товары из 1С» with a warning naming the group", async () => {
    const answer = await exchange(
      "import.xml",
      catalogue(
        [product("val-lost-1", "Стул потерянный", "", "group-nobody-knows"), product("val-lost-2", "Стол потерянный", "", "group-nobody-knows")].join(""),
        true,
      ),
    );
    expect(answer[0]).toBe("success");
    expect(answer.slice(2)).toEqual([expect.stringMatching(/Группа «group-nobody-knows».*«Товары из 1С»/)]);
    expect((await row("val-lost-1")).section).toBe("Товары из 1С");
    expect((await row("val-lost-2")).section).toBe("Товары из 1С");
  });

  it("keeps 1C's article and weight: the page shows the article, both searches find it, and a product without weight is flagged", async () => {
    const png = await sharp({ create: { width: 500, height: 400, channels: 3, background: "#8b5a2b" } })
      .png()
      .toBuffer();
    const answer = await exchange(
      "import.xml",
      catalogue(
        [
          product("val-art", "Шкаф артикульный", "<Артикул>KM-501</Артикул><Вес>42,5</Вес><Картинка>import_files/km/501.png</Картинка>"),
          product("val-light", "Полка невесомая", "<Артикул>KM-502</Артикул>"),
        ].join(""),
        true,
      ),
      [["import_files/km/501.png", png]],
    );
    expect(answer[0]).toBe("success");
    const stored = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "slug", "article", "weight", "images"])
      .where("external_id", "=", "val-art")
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ article: "KM-501", weight: 42_500 });
    await exchange("offers.xml", offers(offer("val-art", "30000", "2") + offer("val-light", "900", "2")));

    // React puts a comment between the label and the value; the visitor reads them as one line
    const page = (await (await fetch(`${app.url}/product/${stored.slug}/`)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Артикул: KM-501");
    expect(page).not.toContain(`Артикул: ${String(stored.id).padStart(6, "0")}`);
    const found = await (await fetch(`${app.url}/search/?q=KM-501`)).text();
    expect(found).toContain("Шкаф артикульный");
    expect(found).not.toContain("Полка невесомая");

    const staff = await signedIn(app, owner);
    const listed = await (await staff.get("/admin/products/?q=KM-501")).text();
    expect(listed).toContain(`/admin/products/${stored.id}/`);
    expect(listed).toContain("KM-501");
    expect(listed).not.toContain("Вес не указан");
    const light = await (await staff.get("/admin/products/?q=KM-502")).text();
    expect(light).toContain("Вес не указан");

    // a 500-pixel picture is not blown up to 960: the widest file is 500 wide, and the srcset
    // offers the 640 variant as what it is (500w) and no wider one
    const [image] = JSON.parse(stored.images) as { src: string; width: number }[];
    expect(image!.width).toBe(500);
    const widest = Buffer.from(await (await fetch(`${app.url}${image!.src}-960.webp`)).arrayBuffer());
    expect((await sharp(widest).metadata()).width).toBe(500);
    expect(page).toContain(`${image!.src}-320.webp 320w, ${image!.src}-640.webp 500w"`);
    expect(page).not.toContain(`${image!.src}-960.webp 960w`);
    expect(page).toContain('<meta property="og:image:width" content="500"/>');
  });
});
