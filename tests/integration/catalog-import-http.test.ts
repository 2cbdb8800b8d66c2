// «Импорт» over HTTP on both dialects: a file with missing columns or in a wrong encoding is a
// Russian 400, a file with a row in error is previewed but «Применить» is refused (409) and
// changes nothing, a good file is applied after its preview, and «Скачать CSV» is UTF-8 with a BOM.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvLine } from "../../app/lib/csv.ts";
import type { Visitor } from "./accounts-client.ts";
import { staffVisitor } from "../support/staff.ts";
import { dialects, startTestApp, type TestApp } from "../support/test-app.ts";

describe.each(dialects)("«Импорт» over HTTP on %s", (dialect) => {
  let app: TestApp;
  let content: Visitor;
  let product: { id: number; slug: string; title: string; section: string; price: number };

  const upload = (bytes: Uint8Array | string) => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file", new Blob([bytes as BlobPart], { type: "text/csv" }), "catalog.csv");
    return content.request("/admin/import/", { method: "POST", body: form, headers: { accept: "text/html" } });
  };
  const apply = (session: string) => content.post(`/admin/import/?session=${session}`, { intent: "apply", session });
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
    const res = await upload(csv);
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    const page = await (await content.get(location)).text();
    expect(page).toContain("Создать: 0, изменить: 1, без изменений: 0, с ошибками: 1.");
    expect(page).toContain("Цена не может быть отрицательной");
    const refused = await apply(new URL(location, "http://x").searchParams.get("session")!);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(/Не применено, ничего не изменено: 1\sстрока с ошибками/);
    expect(await priceOf()).toBe(product.price);
  });

  it("applies a good file after its preview, and only for the staff member who uploaded it", async () => {
    const res = await upload(
      "\uFEFF" +
        csvLine(["slug", "title", "section", "price", "old_price"], ",") +
        csvLine([product.slug, product.title, product.section, "1 234,50", ""], ","),
    );
    const session = new URL(res.headers.get("location")!, "http://x").searchParams.get("session")!;
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
});
