// Migration 043 (docs/decisions/108-product-variants.md, 1.5): every product becomes a model with
// one variant of the same id, so every id already stored — cart lines, orders, favourites,
// subscriptions, set items, point stock — reads as before, and the model's figures are from then
// on the summary of its variants.
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { migrateTo, migrateToLatest } from "../../../app/db/migrate.server.ts";
import { dialects, openTestDb } from "../../support/test-app.ts";

const NOW = 1_764_000_000_000;

/** A shop at migration 042: a product without article, two with one article, a set, and what names them. */
async function fillAt042(db: Db): Promise<void> {
  const k = db.kysely;
  await sql`insert into sections (id, slug, title) values (1, 'divany', 'Диваны')`.execute(k);
  await sql`insert into contact_points (id, title, city, address, lat, lon) values (1, 'Салон', 'Москва', 'ул. Тверская, 1', 55.7, 37.6)`.execute(k);
  await sql`insert into users (id, email, name, password_hash, created_at, updated_at, password_changed_at)
    values (1, 'anna@example.ru', 'Анна', 'x', ${NOW}, ${NOW}, ${NOW})`.execute(k);
  const product = (id: number, article: string, price: number, oldPrice: number | null, stock: number, weight: number, kind = "product") =>
    sql`insert into products (id, section_id, kind, slug, title, price, old_price, stock, weight, created_at, updated_at, article, external_id)
      values (${id}, 1, ${kind}, ${`p-${id}`}, ${`Товар ${id}`}, ${price}, ${oldPrice}, ${stock}, ${weight}, ${NOW}, ${NOW + id}, ${article}, ${id === 12 ? "1c-12" : null})`.execute(
      k,
    );
  await product(11, "", 3_000_000, 3_500_000, 4, 52_000);
  await product(12, "AB-1", 2_000_000, null, 0, 0);
  await product(13, "AB-1", 1_000_000, null, 7, 9_000);
  await product(14, "SET-1", 5_400_000, null, 2, 61_000, "set");
  await sql`insert into set_items (set_id, item_id, price, weight, qty) values (14, 11, 2900000, 52000, 1), (14, 13, 950000, 9000, 1)`.execute(k);
  await sql`insert into point_stock (product_id, point_id, qty) values (11, 1, 3), (13, 1, 7)`.execute(k);
  await sql`insert into cart_lines (id, owner, product_id, items, qty, created_at, updated_at, price_seen)
    values (5, 's:abc', 11, '[]', 2, ${NOW}, ${NOW}, 3000000), (6, 's:abc', 14, '[11]', 1, ${NOW}, ${NOW}, null)`.execute(k);
  await sql`insert into orders (id, number, owner, idempotency_key, name, phone, delivery_type, items_total, total, consent_version, consent_at, created_at)
    values (1, 'В-1', 's:abc', 'k1', 'Анна', '+79990000000', 'pickup', 3000000, 3000000, 'v', ${NOW}, ${NOW})`.execute(k);
  await sql`insert into order_lines (order_id, product_id, kind, title, slug, qty, price, weight)
    values (1, 13, 'product', 'Товар 13', 'p-13', 1, 1000000, 9000)`.execute(k);
  await sql`insert into favorites (user_id, product_id, created_at) values (1, 12, ${NOW})`.execute(k);
  await sql`insert into stock_subscriptions (product_id, email, token_hash, status, consent_version, created_at)
    values (12, 'anna@example.ru', 'h1', 'confirmed', 'v', ${NOW})`.execute(k);
}

async function pageVersion(db: Db): Promise<number> {
  const row = await db.kysely.selectFrom("page_version").select("version").executeTakeFirstOrThrow();
  return Number(row.version);
}

describe.each(dialects)("migration 043, product variants, on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeEach(async () => {
    ({ db, drop } = await openTestDb(dialect, "042-lifting-quoted-by-manager"));
    await fillAt042(db);
    await migrateToLatest(db);
  });
  afterEach(async () => {
    await drop?.();
  });

  it("gives every product one variant with its id, price, old price, stock, weight and 1C «Ид»", async () => {
    const variants = await db.kysely.selectFrom("product_variants").selectAll().orderBy("id").execute();
    expect(
      variants.map((v) => ({
        id: v.id,
        product_id: v.product_id,
        article: v.article,
        price: Number(v.price),
        old_price: v.old_price === null ? null : Number(v.old_price),
        stock: v.stock,
        weight: v.weight,
        published: v.published,
        external_id: v.external_id,
        updated_at: Number(v.updated_at),
      })),
    ).toEqual([
      {
        id: 11,
        product_id: 11,
        article: "",
        price: 3_000_000,
        old_price: 3_500_000,
        stock: 4,
        weight: 52_000,
        published: 1,
        external_id: null,
        updated_at: NOW + 11,
      },
      // a repeated article stays on the lowest id; the model keeps its own
      {
        id: 12,
        product_id: 12,
        article: "AB-1",
        price: 2_000_000,
        old_price: null,
        stock: 0,
        weight: 0,
        published: 1,
        external_id: "1c-12",
        updated_at: NOW + 12,
      },
      {
        id: 13,
        product_id: 13,
        article: "",
        price: 1_000_000,
        old_price: null,
        stock: 7,
        weight: 9_000,
        published: 1,
        external_id: null,
        updated_at: NOW + 13,
      },
      {
        id: 14,
        product_id: 14,
        article: "SET-1",
        price: 5_400_000,
        old_price: null,
        stock: 2,
        weight: 61_000,
        published: 1,
        external_id: null,
        updated_at: NOW + 14,
      },
    ]);
    const products = await db.kysely.selectFrom("products").select(["id", "article", "price", "old_price", "stock", "weight"]).orderBy("id").execute();
    expect(products.map((p) => [p.id, p.article, Number(p.price), p.old_price === null ? null : Number(p.old_price), p.stock, p.weight])).toEqual([
      [11, "", 3_000_000, 3_500_000, 4, 52_000],
      [12, "AB-1", 2_000_000, null, 0, 0],
      [13, "AB-1", 1_000_000, null, 7, 9_000],
      [14, "SET-1", 5_400_000, null, 2, 61_000],
    ]);
  });

  it("keeps cart lines, order lines, favourites, subscriptions, set items and point stock on the same ids", async () => {
    const k = db.kysely;
    expect(await k.selectFrom("cart_lines").select(["id", "owner", "product_id", "variant_id", "items", "qty", "price_seen"]).orderBy("id").execute()).toEqual([
      { id: 5, owner: "s:abc", product_id: 11, variant_id: 11, items: "[]", qty: 2, price_seen: 3_000_000 },
      { id: 6, owner: "s:abc", product_id: 14, variant_id: 14, items: "[11]", qty: 1, price_seen: null },
    ]);
    expect(await k.selectFrom("order_lines").select(["product_id", "variant_id", "variant_values", "article", "title"]).execute()).toEqual([
      { product_id: 13, variant_id: 13, variant_values: "[]", article: "", title: "Товар 13" },
    ]);
    expect(await k.selectFrom("favorites").select(["user_id", "product_id", "variant_id"]).execute()).toEqual([{ user_id: 1, product_id: 12, variant_id: 12 }]);
    expect(await k.selectFrom("stock_subscriptions").select(["product_id", "variant_id", "email", "status"]).execute()).toEqual([
      { product_id: 12, variant_id: 12, email: "anna@example.ru", status: "confirmed" },
    ]);
    expect(await k.selectFrom("set_items").select(["set_id", "item_id", "variant_id"]).orderBy("item_id").execute()).toEqual([
      { set_id: 14, item_id: 11, variant_id: 11 },
      { set_id: 14, item_id: 13, variant_id: 13 },
    ]);
    expect(await k.selectFrom("variant_point_stock").select(["variant_id", "point_id", "qty"]).orderBy("variant_id").execute()).toEqual([
      { variant_id: 11, point_id: 1, qty: 3 },
      { variant_id: 13, point_id: 1, qty: 7 },
    ]);
  });

  it("keys cart lines, favourites and subscriptions by the variant, and gives new variants ids past the old ones", async () => {
    const k = db.kysely;
    const variant = await k
      .insertInto("product_variants")
      .values({ product_id: 11, price: 3_100_000, old_price: null, stock: 1, position: 1, created_at: NOW, updated_at: NOW })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(variant.id).toBeGreaterThan(14);
    // a second fabric of one sofa is a line of its own
    await k
      .insertInto("cart_lines")
      .values({ owner: "s:abc", product_id: 11, variant_id: variant.id, items: "[]", qty: 1, created_at: NOW, updated_at: NOW })
      .execute();
    await expect(
      k.insertInto("cart_lines").values({ owner: "s:abc", product_id: 11, variant_id: 11, items: "[]", qty: 1, created_at: NOW, updated_at: NOW }).execute(),
    ).rejects.toThrow();
    await k.insertInto("favorites").values({ user_id: 1, product_id: 12, variant_id: 13, created_at: NOW }).execute();
    await expect(k.insertInto("favorites").values({ user_id: 1, product_id: 12, variant_id: 12, created_at: NOW }).execute()).rejects.toThrow();
    // deleting a variant takes its lines with it
    await k.deleteFrom("product_variants").where("id", "=", variant.id).execute();
    expect(await k.selectFrom("cart_lines").select("variant_id").where("product_id", "=", 11).execute()).toEqual([{ variant_id: 11 }]);
  });

  it("moves the model's stock and the page version with a variant's stock, in the same transaction", async () => {
    const before = await pageVersion(db);
    await db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable("product_variants").set({ stock: 9 }).where("id", "=", 11).execute();
      const inside = await trx.selectFrom("products").select("stock").where("id", "=", 11).executeTakeFirstOrThrow();
      expect(inside.stock).toBe(9);
    });
    expect(await pageVersion(db)).toBeGreaterThan(before);
    const unique = async (article: string) =>
      db.kysely.insertInto("product_variants").values({ product_id: 13, article, price: 1, old_price: null, created_at: NOW, updated_at: NOW }).execute();
    // the article is unique in the catalogue; '' may repeat
    await expect(unique("AB-1")).rejects.toThrow();
    await unique("");
  });

  it("goes back to one row per product and up again", async () => {
    await migrateTo(db, "042-lifting-quoted-by-manager");
    const k = db.kysely;
    expect((await sql<{ n: number }>`select cast(count(*) as integer) as n from point_stock`.execute(k)).rows[0]!.n).toEqual(2);
    expect((await sql<{ n: number }>`select cast(count(*) as integer) as n from cart_lines`.execute(k)).rows[0]!.n).toEqual(2);
    await migrateToLatest(db);
    expect(await k.selectFrom("product_variants").select("id").orderBy("id").execute()).toEqual([{ id: 11 }, { id: 12 }, { id: 13 }, { id: 14 }]);
  });
});
