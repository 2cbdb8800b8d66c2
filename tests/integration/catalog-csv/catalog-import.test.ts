// Catalogue CSV import and export on both dialects: the preview's counts, all-or-nothing apply,
// Windows-1251 and BOM files, missing columns, and export → edit → import round-trips.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { seedDemo } from "../../../app/db/seed/seed.server.ts";
import { listAudit, type StaffActor } from "../../../app/features/audit/audit.server.ts";
import { applyCatalogCsv, decodeCatalogFile, exportCatalogCsv, previewCatalogCsv } from "../../../app/features/catalog-csv/catalog-import.server.ts";
import { formatRoubles } from "../../../app/features/catalog-csv/catalog-csv.ts";
import { csvLine, parseCsv } from "../../../app/lib/csv.ts";
import { dialects, MEDIA_DIR, openTestDb } from "../../support/test-app.ts";

const actor: StaffActor = { id: null, email: "content@vitrina.test" };
const HEADER = ["id", "slug", "title", "section", "price", "old_price", "stock", "published"];

/** a Windows-1251 encoding of `text` (Cyrillic and ASCII only) */
function cp1251(text: string): Uint8Array {
  return Uint8Array.from(
    [...text].map((ch) => {
      const c = ch.codePointAt(0)!;
      if (c < 0x80) return c;
      if (c >= 0x410 && c <= 0x44f) return c - 0x410 + 0xc0;
      if (c === 0x401) return 0xa8;
      if (c === 0x451) return 0xb8;
      throw new Error(`not in the test's 1251 table: ${ch}`);
    }),
  );
}

describe.each(dialects)("catalogue CSV on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let products: { id: number; slug: string; title: string; price: number; old_price: number | null; stock: number; section: string }[];

  const product = (id: number) => db.kysely.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const row = (p: (typeof products)[number], change: Partial<Record<string, string>> = {}) => {
    const cells: Record<string, string> = {
      id: String(p.id),
      slug: p.slug,
      title: p.title,
      section: p.section,
      price: formatRoubles(p.price),
      old_price: p.old_price === null ? "" : formatRoubles(p.old_price),
      stock: String(p.stock),
      published: "1",
      ...change,
    };
    return csvLine(HEADER.map((h) => cells[h]!));
  };

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    await seedDemo(db, { mediaDir: MEDIA_DIR, images: false });
    products = await db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.id", "products.slug", "products.title", "products.price", "products.old_price", "products.stock", "sections.slug as section"])
      .where("kind", "=", "product")
      .orderBy("products.id")
      .limit(6)
      .execute();
  });
  afterAll(async () => {
    await drop?.();
  });

  it("previews rows to create, to change (before → after), unchanged and in error with line numbers", async () => {
    const [a, b, c] = products as [(typeof products)[number], (typeof products)[number], (typeof products)[number]];
    const text =
      csvLine(HEADER) +
      row(a, { price: "12 990,50" }) +
      row(b) +
      csvLine(["", "novyy-stul-csv", "Новый стул", a.section, "4990", "", "3", "да"]) +
      row(c, { section: "нет-такого" }) +
      csvLine(["", "stul-2", "Стул 2", a.section, "100", "50", "-1", "1"]);
    const preview = await previewCatalogCsv(db, text);
    expect(preview.rows).toBe(5);
    expect(preview.create.map((r) => r.slug)).toEqual(["novyy-stul-csv"]);
    expect(preview.change).toHaveLength(1);
    expect(preview.change[0]!.fields).toContainEqual({ field: "Цена", before: `${formatRoubles(a.price)} ₽`, after: "12990,50 ₽" });
    expect(preview.unchanged).toBe(1);
    expect(preview.errors).toEqual([
      { line: 5, message: "Неизвестный раздел «нет-такого»" },
      { line: 6, message: expect.stringMatching(/Старая цена 50 ₽ ниже цены 100 ₽.*Остаток не может быть отрицательным/) },
    ]);
    // a preview writes nothing
    expect((await product(a.id)).price).toBe(a.price);
  });

  it("applies nothing when one row is in error, and everything in one go when none is", async () => {
    const [a, b] = products as [(typeof products)[number], (typeof products)[number]];
    const bad = csvLine(HEADER) + row(a, { price: "777" }) + row(b, { slug: a.slug });
    const refused = await applyCatalogCsv(db, actor, bad);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.preview!.errors[0]).toMatchObject({ line: 3, message: expect.stringContaining("повторяется") });
    expect((await product(a.id)).price).toBe(a.price);

    const good = csvLine(HEADER) + row(a, { price: "777" }) + row(b, { stock: "42", published: "нет" });
    const applied = await applyCatalogCsv(db, actor, good);
    expect(applied).toEqual({ ok: true, created: 0, changed: 2, unchanged: 0 });
    expect(await product(a.id)).toMatchObject({ price: 77_700 });
    expect(await product(b.id)).toMatchObject({ stock: 42, published: 0 });
    const audit = await listAudit(db, { page: 1 });
    expect(audit.entries.map((e) => e.action)).toContain("catalog.import");
  });

  it("writes price and stock to the model's variant, gives a new model its own, and refuses a model with several", async () => {
    const k = db.kysely;
    const [, , , , e, f] = products as (typeof products)[number][];
    const applied = await applyCatalogCsv(
      db,
      actor,
      csvLine(HEADER) + row(e!, { price: "555", stock: "9" }) + csvLine(["", "taburet-csv", "Табурет", e!.section, "1500", "", "2", "1"]),
    );
    expect(applied).toEqual({ ok: true, created: 1, changed: 1, unchanged: 0 });
    const variantsOf = (productId: number) => k.selectFrom("product_variants").select(["price", "stock"]).where("product_id", "=", productId).execute();
    expect(await variantsOf(e!.id)).toEqual([{ price: 55_500, stock: 9 }]);
    const created = await k.selectFrom("products").select(["id", "price", "stock"]).where("slug", "=", "taburet-csv").executeTakeFirstOrThrow();
    expect(created).toMatchObject({ price: 150_000, stock: 2 });
    expect(await variantsOf(created.id)).toEqual([{ price: 150_000, stock: 2 }]);
    // a second fabric: one row of this file can no longer say which variant it prices (taken away
    // again after, as the other tests here export and import the whole catalogue)
    const extra = await k
      .insertInto("product_variants")
      .values({ product_id: f!.id, price: 100_000, old_price: null, stock: 1, position: 1, created_at: 1, updated_at: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      const preview = await previewCatalogCsv(db, csvLine(HEADER) + row(f!, { price: "600" }));
      expect(preview.errors).toEqual([{ line: 2, message: `У товара ${f!.slug} несколько вариантов: их цены и остатки этот файл не меняет` }]);
    } finally {
      await k.deleteFrom("product_variants").where("id", "=", extra.id).execute();
    }
  });

  it("reads a Windows-1251 file with `,` and a UTF-8 file with a BOM", async () => {
    const c = products[2]!;
    const text = `slug,title,section,price\n${c.slug},Кресло из 1251,${c.section},"1 500,00"\n`;
    const decoded = decodeCatalogFile(cp1251(text));
    expect(decoded.encoding).toBe("windows-1251");
    const preview = await previewCatalogCsv(db, decoded.text);
    expect(preview.errors).toEqual([]);
    expect(preview.change[0]!.fields).toContainEqual(expect.objectContaining({ field: "Название", after: "Кресло из 1251" }));

    const bom = decodeCatalogFile(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text.replaceAll(",", ";").replace('"1 500;00"', "1500"))]));
    expect(bom.encoding).toBe("utf-8");
    expect((await previewCatalogCsv(db, bom.text)).change[0]!.fields).toContainEqual({ field: "Цена", before: expect.any(String), after: "1500 ₽" });
  });

  it("names missing columns and refuses a file in neither encoding", async () => {
    await expect(previewCatalogCsv(db, "id;title;stock\n1;Стол;3\n")).rejects.toThrow("Нет обязательных столбцов: slug, section, price");
    expect(() => decodeCatalogFile(new Uint8Array([0xff, 0xfe, 0x69, 0x00, 0x64, 0x00]))).toThrow(/UTF-8 или Windows-1251/);
  });

  it("round-trips: export, change three prices, import, and the export shows them", async () => {
    const exported = await exportCatalogCsv(db);
    expect(exported.startsWith("\uFEFFid;slug;title;section;price;old_price;stock;published")).toBe(true);
    expect((await previewCatalogCsv(db, exported.slice(1))).change).toEqual([]);

    const records = parseCsv(exported.slice(1));
    const price = records[0]!.cells.indexOf("price");
    const oldPrice = records[0]!.cells.indexOf("old_price");
    const edited = records.map((r, i) => {
      if (i < 1 || i > 3) return csvLine(r.cells);
      const cells = [...r.cells];
      cells[price] = `${i}99,90`;
      cells[oldPrice] = "";
      return csvLine(cells);
    });
    const result = await applyCatalogCsv(db, actor, edited.join(""));
    expect(result).toMatchObject({ ok: true, created: 0, changed: 3 });
    const again = parseCsv((await exportCatalogCsv(db)).slice(1));
    expect(again.slice(1, 4).map((r) => r.cells[price])).toEqual(["199,9", "299,9", "399,9"].map((p) => p.replace(",9", ",90")));
    expect(again.length).toBe(records.length);
  });

  it("creates a product with its property values", async () => {
    const prop = await db.kysely
      .selectFrom("product_values")
      .innerJoin("properties", "properties.id", "product_values.property_id")
      .select(["properties.code", "product_values.value_text"])
      .where("properties.kind", "=", "enum")
      .where("product_values.value_text", "is not", null)
      .executeTakeFirstOrThrow();
    const section = products[0]!.section;
    const text = csvLine(["slug", "title", "section", "price", prop.code]) + csvLine(["stol-iz-csv", "Стол из CSV", section, "9990", prop.value_text!]);
    const unknown = csvLine(["slug", "title", "section", "price", prop.code]) + csvLine(["stol-iz-csv", "Стол из CSV", section, "9990", "небывалое"]);
    expect((await previewCatalogCsv(db, unknown)).errors[0]!.message).toContain("неизвестное значение «небывалое»");
    expect(await applyCatalogCsv(db, actor, text)).toMatchObject({ ok: true, created: 1 });
    const made = await db.kysely.selectFrom("products").select(["id", "price", "published"]).where("slug", "=", "stol-iz-csv").executeTakeFirstOrThrow();
    expect(made).toMatchObject({ price: 999_000, published: 1 });
    const values = await db.kysely.selectFrom("product_values").select("value_text").where("product_id", "=", made.id).execute();
    expect(values.map((v) => v.value_text)).toEqual([prop.value_text]);
  });
});
