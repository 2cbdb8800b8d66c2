import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { seedDemo } from "../../../app/db/seed/seed.server.ts";
import { CartError, changeCart, loadCart, mergeCarts, setPrice } from "../../../app/features/cart/cart.server.ts";
import { OrderError, placeOrder } from "../../../app/features/orders/orders.server.ts";
import { checkoutSchema, parseCheckout, type CheckoutInput } from "../../../app/features/checkout/checkout-schema.ts";
import { checkoutInput } from "../../support/orders.ts";
import { dialects, MEDIA_DIR, openTestDb } from "../../support/test-app.ts";
import { setVariantStock } from "../../support/variants.ts";

/** the checkout form with this idempotency key; the phone as typed, to be stored normalised */
const input = (key: string, overrides: Record<string, string> = {}): CheckoutInput =>
  checkoutInput({ name: "Анна", phone: "8 (916) 123-45-67", email: "", idempotencyKey: key, ...overrides });

describe.each(dialects)("cart and orders on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let product: { id: number; price: number; stock: number; weight: number; title: string };
  let set: { id: number; price: number; items: { item_id: number; optional: number; price: number; qty: number }[]; discount: number };
  let n = 0;
  const owner = () => `s:test-${dialect}-${++n}`;

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    await seedDemo(db, { mediaDir: MEDIA_DIR, images: false });
    const p = await db.kysely
      .selectFrom("products")
      .select(["id", "price", "stock", "weight", "title"])
      .where("kind", "=", "product")
      .where("stock", ">=", 8)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    product = { ...p, price: Number(p.price) };
    const s = await db.kysely
      .selectFrom("products")
      .select(["id", "price", "set_discount"])
      .where("kind", "=", "set")
      .where("stock", ">", 2)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const items = await db.kysely.selectFrom("set_items").select(["item_id", "optional", "price", "qty"]).where("set_id", "=", s.id).execute();
    set = { id: s.id, price: Number(s.price), discount: s.set_discount, items: items.map((i) => ({ ...i, price: Number(i.price) })) };
  });
  afterAll(async () => {
    await drop?.();
  });

  it("adds, sets, clamps to stock and removes, with prices from the catalogue", async () => {
    const o = owner();
    expect((await changeCart(db, o, { productId: product.id, type: "product", cnt: 2, mode: "add" })).qty).toBe(2);
    expect((await changeCart(db, o, { productId: product.id, type: "product", cnt: 1, mode: "add" })).qty).toBe(3);
    expect((await changeCart(db, o, { productId: product.id, type: "product", cnt: 5 })).qty).toBe(5);
    const over = await changeCart(db, o, { productId: product.id, type: "product", cnt: product.stock + 10 });
    expect(over.qty).toBe(product.stock);
    expect(over.notice).toMatch(/Доступно только/);
    const { lines, totals } = await loadCart(db, o);
    expect(lines).toHaveLength(1);
    expect(totals.count).toBe(product.stock);
    expect(totals.sum).toBe(product.price * product.stock);
    expect(totals.weight).toBe(product.weight * product.stock);
    await changeCart(db, o, { productId: product.id, type: "product", cnt: 0 });
    expect((await loadCart(db, o)).lines).toHaveLength(0);
  });

  it("refuses unknown products, wrong types and bad quantities", async () => {
    const o = owner();
    await expect(changeCart(db, o, { productId: 999999, type: "product", cnt: 1 })).rejects.toMatchObject({ status: 404 });
    await expect(changeCart(db, o, { productId: product.id, type: "set", cnt: 1 })).rejects.toMatchObject({ status: 404 });
    for (const cnt of [1.5, -1, 1000, Number.NaN]) {
      await expect(changeCart(db, o, { productId: product.id, type: "product", cnt })).rejects.toBeInstanceOf(CartError);
    }
    const soldOut = await db.kysely.selectFrom("products").select("id").where("stock", "=", 0).where("kind", "=", "product").executeTakeFirst();
    if (soldOut) await expect(changeCart(db, o, { productId: soldOut.id, type: "product", cnt: 1 })).rejects.toMatchObject({ status: 409 });
  });

  it("prices a whole set as the catalogue does and a set without optional items from its items", async () => {
    const o = owner();
    await changeCart(db, o, { productId: set.id, type: "set", cnt: 1 });
    let { lines } = await loadCart(db, o);
    expect(lines[0]!.price).toBe(set.price);
    expect(setPrice(set.items, set.discount).price).toBe(set.price);
    const required = set.items.filter((i) => !i.optional);
    if (required.length < set.items.length) {
      await changeCart(db, o, { productId: set.id, type: "set", cnt: 1, items: required.map((i) => i.item_id) });
      ({ lines } = await loadCart(db, o));
      expect(lines).toHaveLength(2);
      expect(lines[1]!.price).toBe(setPrice(required, set.discount).price);
      expect(lines[1]!.price).toBeLessThan(set.price);
    }
    await expect(changeCart(db, o, { productId: set.id, type: "set", cnt: 1, items: [product.id] })).rejects.toMatchObject({ status: 422 });
  });

  it("merges a visitor's cart into the account's at login", async () => {
    const visitor = owner();
    const account = `u:${n}`;
    await changeCart(db, visitor, { productId: product.id, type: "product", cnt: 1 });
    await changeCart(db, account, { productId: product.id, type: "product", cnt: 2 });
    await mergeCarts(db, visitor, account);
    expect((await loadCart(db, account)).totals.count).toBe(3);
    expect((await loadCart(db, visitor)).lines).toHaveLength(0);
  });

  it("places an order in one transaction: stock goes down, the cart empties, lifting is charged", async () => {
    const o = owner();
    const before = (await db.kysely.selectFrom("products").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow()).stock;
    await changeCart(db, o, { productId: product.id, type: "product", cnt: 2 });
    const { number, created } = await placeOrder(db, { owner: o, userId: null, input: input(`key-${dialect}-one-order-0001`) });
    expect(created).toBe(true);
    expect(number).toMatch(/^\d{2}-\d{6}$/);
    const after = (await db.kysely.selectFrom("products").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow()).stock;
    expect(after).toBe(before - 2);
    expect((await loadCart(db, o)).lines).toHaveLength(0);
    const order = await db.kysely.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirstOrThrow();
    expect(order.phone).toBe("+7 (916) 123-45-67");
    expect(Number(order.lifting_cost)).toBeGreaterThan(0);
    expect(Number(order.total)).toBe(Number(order.items_total) + Number(order.delivery_cost) + Number(order.lifting_cost));
  });

  it("refuses an order at a pickup point that is not a showroom: nothing written, stock and cart kept", async () => {
    const o = owner();
    await changeCart(db, o, { productId: product.id, type: "product", cnt: 1 });
    const stock = async () => (await db.kysely.selectFrom("products").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow()).stock;
    const before = await stock();
    const key = `key-${dialect}-no-such-pickup-point`;
    const err = await placeOrder(db, { owner: o, userId: null, input: input(key, { delivery: "pickup", pickupPoint: "99999" }) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OrderError);
    expect(err).toMatchObject({ status: 422, field: "pickupPoint", message: "Такого пункта самовывоза нет: выберите пункт из списка" });
    expect(await db.kysely.selectFrom("orders").select("id").where("idempotency_key", "=", key).execute()).toEqual([]);
    expect(await stock()).toBe(before);
    expect((await loadCart(db, o)).lines).toHaveLength(1);
  });

  it("makes one order for a retried or doubled submission (idempotency key)", async () => {
    await setVariantStock(db.kysely, product.id, 100);
    // several rounds: the twins interleave differently each time
    for (let round = 0; round < 6; round++) {
      const o = owner();
      await changeCart(db, o, { productId: product.id, type: "product", cnt: 1 });
      const key = `key-${dialect}-retry-${String(round).padStart(10, "0")}`;
      const [a, b] = await Promise.all([
        placeOrder(db, { owner: o, userId: null, input: input(key) }),
        placeOrder(db, { owner: o, userId: null, input: input(key) }),
      ]);
      expect(a.number).toBe(b.number);
      expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
      const again = await placeOrder(db, { owner: o, userId: null, input: input(key) });
      expect(again).toEqual({ number: a.number, created: false });
      expect(await db.kysely.selectFrom("orders").select("id").where("idempotency_key", "=", key).execute()).toHaveLength(1);
    }
  });

  it("sells the last unit to exactly one of two buyers at once", async () => {
    await setVariantStock(db.kysely, product.id, 1);
    const [x, y] = [owner(), owner()];
    await changeCart(db, x, { productId: product.id, type: "product", cnt: 1 });
    await changeCart(db, y, { productId: product.id, type: "product", cnt: 1 });
    const results = await Promise.allSettled([
      placeOrder(db, { owner: x, userId: null, input: input(`key-${dialect}-race-x-00000001`) }),
      placeOrder(db, { owner: y, userId: null, input: input(`key-${dialect}-race-y-00000001`) }),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(OrderError);
    // whether it lost before or while taking the stock, the loser is told which goods ran out
    const reason = lost[0]!.reason as OrderError;
    expect(reason.message).toMatch(/раскупили|нет в наличии/);
    expect(reason.message).toContain(product.title);
    expect(reason.blocking).toEqual([{ title: product.title, qty: 1, inStock: 0 }]);
    expect((await db.kysely.selectFrom("products").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow()).stock).toBe(0);
  });

  it("validates the checkout form with Russian messages", () => {
    const r = parseCheckout({ name: "", phone: "123", delivery: "floor", floor: "0", consentVersion: "2026-10-01", idempotencyKey: "short" });
    expect(r.errors).toBeDefined();
    for (const f of ["name", "phone", "consent", "idempotencyKey", "address", "floor"]) expect(r.errors![f], f).toBeTruthy();
    expect(r.errors!.phone).toBe("Укажите телефон в формате +7 (XXX) XXX-XX-XX");
    expect(parseCheckout({ delivery: "pickup" }).errors!.pickupPoint).toBe("Выберите пункт самовывоза");
    const pasted = checkoutSchema().safeParse({
      name: "Иван",
      phone: "+79161234567",
      delivery: "pickup",
      pickupPoint: "1",
      consent: "on",
      consentVersion: "2026-10-01",
      idempotencyKey: "abcdefghijklmnop1234",
    });
    expect(pasted.success && pasted.data.phone).toBe("+7 (916) 123-45-67");
  });
});
