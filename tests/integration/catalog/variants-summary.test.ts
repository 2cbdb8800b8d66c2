// products.price/old_price/stock/weight are the summary of the model's published variants, kept
// by the triggers of migration 043 (docs/decisions/108-product-variants.md, 1.3) in the writer's
// own transaction, whoever the writer is.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { dialects, openTestDb } from "../../support/test-app.ts";
import { insertModel } from "../../support/variants.ts";

const NOW = 1_764_000_000_000;

describe.each(dialects)("the model's figures follow its variants on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let next = 100;

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    await db.kysely.insertInto("sections").values({ id: 1, slug: "divany", title: "Диваны", description: "", sort: 0 }).execute();
  });
  afterAll(async () => {
    await drop?.();
  });

  async function model(): Promise<number> {
    const id = ++next;
    await insertModel(db.kysely, { id, section_id: 1, slug: `m-${id}`, title: `Модель ${id}`, price: 999, weight: 7, created_at: NOW, updated_at: NOW });
    return id;
  }

  const variant = async (productId: number, v: { price: number; old_price?: number | null; stock?: number; weight?: number; position?: number }) =>
    (
      await db.kysely
        .insertInto("product_variants")
        .values({ product_id: productId, old_price: null, created_at: NOW, updated_at: NOW, ...v })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;

  const summary = async (id: number) => {
    const p = await db.kysely
      .selectFrom("products")
      .select(["price", "old_price", "stock", "weight", "version", "updated_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return {
      price: Number(p.price),
      old_price: p.old_price === null ? null : Number(p.old_price),
      stock: p.stock,
      weight: p.weight,
      version: p.version,
      updated_at: Number(p.updated_at),
    };
  };
  // a new product is at version 1; the triggers never move it or updated_at
  const untouched = { version: 1, updated_at: NOW };

  it("an inserted variant sets the model's figures; the cheapest one's old price goes with its price", async () => {
    const m = await model();
    await variant(m, { price: 50_000, old_price: 60_000, stock: 2, weight: 30_000 });
    expect(await summary(m)).toEqual({ price: 50_000, old_price: 60_000, stock: 2, weight: 30_000, ...untouched });
    await variant(m, { price: 40_000, stock: 3, weight: 25_000, position: 1 });
    expect(await summary(m)).toEqual({ price: 40_000, old_price: null, stock: 5, weight: 25_000, ...untouched });
    // one variant without a weight leaves the model's weight unknown
    await variant(m, { price: 45_000, stock: 0, weight: 0, position: 2 });
    expect(await summary(m)).toEqual({ price: 40_000, old_price: null, stock: 5, weight: 0, ...untouched });
  });

  it("an update of price, stock or publishing moves it; with nothing published the price stays and stock is 0", async () => {
    const m = await model();
    const a = await variant(m, { price: 50_000, old_price: 55_000, stock: 2, weight: 30_000 });
    const b = await variant(m, { price: 40_000, stock: 3, weight: 20_000, position: 1 });
    await db.kysely.updateTable("product_variants").set({ stock: 9 }).where("id", "=", b).execute();
    expect(await summary(m)).toMatchObject({ price: 40_000, stock: 11 });
    await db.kysely.updateTable("product_variants").set({ price: 30_000, old_price: 35_000 }).where("id", "=", a).execute();
    expect(await summary(m)).toMatchObject({ price: 30_000, old_price: 35_000, stock: 11, weight: 20_000 });
    await db.kysely.updateTable("product_variants").set({ published: 0 }).where("id", "=", a).execute();
    expect(await summary(m)).toEqual({ price: 40_000, old_price: null, stock: 9, weight: 20_000, ...untouched });
    await db.kysely.updateTable("product_variants").set({ published: 0 }).where("id", "=", b).execute();
    expect(await summary(m)).toEqual({ price: 40_000, old_price: null, stock: 0, weight: 20_000, ...untouched });
  });

  it("a deleted variant leaves the others' summary", async () => {
    const m = await model();
    const a = await variant(m, { price: 10_000, stock: 1, weight: 5_000 });
    await variant(m, { price: 20_000, stock: 4, weight: 8_000, position: 1 });
    await db.kysely.deleteFrom("product_variants").where("id", "=", a).execute();
    expect(await summary(m)).toEqual({ price: 20_000, old_price: null, stock: 4, weight: 8_000, ...untouched });
  });

  it("a variant moved to another model moves both models' figures", async () => {
    const from = await model();
    const to = await model();
    await variant(from, { price: 70_000, stock: 1, weight: 40_000 });
    const moving = await variant(from, { price: 60_000, stock: 2, weight: 35_000, position: 1 });
    await variant(to, { price: 90_000, stock: 5, weight: 50_000 });
    await db.kysely.updateTable("product_variants").set({ product_id: to }).where("id", "=", moving).execute();
    expect(await summary(from)).toEqual({ price: 70_000, old_price: null, stock: 1, weight: 40_000, ...untouched });
    expect(await summary(to)).toEqual({ price: 60_000, old_price: null, stock: 7, weight: 35_000, ...untouched });
  });

  it("a write of another column (the article) leaves the model alone, and a rolled-back write leaves nothing", async () => {
    const m = await model();
    const a = await variant(m, { price: 10_000, stock: 1, weight: 5_000 });
    await db.kysely.updateTable("products").set({ stock: 77 }).where("id", "=", m).execute(); // a stray direct write
    await db.kysely
      .updateTable("product_variants")
      .set({ article: `A-${a}` })
      .where("id", "=", a)
      .execute();
    expect((await summary(m)).stock).toBe(77);
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable("product_variants").set({ stock: 3 }).where("id", "=", a).execute();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await summary(m)).stock).toBe(77);
    await db.kysely.updateTable("product_variants").set({ stock: 3 }).where("id", "=", a).execute();
    expect((await summary(m)).stock).toBe(3);
  });
});
