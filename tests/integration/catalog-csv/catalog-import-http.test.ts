// «Импорт» over HTTP on both dialects: a file with missing columns or in a wrong encoding is a
// Russian 400, a file with a row in error is previewed but «Применить» is refused (409) and
// changes nothing, a good file is applied after its preview, and «Скачать CSV» is UTF-8 with a BOM.
// The preview is built in the background and kept in the database (decision 098): a large file is
// counted and paged, a damaged UTF-8 file is refused with its line, extra cells are a row error,
// formula cells are neutralised on export and read back unchanged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvLine } from "../../../app/lib/csv.ts";
import type { Visitor } from "../../support/accounts-client.ts";
import { importDesk } from "../../support/catalog-import.ts";
import { staffVisitor } from "../../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";

describe.each(dialects)("«Импорт» over HTTP on %s", (dialect) => {
  let app: TestApp;
  let content: Visitor;
  let product: { id: number; slug: string; title: string; section: string; price: number };

  const { upload, preview, apply } = importDesk(() => content);
  const priceOf = async () => (await app.vitrina.db.kysely.selectFrom("products").select("price").where("id", "=", product.id).executeTakeFirstOrThrow()).price;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    content = (await staffVisitor(app, "content")).visitor;
    product = await app.vitrina.db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.id", "products.slug", "products.title", "sections.slug as section", "products.price"])
      .where("products.kind", "=", "product")
      .orderBy("products.id")
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers a file without the required columns, or in neither encoding, with a Russian 400", async () => {
    const missing = await upload("id;title\n1;Стол\n");
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Нет обязательных столбцов: slug, section, price");
    const utf16 = await upload(new Uint8Array([0xff, 0xfe, 0x73, 0x00, 0x6c, 0x00]));
    expect(utf16.status).toBe(400);
    expect(await utf16.text()).toContain("Файл не в кодировке UTF-8 или Windows-1251");
  });

  it("previews a file with a bad row, refuses «Применить» and changes nothing", async () => {
    const csv =
      csvLine(["slug", "title", "section", "price", "old_price"]) +
      csvLine([product.slug, product.title, product.section, "555", ""]) +
      csvLine(["novyy", "Новый", product.section, "-3", ""]);
    const { session, page } = await preview(csv);
    expect(page).toContain("Создать: 0, изменить: 1, без изменений: 0, с ошибками: 1.");
    expect(page).toContain("Цена не может быть отрицательной");
    const refused = await apply(session);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(/Не применено, ничего не изменено: 1\sстрока с ошибками/);
    expect(await priceOf()).toBe(product.price);
  });

  it("applies a good file after its preview, and only for the staff member who uploaded it", async () => {
    const { session } = await preview(
      "\uFEFF" +
        csvLine(["slug", "title", "section", "price", "old_price"], ",") +
        csvLine([product.slug, product.title, product.section, "1 234,50", ""], ","),
    );
    const other = (await staffVisitor(app, "owner")).visitor;
    expect((await other.post("/admin/import/", { intent: "apply", session })).status).toBe(404);
    const done = await apply(session);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/import/?done=0.1.0");
    expect(await priceOf()).toBe(123_450);
    // the file is gone once applied: a second press changes nothing
    expect((await apply(session)).status).toBe(404);
  });

  it("«Скачать CSV» is UTF-8 with a BOM and `;`, with the new price", async () => {
    const res = await content.get("/admin/import/catalog.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain(`${product.id};${product.slug};`);
    expect(new TextDecoder().decode(bytes)).toContain(";1234,50;");
  });

  it("refuses a UTF-8 file with one bad byte, naming its line, and keeps nothing", async () => {
    const text = csvLine(["slug", "title", "section", "price"]) + csvLine([product.slug, "Диван угловой", product.section, "999"]);
    const bytes = new TextEncoder().encode(text + csvLine(["drugoy", "Кресло", product.section, "5"]));
    // one byte of «Кресло» damaged: a lone lead byte where «К» was
    const at = new TextEncoder().encode(text + "drugoy;").length;
    bytes[at] = 0xd0;
    bytes[at + 1] = 0x20;
    const res = await upload(bytes);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("в строке 3 есть байты не из UTF-8");
    const kept = await app.vitrina.db.kysely.selectFrom("import_sessions").select("id").execute();
    expect(kept).toEqual([]);
    expect((await app.vitrina.db.kysely.selectFrom("products").select("title").where("id", "=", product.id).executeTakeFirstOrThrow()).title).toBe(
      product.title,
    );
  });

  it("shows how the first titles will read, and reports cells beyond the header as a row error", async () => {
    const csv =
      csvLine(["slug", "title", "section", "price"]) +
      csvLine(["novyy-divan-1", "Диван «Осло»", product.section, "1000"]) +
      csvLine(["novyy-divan-2", "Кресло Ёлка", product.section, "1000", "лишнее"]);
    const { page } = await preview(csv);
    expect(page).toContain("Так будут читаться названия");
    expect(page).toContain("«Диван «Осло»»");
    expect(page).toContain("«Кресло Ёлка»");
    expect(page).toContain("Создать: 1, изменить: 0, без изменений: 0, с ошибками: 1.");
    expect(page).toContain("В строке 5 значений, а в заголовке 4 столбцов");
  });

  it("exports a formula-looking title behind an apostrophe and reads it back unchanged", async () => {
    const formula = '=HYPERLINK("http://evil.example";"Скидка")';
    const other = await app.vitrina.db.kysely
      .selectFrom("products")
      .select(["id", "title"])
      .where("kind", "=", "product")
      .where("id", "<>", product.id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await app.vitrina.db.kysely.updateTable("products").set({ title: formula }).where("id", "=", other.id).execute();
    const exported = new TextDecoder().decode(await (await content.get("/admin/import/catalog.csv")).arrayBuffer());
    expect(exported).toContain(`;"'=HYPERLINK(""http://evil.example"";""Скидка"")";`);
    expect(exported).not.toMatch(/;"?=HYPERLINK/);
    // the export, uploaded as it is, changes nothing: the apostrophe is taken off again
    const { page } = await preview(exported);
    expect(page).toContain("изменить: 0");
    expect(page).toContain("с ошибками: 0");
  });

  it("counts a large file whole and pages its preview, then applies every row", async () => {
    const ROWS = 2_600;
    let csv = csvLine(["slug", "title", "section", "price", "stock"]);
    for (let i = 1; i <= ROWS; i++) csv += csvLine([`bolshoy-${i}`, `Большой товар ${i}`, product.section, `${1000 + i}`, "3"]);
    const { session, page } = await preview(csv);
    expect(page).toContain(`Создать: ${ROWS}, изменить: 0, без изменений: 0, с ошибками: 0.`);
    expect(page).toContain(`Показаны первые 200 из ${ROWS}.`);
    expect(page).toContain(">bolshoy-200<");
    expect(page).not.toContain(">bolshoy-201<");
    // the shop kept answering: the health check and a storefront page
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    const done = await apply(session);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/admin/import/?done=${ROWS}.0.0`);
    const made = await app.vitrina.db.kysely
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("slug", "like", "bolshoy-%")
      .executeTakeFirstOrThrow();
    expect(Number(made.n)).toBe(ROWS);
    // the planned rows are gone with the session
    expect(await app.vitrina.db.kysely.selectFrom("import_rows").select("line").where("session_id", "=", session).execute()).toEqual([]);
  });

  it("refuses «Применить» when a product of the file was edited after the preview, and changes nothing", async () => {
    const { session } = await preview(csvLine(["slug", "title", "section", "price"]) + csvLine([product.slug, product.title, product.section, "4321"]));
    const before = await app.vitrina.db.kysely.selectFrom("products").select(["price", "version"]).where("id", "=", product.id).executeTakeFirstOrThrow();
    await app.vitrina.db.kysely
      .updateTable("products")
      .set({ version: before.version + 1 })
      .where("id", "=", product.id)
      .execute();
    const refused = await apply(session);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Каталог изменился после просмотра файла");
    expect(await priceOf()).toBe(before.price);
  });
});
