// «Поиск» in the back office's product table answers from a title index (decision 081) and must
// find exactly what its definition says: every word typed occurs in the title or the slug, in any
// case, ё and е alike — checked against that definition over the whole demo catalogue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { seedDemo } from "../../../app/db/seed/seed.server.ts";
import { listAdminProducts } from "../../../app/features/product/admin-products.server.ts";
import { parseProductListQuery } from "../../../app/features/product/product-list-query.ts";
import { dialects, MEDIA_DIR, openTestDb } from "../../support/test-app.ts";

const fold = (text: string) => text.toLocaleLowerCase("ru").replace(/ё/g, "е");

describe.each(dialects)("back-office product search on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let products: { id: number; title: string; slug: string; stock: number }[];

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    await seedDemo(db, { mediaDir: MEDIA_DIR, images: false });
    // a title with ё, and one renamed after the seed: the index follows every write
    const [first, second] = await db.kysely.selectFrom("products").select("id").orderBy("id").limit(2).execute();
    await db.kysely.updateTable("products").set({ title: "Кресло Тёплый вечер" }).where("id", "=", first!.id).execute();
    await db.kysely.updateTable("products").set({ title: "Пуф ЁЖИК", slug: "puf-ezhik-test" }).where("id", "=", second!.id).execute();
    products = await db.kysely.selectFrom("products").select(["id", "title", "slug", "stock"]).execute();
  });
  afterAll(async () => {
    await drop?.();
  });

  it.each(["диван", "ДИВАН серый", "Кресло", "теплый", "ТЁПЛЫЙ ВЕЧЕР", "ёжик", "ежик", "ezhik", "divan", "ди", "шкаф 2", "нет такого слова"])(
    "finds what «%s» means: every word in the title or slug",
    async (q) => {
      const words = q.split(" ").map(fold);
      const expected = products
        .filter((p) => words.every((w) => fold(`${p.title} ${p.slug}`).includes(w)))
        .map((p) => p.id)
        .sort((a, b) => b - a);
      const list = await listAdminProducts(db, parseProductListQuery(new URLSearchParams({ q })));
      expect(list.total).toBe(expected.length);
      expect(list.rows.map((r) => r.id)).toEqual(expected.slice(0, 50));

      const inStock = products.filter((p) => p.stock > 0 && expected.includes(p.id)).length;
      expect((await listAdminProducts(db, parseProductListQuery(new URLSearchParams({ q, stock: "in", sort: "price_desc" })))).total).toBe(inStock);
    },
  );

  it("finds a renamed product by its new title and no longer by its old one", async () => {
    const p = products.find((r) => r.title === "Пуф ЁЖИК")!;
    await db.kysely.updateTable("products").set({ title: "Пуф Колючий" }).where("id", "=", p.id).execute();
    const found = async (q: string) => (await listAdminProducts(db, parseProductListQuery(new URLSearchParams({ q })))).rows.map((r) => r.id);
    expect(await found("колючий")).toEqual([p.id]);
    expect(await found("ёжик пуф")).toEqual([]);
  });
});
