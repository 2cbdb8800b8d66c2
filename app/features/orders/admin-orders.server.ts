// The back office's orders (decision 071): the searchable list, one order with its
// history, status changes and edits before assembly. Every change is one transaction that checks
// the version the manager saw (two staff, one order: the second save is refused and nothing is
// written), moves stock as checkout does, and writes its audit entry.
import { sql, type Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import { knownWeight, quoteDelivery, type DeliveryType, type LiftingPricing, type LiftType } from "../delivery/index.ts";
import { loadLiftTariffs } from "../delivery/index.server.ts";
import { type OrderStatus } from "./order-status.ts";
import {
  canMove,
  classifySearch,
  ILLEGAL_TRANSITION_MESSAGE,
  LIFTING_LOCKED_MESSAGE,
  LINES_LOCKED_MESSAGE,
  liftingPriceEditable,
  linesEditable,
  ORDER_CONFLICT_MESSAGE,
  ORDER_PAGE_SIZE,
  type OrderListFilter,
} from "./order-workflow.ts";
import type { AdminOrderList } from "./admin-order-types.ts";
import type { OrderRecord } from "./order-types.ts";
import { readOrders } from "./order-record.server.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { shopDayStart } from "../../lib/shop-calendar.ts";
import { updateAtVersion } from "../../db/versioned-update.ts";
import { countedPage } from "../../db/counted-page.ts";

/** A refusal the route turns into a status and a Russian message (under `field` when it is about one). */
export class AdminOrderError extends Error {
  readonly status: 404 | 409 | 422;
  readonly field: string | undefined;
  constructor(status: 404 | 409 | 422, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

const NOT_FOUND_MESSAGE = "Такого заказа нет.";
const DAY_MS = 86_400_000;

export async function listOrders(db: Db, filter: OrderListFilter): Promise<AdminOrderList> {
  let query = db.kysely.selectFrom("orders");
  const search = classifySearch(filter.q);
  if (search.kind === "number") query = query.where("number", "=", search.value);
  else if (search.kind === "phone") query = query.where("phone", "=", search.value);
  else if (search.kind === "email") query = query.where(sql<string>`lower(email)`, "=", search.value);
  else if (search.kind === "name") query = query.where("search_name", "like", `%${search.value.replace(/[%_\\]/g, "")}%`);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.delivery) query = query.where("delivery_type", "=", filter.delivery);
  if (filter.payment) query = query.where("paid_at", filter.payment === "paid" ? "is not" : "is", null);
  if (filter.from) query = query.where("created_at", ">=", shopDayStart(filter.from));
  if (filter.to) query = query.where("created_at", "<", shopDayStart(filter.to) + DAY_MS);
  const column = filter.sort === "total" ? "total" : filter.sort === "number" ? "number" : "created_at";
  const { total, page, pages, limit, offset } = await countedPage(query, filter.page, ORDER_PAGE_SIZE);
  const rows = await query
    .select(["number", "status", "created_at", "name", "phone", "email", "delivery_type", "total", "paid_at", "source"])
    .orderBy(column, filter.dir)
    .orderBy("id", filter.dir)
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    total,
    page,
    pages,
    rows: rows.map((r) => ({
      number: r.number,
      status: r.status,
      createdAt: Number(r.created_at),
      name: r.name,
      phone: r.phone,
      email: r.email,
      deliveryType: r.delivery_type as DeliveryType,
      total: Number(r.total),
      paid: r.paid_at !== null,
      source: r.source,
    })),
  };
}

/** The order for the back office and its print sheet: all of it, the manager's note, consent and version too. */
export async function loadAdminOrder(db: Db, number: string): Promise<OrderRecord | null> {
  return (await readOrders(db, { number }))[0] ?? null;
}

type Trx = Transaction<Database>;

/** The order, locked to the version the manager saw: bumps it, or refuses when someone saved first. */
async function claimOrder(trx: Trx, number: string, expectedVersion: number) {
  const order = await trx.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst();
  if (!order) throw new AdminOrderError(404, NOT_FOUND_MESSAGE);
  // the conditional update is the lock: of two saves carrying one version, only the first matches
  if (!(await updateAtVersion(trx, "orders", { column: "id", id: order.id }, expectedVersion, {}))) throw new AdminOrderError(409, ORDER_CONFLICT_MESSAGE);
  return { ...order, version: expectedVersion + 1 };
}

/**
 * Whether an order in this status keeps its lines' pieces out of stock: every order does from
 * checkout on, except a pre-order (placed for goods that are not there, decision 084) and a
 * cancelled one.
 */
const holdsStock = (status: string) => status !== "preorder" && status !== "cancelled";

export interface StatusChangeResult {
  from: string;
  to: OrderStatus;
  version: number;
}

export async function changeOrderStatus(
  db: Db,
  actor: StaffActor,
  number: string,
  to: OrderStatus,
  expectedVersion: number,
  note = "",
  now = Date.now(),
): Promise<StatusChangeResult> {
  const text = note.trim().slice(0, 500);
  return db.kysely.transaction().execute(async (trx) => {
    const order = await claimOrder(trx, number, expectedVersion);
    if (!canMove(order.status, to)) throw new AdminOrderError(409, ILLEGAL_TRANSITION_MESSAGE, "status");
    await trx.updateTable("orders").set({ status: to }).where("id", "=", order.id).execute();
    await trx
      .insertInto("order_status_history")
      .values({ order_id: order.id, status: to, note: text, created_at: now, actor_id: actor.id, actor_label: actor.label ?? null })
      .execute();
    const lines = await trx.selectFrom("order_lines").select(["product_id", "variant_id", "title", "qty"]).where("order_id", "=", order.id).execute();
    if (holdsStock(order.status) && !holdsStock(to)) {
      // checkout took each line from its variant's own stock (a set has its own): give it back
      for (const l of lines) await giveBack(trx, await lineVariant(trx, l), l.qty, now);
    } else if (!holdsStock(order.status) && holdsStock(to)) {
      // a pre-order the manager confirms: the goods have come, now the order takes them
      for (const l of lines) await takeStock(trx, await lineVariant(trx, l), l.title, l.qty, "status", now);
    }
    await recordAudit(
      trx,
      actor,
      { action: "order.status", entity: "order", entityId: number, before: { status: order.status }, after: { status: to, note: text || undefined } },
      now,
    );
    return { from: order.status, to, version: order.version };
  });
}

export type LineChange = { kind: "qty"; lineId: number; qty: number } | { kind: "remove"; lineId: number } | { kind: "add"; productId: number; qty: number };

const MAX_LINE_QTY = 99;

function stockMessage(title: string, left: number): string {
  return left > 0 ? `«${title}»: на складе осталось только ${left} шт.` : `«${title}» нет на складе.`;
}

/**
 * The variant an order line took its pieces from: the one it names, or for a line without one
 * the model's first (docs/decisions/108-product-variants.md, section 5); null when it is gone.
 */
async function lineVariant(trx: Trx, line: { product_id: number; variant_id: number | null }): Promise<number | null> {
  if (line.variant_id !== null) return line.variant_id;
  const first = await trx
    .selectFrom("product_variants")
    .select("id")
    .where("product_id", "=", line.product_id)
    .orderBy("position")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return first?.id ?? null;
}

/** Gives `qty` pieces back to a variant's stock (nothing when the variant is gone); the model's follows by trigger. */
async function giveBack(trx: Trx, variantId: number | null, qty: number, now: number): Promise<void> {
  if (variantId === null) return;
  await trx
    .updateTable("product_variants")
    .set((eb) => ({ stock: eb("stock", "+", qty), updated_at: now }))
    .where("id", "=", variantId)
    .execute();
}

/** Takes `qty` more pieces of a variant from stock, or refuses under the field it came from. */
async function takeStock(trx: Trx, variantId: number | null, title: string, qty: number, field: string, now: number): Promise<void> {
  const res =
    variantId === null
      ? { numUpdatedRows: 0n }
      : await trx
          .updateTable("product_variants")
          .set((eb) => ({ stock: eb("stock", "-", qty), updated_at: now }))
          .where("id", "=", variantId)
          .where("stock", ">=", qty)
          .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    const left = variantId === null ? undefined : await trx.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirst();
    throw new AdminOrderError(422, stockMessage(title, Math.max(0, left?.stock ?? 0)), field);
  }
}

/**
 * A product as checkout would sell it: a whole set at the catalogue price with all its items; its
 * first published variant until «Добавить товар» names one (docs/decisions/108-product-variants.md).
 */
async function productLine(trx: Trx, productId: number) {
  const p = await trx
    .selectFrom("products")
    .innerJoin("product_variants", "product_variants.product_id", "products.id")
    .select([
      "products.id",
      "product_variants.id as variantId",
      "product_variants.article",
      "products.kind",
      "products.slug",
      "products.title",
      "product_variants.price",
      "product_variants.weight",
    ])
    .where("products.id", "=", productId)
    .orderBy("product_variants.published", "desc")
    .orderBy("product_variants.position")
    .orderBy("product_variants.id")
    .limit(1)
    .executeTakeFirst();
  if (!p) throw new AdminOrderError(422, "Такого товара нет в каталоге.", "product");
  const sold = { productId: p.id, variantId: p.variantId, article: p.article, kind: p.kind, slug: p.slug, title: p.title, price: Number(p.price) };
  if (p.kind !== "set") return { ...sold, weight: p.weight, items: [] as string[] };
  const items = await trx
    .selectFrom("set_items")
    .innerJoin("products", "products.id", "set_items.item_id")
    .select(["products.title", "set_items.qty", "set_items.weight"])
    .where("set_items.set_id", "=", p.id)
    .orderBy("set_items.sort")
    .execute();
  return {
    ...sold,
    // as in the cart: an item without weight leaves the set's weight unknown
    weight: knownWeight(items),
    items: items.map((i) => (i.qty > 1 ? `${i.title} × ${i.qty}` : i.title)),
  };
}

/**
 * Items total, weight and delivery again, by the rules checkout used (app/features/delivery/delivery-pricing.ts).
 * Line prices stay those the customer was quoted; the recorded discount stays as checkout wrote it.
 * A lifting price the manager entered stays; otherwise a line without weight leaves it to quote.
 */
async function repriceOrder(
  trx: Trx,
  order: { id: number; delivery_type: string; floor: number | null; lift: string | null; lifting_pricing: string; lifting_cost: number },
) {
  const lines = await trx.selectFrom("order_lines").select(["qty", "price", "weight"]).where("order_id", "=", order.id).execute();
  const itemsTotal = lines.reduce((s, l) => s + Number(l.price) * l.qty, 0);
  const weight = lines.reduce((s, l) => s + Math.max(0, l.weight) * l.qty, 0);
  const quote = quoteDelivery({
    type: order.delivery_type as DeliveryType,
    itemsTotal,
    weightGrams: weight,
    floor: order.floor ?? undefined,
    lift: (order.lift ?? undefined) as LiftType | undefined,
    tariffs: await loadLiftTariffs(trx),
    weightKnown: lines.every((l) => l.weight > 0),
  });
  const quoted = order.lifting_pricing === "quoted" && order.delivery_type === "floor";
  const lifting = quoted ? Number(order.lifting_cost) : quote.lifting;
  const pricing: LiftingPricing = quoted ? "quoted" : quote.liftingToQuote ? "to_quote" : "tariff";
  // the promo discount recorded at checkout stays off the goods (never more than they now cost)
  const promo = await trx.selectFrom("orders").select("promo_discount").where("id", "=", order.id).executeTakeFirst();
  const promoOff = Math.min(Number(promo?.promo_discount ?? 0), itemsTotal);
  const totals = {
    items_total: itemsTotal,
    weight,
    delivery_cost: quote.delivery,
    lifting_cost: lifting,
    lifting_pricing: pricing,
    total: itemsTotal - promoOff + quote.delivery + lifting,
  };
  await trx.updateTable("orders").set(totals).where("id", "=", order.id).execute();
  return totals;
}

/** the most a manager may enter for lifting: more is a typo, not a staircase */
const LIFTING_PRICE_MAX = 100_000_000;

/**
 * The manager's price for lifting an order to its floor (decision 099, «Update»): for an order
 * whose lifting was left to quote (a product without weight), or to correct the tariff's. The
 * total follows; a paid order then shows what is still due. Returns the new version.
 */
export async function setLiftingPrice(db: Db, actor: StaffActor, number: string, expectedVersion: number, price: number, now = Date.now()): Promise<number> {
  if (!Number.isSafeInteger(price) || price < 0 || price > LIFTING_PRICE_MAX) {
    throw new AdminOrderError(422, "Стоимость подъёма — от 0 до 1 000 000 ₽.", "liftingPrice");
  }
  return db.kysely.transaction().execute(async (trx) => {
    const order = await claimOrder(trx, number, expectedVersion);
    if (!liftingPriceEditable(order.status, order.delivery_type)) throw new AdminOrderError(409, LIFTING_LOCKED_MESSAGE, "liftingPrice");
    const before = { liftingCost: Number(order.lifting_cost), liftingPricing: order.lifting_pricing, total: Number(order.total) };
    const total = Number(order.total) - Number(order.lifting_cost) + price;
    await trx.updateTable("orders").set({ lifting_cost: price, lifting_pricing: "quoted", total }).where("id", "=", order.id).execute();
    await recordAudit(
      trx,
      actor,
      { action: "order.lifting", entity: "order", entityId: number, before, after: { liftingCost: price, liftingPricing: "quoted", total } },
      now,
    );
    return order.version;
  });
}

type LineSnapshot = { title: string; qty: number; price: number }[];

async function snapshot(trx: Trx, orderId: number): Promise<LineSnapshot> {
  const rows = await trx.selectFrom("order_lines").select(["title", "qty", "price"]).where("order_id", "=", orderId).orderBy("id").execute();
  return rows.map((r) => ({ title: r.title, qty: r.qty, price: Number(r.price) }));
}

/** Changes one line (quantity, removal) or adds a product, before the order is assembled. */
export async function editOrderLines(
  db: Db,
  actor: StaffActor,
  number: string,
  expectedVersion: number,
  change: LineChange,
  now = Date.now(),
): Promise<number> {
  if (change.kind !== "remove" && (!Number.isInteger(change.qty) || change.qty < 1 || change.qty > MAX_LINE_QTY)) {
    throw new AdminOrderError(422, `Укажите количество от 1 до ${MAX_LINE_QTY}.`, "qty");
  }
  return db.kysely.transaction().execute(async (trx) => {
    const order = await claimOrder(trx, number, expectedVersion);
    if (!linesEditable(order.status)) throw new AdminOrderError(409, LINES_LOCKED_MESSAGE);
    const before = await snapshot(trx, order.id);
    if (change.kind === "add") {
      const product = await productLine(trx, change.productId);
      const same = await trx
        .selectFrom("order_lines")
        .select(["id", "qty"])
        .where("order_id", "=", order.id)
        .where("variant_id", "=", product.variantId)
        .where("items", "=", JSON.stringify(product.items))
        .executeTakeFirst();
      if (holdsStock(order.status)) await takeStock(trx, product.variantId, product.title, change.qty, "qty", now);
      if (same) {
        if (same.qty + change.qty > MAX_LINE_QTY) throw new AdminOrderError(422, `Укажите количество от 1 до ${MAX_LINE_QTY}.`, "qty");
        await trx
          .updateTable("order_lines")
          .set({ qty: same.qty + change.qty })
          .where("id", "=", same.id)
          .execute();
      } else {
        await trx
          .insertInto("order_lines")
          .values({
            order_id: order.id,
            product_id: product.productId,
            variant_id: product.variantId,
            article: product.article,
            kind: product.kind,
            title: product.title,
            slug: product.slug,
            items: JSON.stringify(product.items),
            qty: change.qty,
            price: product.price,
            weight: product.weight,
          })
          .execute();
      }
    } else {
      const line = await trx
        .selectFrom("order_lines")
        .select(["id", "product_id", "variant_id", "title", "qty"])
        .where("id", "=", change.lineId)
        .where("order_id", "=", order.id)
        .executeTakeFirst();
      if (!line) throw new AdminOrderError(404, "Этой позиции в заказе нет.");
      if (change.kind === "remove") {
        const count = await trx
          .selectFrom("order_lines")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("order_id", "=", order.id)
          .executeTakeFirst();
        if (Number(count?.n ?? 0) <= 1)
          throw new AdminOrderError(422, "В заказе должна остаться хотя бы одна позиция: чтобы убрать всё, отмените заказ.", "line");
        await trx.deleteFrom("order_lines").where("id", "=", line.id).execute();
        if (holdsStock(order.status)) await giveBack(trx, await lineVariant(trx, line), line.qty, now);
      } else if (change.qty !== line.qty) {
        const delta = change.qty - line.qty;
        // a pre-order holds no pieces: nothing to take or give back
        if (holdsStock(order.status) && delta > 0) await takeStock(trx, await lineVariant(trx, line), line.title, delta, "qty", now);
        else if (holdsStock(order.status)) await giveBack(trx, await lineVariant(trx, line), -delta, now);
        await trx.updateTable("order_lines").set({ qty: change.qty }).where("id", "=", line.id).execute();
      }
    }
    const totals = await repriceOrder(trx, order);
    await recordAudit(
      trx,
      actor,
      {
        action: "order.edit",
        entity: "order",
        entityId: number,
        before: { lines: before, total: Number(order.total) },
        after: { lines: await snapshot(trx, order.id), total: totals.total },
      },
      now,
    );
    return order.version;
  });
}

export async function setManagerNote(db: Db, actor: StaffActor, number: string, expectedVersion: number, note: string, now = Date.now()): Promise<number> {
  const text = note.trim();
  if (text.length > 2000) throw new AdminOrderError(422, "Заметка длиннее 2000 знаков: сократите её.", "managerNote");
  return db.kysely.transaction().execute(async (trx) => {
    const order = await claimOrder(trx, number, expectedVersion);
    await trx.updateTable("orders").set({ manager_note: text }).where("id", "=", order.id).execute();
    await recordAudit(
      trx,
      actor,
      { action: "order.note", entity: "order", entityId: number, before: { managerNote: order.manager_note }, after: { managerNote: text } },
      now,
    );
    return order.version;
  });
}

/** Products a manager may add to an order: by id, by address (slug) or by part of the title. */
export async function findProductsToAdd(db: Db, query: string): Promise<{ id: number; title: string; price: number; stock: number }[]> {
  const q = query.trim().slice(0, 100);
  if (!q) return [];
  let select = db.kysely.selectFrom("products").select(["id", "title", "price", "stock"]);
  if (/^\d{1,9}$/.test(q)) select = select.where("id", "=", Number(q));
  else {
    const like = `%${q.replace(/[%_\\]/g, "")}%`;
    // SQLite compares only ASCII letters case-insensitively: try the title as typed and capitalised too
    const capital = `%${q.charAt(0).toUpperCase()}${q.slice(1).replace(/[%_\\]/g, "")}%`;
    select = select.where((eb) => eb.or([eb("slug", "=", q), eb("title", "like", like), eb("title", "like", capital)]));
  }
  const rows = await select.orderBy("title").limit(10).execute();
  return rows.map((r) => ({ id: r.id, title: r.title, price: Number(r.price), stock: r.stock }));
}
