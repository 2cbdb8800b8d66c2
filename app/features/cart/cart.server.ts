// The cart of a session (or, after login, of an account): lines stored in the database, prices
// always read from the catalogue, quantities clamped to stock. See docs/decisions/007-cart.md.
import type { Db } from "../../db/database.server.ts";
import type { ProductKind } from "../../db/schema.ts";
import { cartTotals, type CartLineView, type CartTotals } from "./cart-types.ts";
import { z } from "zod";
import { firstProductImage, isInteger, parseJsonList, readJsonColumn } from "../../lib/json-columns.ts";
import { MAX_CART_QTY } from "./quantity.ts";
import { knownWeight } from "../delivery/index.ts";
import { variantValuesOf } from "../variants/index.server.ts";

/** Largest quantity a request may ask for; more is a malformed request (422). */
export const MAX_CNT = MAX_CART_QTY;

export class CartError extends Error {
  readonly status: 404 | 409 | 422;
  constructor(status: 404 | 409 | 422, message: string) {
    super(message);
    this.status = status;
  }
}

export function cartOwner(session: { id: string | null; userId: number | null }): string | null {
  if (session.userId !== null) return `u:${session.userId}`;
  return session.id ? `s:${session.id}` : null;
}

/**
 * Whose cart a change goes to: a known owner, or one made only when a line is actually stored
 * (a visitor without a session gets one for their first real line, never for a refused request).
 */
export type CartOwner = string | { current: string | null; create(): Promise<string> };

interface SetItemRow {
  item_id: number;
  price: number;
  weight: number;
  qty: number;
  optional: number;
  title: string;
  slug: string;
}

async function setItemsOf(db: Db, setIds: number[]): Promise<Map<number, SetItemRow[]>> {
  const out = new Map<number, SetItemRow[]>();
  if (!setIds.length) return out;
  const rows = await db.kysely
    .selectFrom("set_items")
    .innerJoin("products", "products.id", "set_items.item_id")
    .select([
      "set_items.set_id",
      "set_items.item_id",
      "set_items.price",
      "set_items.weight",
      "set_items.qty",
      "set_items.optional",
      "products.title",
      "products.slug",
    ])
    .where("set_items.set_id", "in", setIds)
    .orderBy("set_items.sort")
    .execute();
  for (const r of rows) {
    const list = out.get(r.set_id) ?? [];
    list.push({ item_id: r.item_id, price: Number(r.price), weight: r.weight, qty: r.qty, optional: r.optional, title: r.title, slug: r.slug });
    out.set(r.set_id, list);
  }
  return out;
}

/** Price of a set with only some items: the items' own prices less the set discount, whole roubles. */
export function setPrice(items: { price: number; qty: number }[], discountPercent: number): { price: number; oldPrice: number } {
  const oldPrice = items.reduce((s, i) => s + i.price * i.qty, 0);
  const price = Math.floor((oldPrice * (100 - discountPercent)) / 100 / 100) * 100;
  return { price, oldPrice };
}

interface ResolvedLine {
  productId: number;
  variantId: number;
  kind: ProductKind;
  title: string;
  /** unit price of what is put in the cart */
  price: number;
  /** sorted included item ids ("[]" for products) */
  itemsKey: string;
  /** pieces in stock now */
  stock: number;
}

const NOT_IN_CATALOGUE = "Такого товара нет в каталоге. Обновите страницу и попробуйте ещё раз.";

/**
 * Which variant of the model a change means (docs/decisions/108-product-variants.md, section 3):
 * the one named, which must be the model's; without a name the model's only published one, and a
 * model with several is refused. A model with none on sale (hidden) still names its first, so a
 * line of it can be lowered or removed.
 */
async function resolveVariant(db: Db, productId: number, variantId: number | undefined) {
  const variants = await db.kysely
    .selectFrom("product_variants")
    .select(["id", "price", "stock", "published"])
    .where("product_id", "=", productId)
    .$if(variantId !== undefined, (q) => q.where("id", "=", variantId!))
    .orderBy("position")
    .orderBy("id")
    .execute();
  if (variantId !== undefined) return variants[0];
  const published = variants.filter((v) => v.published);
  if (published.length > 1) throw new CartError(422, "Выберите вариант: цвет, размер или другое — и добавьте снова.");
  return published[0] ?? variants[0];
}

/** Checks that the product exists with that kind, which variant and which set items are meant (all by default). */
async function resolve(db: Db, productId: number, type: string, items: number[] | undefined, variantId?: number): Promise<ResolvedLine> {
  const product = await db.kysely
    .selectFrom("products")
    .select(["id", "kind", "title", "set_discount", "published"])
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product || product.kind !== type) throw new CartError(404, NOT_IN_CATALOGUE);
  const variant = await resolveVariant(db, product.id, variantId);
  if (!variant) throw new CartError(404, NOT_IN_CATALOGUE);
  let itemsKey = "[]";
  let price = Number(variant.price);
  if (product.kind === "set") {
    const setItems = (await setItemsOf(db, [product.id])).get(product.id) ?? [];
    const all = setItems.map((i) => i.item_id);
    const chosen = items === undefined ? all : [...new Set(items)];
    if (chosen.some((id) => !all.includes(id))) throw new CartError(422, "В комплект можно добавить только его собственные предметы.");
    const required = setItems.filter((i) => !i.optional).map((i) => i.item_id);
    if (required.some((id) => !chosen.includes(id))) throw new CartError(422, "Обязательные предметы комплекта убрать нельзя.");
    if (!chosen.length) throw new CartError(422, "Выберите хотя бы один предмет комплекта.");
    itemsKey = JSON.stringify(chosen.sort((a, b) => a - b));
    if (chosen.length < all.length)
      price = setPrice(
        setItems.filter((i) => chosen.includes(i.item_id)),
        product.set_discount,
      ).price;
  } else if (items !== undefined && items.length) {
    throw new CartError(422, "У этого товара нет предметов комплекта.");
  }
  // a hidden product or variant is sold out to the cart: its line can still be lowered or removed, never added to
  const stock = product.published && variant.published ? variant.stock : 0;
  return { productId: product.id, variantId: variant.id, kind: product.kind, title: product.title, price, itemsKey, stock };
}

export interface CartChange {
  productId: number;
  /** the variant; without it the model's only published one */
  variantId?: number;
  type: string;
  cnt: number;
  /** set items to include; all when omitted */
  items?: number[];
  /** "add" adds cnt to what is there; "set" (default) makes cnt the new quantity */
  mode?: "add" | "set";
}

export interface CartChangeResult {
  qty: number;
  /** Russian notice when the quantity was cut to the stock */
  notice: string | null;
  /** what the mini-cart informer shows */
  product: { title: string; price: number };
}

export async function changeCart(db: Db, cartOwner: CartOwner, change: CartChange, now = Date.now()): Promise<CartChangeResult> {
  if (!Number.isInteger(change.cnt) || change.cnt < 0 || change.cnt > MAX_CNT) {
    throw new CartError(422, `Количество должно быть целым числом от 0 до ${MAX_CNT}.`);
  }
  const line = await resolve(db, change.productId, change.type, change.items, change.variantId);
  const known = typeof cartOwner === "string" ? cartOwner : cartOwner.current;
  const existing = known
    ? await db.kysely
        .selectFrom("cart_lines")
        .select(["id", "qty"])
        .where("owner", "=", known)
        .where("variant_id", "=", line.variantId)
        .where("items", "=", line.itemsKey)
        .executeTakeFirst()
    : undefined;
  const wanted = change.mode === "add" ? (existing?.qty ?? 0) + change.cnt : change.cnt;
  const product = { title: line.title, price: line.price };
  // Removing or lowering never depends on the stock: a line whose goods sold out meanwhile must
  // still be possible to take out of the cart (it stays marked and out of the totals until then).
  const lowering = wanted <= (existing?.qty ?? 0);
  if (!lowering && line.stock <= 0) {
    // Goods with no stock are «Под заказ»: the manager arranges them by phone, the cart does not take them.
    throw new CartError(409, "Этого товара сейчас нет в наличии. Оставьте заявку на обратный звонок — менеджер подскажет сроки.");
  }
  const qty = lowering ? wanted : Math.min(wanted, line.stock);
  const notice = !lowering && wanted > line.stock ? `Доступно только ${line.stock} шт., столько и положили в корзину.` : null;
  if (qty <= 0) {
    if (existing) await db.kysely.deleteFrom("cart_lines").where("id", "=", existing.id).execute();
    return { qty: 0, notice, product };
  }
  const owner = known ?? (await (cartOwner as Exclude<CartOwner, string>).create());
  await db.kysely
    .insertInto("cart_lines")
    .values({
      owner,
      product_id: line.productId,
      variant_id: line.variantId,
      items: line.itemsKey,
      qty,
      created_at: now,
      updated_at: now,
      price_seen: line.price,
    })
    .onConflict((oc) => oc.columns(["owner", "variant_id", "items"]).doUpdateSet({ qty, updated_at: now, price_seen: line.price }))
    .execute();
  return { qty, notice, product };
}

/** Sets the quantity of one line by its id (the cart page), or removes it with 0. */
export async function changeCartLine(db: Db, owner: string | null, lineId: number, cnt: number): Promise<CartChangeResult> {
  // without an owner there is no cart, so no line either
  const row =
    owner &&
    (await db.kysely
      .selectFrom("cart_lines")
      .innerJoin("products", "products.id", "cart_lines.product_id")
      .select(["cart_lines.product_id", "cart_lines.variant_id", "cart_lines.items", "products.kind"])
      .where("cart_lines.id", "=", lineId)
      .where("owner", "=", owner)
      .executeTakeFirst());
  if (!row) throw new CartError(404, "Этой позиции уже нет в корзине. Обновите страницу.");
  // an unreadable row of a set's line reads as no items chosen, which changeCart refuses in words
  return changeCart(db, owner, {
    productId: row.product_id,
    variantId: row.variant_id,
    type: row.kind,
    cnt,
    items: parseJsonList(row.items, isInteger),
    mode: "set",
  });
}

// the model's and the variant's columns a cart line is shown and ordered from: what is sold,
// counted and shipped is the variant's (docs/decisions/108-product-variants.md)
const LINE_PRODUCT_COLUMNS = [
  "products.id as product_id",
  "product_variants.id as variant_id",
  "product_variants.article",
  "products.published",
  "product_variants.published as variant_published",
  "products.kind",
  "products.slug",
  "products.title",
  "product_variants.price",
  "product_variants.old_price",
  "product_variants.weight",
  "product_variants.stock",
  "products.images",
  "products.set_discount",
] as const;

/** a cart line's `items` as toLineViews reads it: the chosen set item ids, or null for the whole set */
const ChosenItemsSchema = z.array(z.int()).nullable();

interface LineRow {
  id: number;
  qty: number;
  items: string;
  price_seen: number | string | null;
  product_id: number;
  variant_id: number;
  article: string;
  published: number | boolean;
  variant_published: number | boolean;
  kind: ProductKind;
  slug: string;
  title: string;
  price: number | string;
  old_price: number | string | null;
  weight: number;
  stock: number;
  images: string;
  set_discount: number;
}

async function toLineViews(db: Db, rows: LineRow[]): Promise<CartLineView[]> {
  const sets = await setItemsOf(
    db,
    rows.filter((r) => r.kind === "set").map((r) => r.product_id),
  );
  const values = await variantValuesOf(
    db.kysely,
    rows.map((r) => r.variant_id),
  );
  return rows.map((r): CartLineView => {
    const base = {
      id: r.id,
      productId: r.product_id,
      variantId: r.variant_id,
      values: values.get(r.variant_id) ?? [],
      article: r.article,
      kind: r.kind,
      slug: r.slug,
      title: r.title,
      image: firstProductImage(r.images),
      qty: r.qty,
      // a hidden product's (or variant's) line is unavailable like a sold-out one: out of the totals and of any order
      inStock: r.published && r.variant_published ? Math.max(0, r.stock) : 0,
      max: Math.max(1, r.stock),
    };
    const seen = (price: number) => (r.price_seen !== null && Number(r.price_seen) !== price ? Number(r.price_seen) : null);
    if (r.kind !== "set") {
      const price = Number(r.price);
      return { ...base, price, priceSeen: seen(price), oldPrice: r.old_price === null ? null : Number(r.old_price), weight: r.weight, items: [] };
    }
    const all = sets.get(r.product_id) ?? [];
    // a line made here for one product (items "null") means the whole set, and so does an
    // unreadable row: it then costs what the catalogue says, never the price of no items
    const chosenIds = readJsonColumn(r.items, ChosenItemsSchema, { fallback: null }) ?? all.map((i) => i.item_id);
    const chosen = all.filter((i) => chosenIds.includes(i.item_id));
    const whole = chosen.length === all.length;
    const computed = setPrice(chosen, r.set_discount);
    // the whole set costs what the catalogue says; a partial one is priced from its items
    const price = whole ? Number(r.price) : computed.price;
    return {
      ...base,
      price,
      priceSeen: seen(price),
      oldPrice: computed.oldPrice,
      // one item without a weight leaves the set's weight unknown: lifting is then quoted, not priced light
      weight: knownWeight(chosen),
      items: chosen.map((i) => ({ id: i.item_id, title: i.title, slug: i.slug, qty: i.qty })),
    };
  });
}

export async function loadCart(db: Db, owner: string | null): Promise<{ lines: CartLineView[]; totals: CartTotals }> {
  if (!owner) return { lines: [], totals: cartTotals([]) };
  const rows = await db.kysely
    .selectFrom("cart_lines")
    .innerJoin("products", "products.id", "cart_lines.product_id")
    .innerJoin("product_variants", "product_variants.id", "cart_lines.variant_id")
    .select(["cart_lines.id", "cart_lines.qty", "cart_lines.items", "cart_lines.price_seen", ...LINE_PRODUCT_COLUMNS])
    .where("cart_lines.owner", "=", owner)
    .orderBy("cart_lines.created_at")
    .orderBy("cart_lines.id")
    .execute();
  const lines = await toLineViews(db, rows);
  return { lines, totals: cartTotals(lines) };
}

/**
 * One piece of a product (a set whole), shaped like a cart line that is in no cart (id 0), for
 * «Купить в 1 клик» from the product page: the variant given (a published one of it), else its
 * first published; null when there is no such product or variant on sale.
 */
export async function loadProductLine(db: Db, slug: string, variantId?: number): Promise<CartLineView | null> {
  const row = await db.kysely
    .selectFrom("products")
    .innerJoin("product_variants", "product_variants.product_id", "products.id")
    .select([...LINE_PRODUCT_COLUMNS])
    .where("products.slug", "=", slug)
    // a hidden product or variant is not for sale and not named to visitors
    .where("products.published", "=", 1)
    .where("product_variants.published", "=", 1)
    .$if(variantId !== undefined, (q) => q.where("product_variants.id", "=", variantId!))
    .orderBy("product_variants.position")
    .orderBy("product_variants.id")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const [line] = await toLineViews(db, [{ ...row, id: 0, qty: 1, items: "null", price_seen: null }]);
  return line ?? null;
}

/**
 * The shopper has now seen the current prices of these lines («Цена изменилась» is shown once, on
 * the visit that confirms it): their remembered price becomes today's. Orders keep their own prices.
 */
export async function confirmCartPrices(db: Db, owner: string | null, lines: readonly CartLineView[]): Promise<void> {
  if (!owner) return;
  for (const line of lines) {
    if (line.priceSeen === null) continue;
    await db.kysely.updateTable("cart_lines").set({ price_seen: line.price }).where("id", "=", line.id).where("owner", "=", owner).execute();
  }
}

/** Count and sum for the header: the lines that can be ordered as they stand (the cart page's totals). */
export async function cartSummary(db: Db, owner: string | null): Promise<{ count: number; sum: number }> {
  if (!owner) return { count: 0, sum: 0 };
  const { totals } = await loadCart(db, owner);
  return { count: totals.count, sum: totals.sum };
}

/** At login: the visitor's lines join the account's (quantities add up, clamped later by stock). */
export async function mergeCarts(db: Db, fromOwner: string, toOwner: string, now = Date.now()): Promise<void> {
  if (fromOwner === toOwner) return;
  const lines = await db.kysely.selectFrom("cart_lines").select(["product_id", "variant_id", "items", "qty"]).where("owner", "=", fromOwner).execute();
  for (const l of lines) {
    const existing = await db.kysely
      .selectFrom("cart_lines")
      .select(["id", "qty"])
      .where("owner", "=", toOwner)
      .where("variant_id", "=", l.variant_id)
      .where("items", "=", l.items)
      .executeTakeFirst();
    if (existing)
      await db.kysely
        .updateTable("cart_lines")
        .set({ qty: Math.min(MAX_CNT, existing.qty + l.qty), updated_at: now })
        .where("id", "=", existing.id)
        .execute();
    else
      await db.kysely
        .insertInto("cart_lines")
        .values({ owner: toOwner, product_id: l.product_id, variant_id: l.variant_id, items: l.items, qty: l.qty, created_at: now, updated_at: now })
        .execute();
  }
  await db.kysely.deleteFrom("cart_lines").where("owner", "=", fromOwner).execute();
}
