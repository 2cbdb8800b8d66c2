// Placing an order is one transaction: stock is decremented with a conditional update (so two
// buyers of the last unit cannot both win), the order and its lines are written, the cart is
// emptied. A repeated idempotency key returns the order already made. See docs/decisions/007-cart-and-orders.md.
import crypto from "node:crypto";
import type { Insertable, Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database, OrderTable } from "../../db/schema.ts";
import type { CartLineView } from "../cart/index.ts";
import { BLOCKED_CHECKOUT_MESSAGE, blockingLineText, type BlockingLine } from "../cart/index.ts";
import type { CheckoutInput } from "../checkout/index.ts";
import type { OrderStatus } from "./order-status.ts";
import { searchableName } from "./order-workflow.ts";
import { isOrderable, PICKUP_POINT_MESSAGES, quoteDelivery, type DeliveryType, type LiftType } from "../delivery/index.ts";
import { loadLiftTariffs } from "../delivery/index.server.ts";
import { loadCart } from "../cart/index.server.ts";
import { isPickupPoint } from "../content/index.server.ts";
import { customerOrder, type CustomerOrder } from "./order-types.ts";
import { readOrders, type OrderViewer } from "./order-record.server.ts";
import { customerKeys, PROMO_FIELD, redeemPromo } from "../promo/index.server.ts";
import type { VariantValue } from "../../lib/variant-values.ts";

/** Session key naming the order just placed: its page thanks for it once, then shows its status. */
export const PLACED_ORDER_KEY = "placedOrder";

export const EMPTY_CART_MESSAGE = "Корзина пуста: добавьте товары и оформите заказ снова.";

export class OrderError extends Error {
  readonly status: 409 | 422;
  /** the form field the message belongs under, when it is about one field */
  readonly field: string | undefined;
  /** the cart lines the stock no longer covers, when that is why */
  readonly blocking: BlockingLine[];
  constructor(status: 409 | 422, message: string, field?: string, blocking: BlockingLine[] = []) {
    super(message);
    this.status = status;
    this.field = field;
    this.blocking = blocking;
  }
}

/** The refusal for lines the stock does not cover: the message names each of them. */
function blockedOrder(blocking: BlockingLine[]): OrderError {
  return new OrderError(409, `${BLOCKED_CHECKOUT_MESSAGE} ${blocking.map(blockingLineText).join("; ")}.`, undefined, blocking);
}

function newOrderNumber(now: number): string {
  const year = new Date(now).getUTCFullYear() % 100;
  return `${year}-${crypto.randomInt(100000, 1000000)}`;
}

const isUniqueViolation = (e: unknown) => /unique|duplicate key/i.test(String((e as Error)?.message ?? e));

export async function findOrderByKey(db: Db, key: string): Promise<string | null> {
  const row = await db.kysely.selectFrom("orders").select("number").where("idempotency_key", "=", key).executeTakeFirst();
  return row?.number ?? null;
}

/** An order as its writer fills it: the number, the searchable name and the times are added here. */
export type NewOrder = Omit<Insertable<OrderTable>, "number" | "search_name" | "consent_at" | "created_at" | "version" | "manager_note">;

/** What «Купить в 1 клик» says about a new order; the number, status, times and search name are set here. */
export type NewOrderFields = Omit<NewOrder, "status">;

/**
 * Takes the lines' pieces from their variants' stock inside the caller's transaction, with a
 * conditional update per line, so two buyers of the last unit cannot both win; the refusal names
 * the line. Lines go in ascending variant id: one lock order for every buyer. The model's stock
 * follows by the summary trigger (docs/decisions/108-product-variants.md, sections 1.3 and 5).
 */
export async function reserveStock(trx: Transaction<Database>, lines: readonly CartLineView[], now = Date.now()): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    const res = await trx
      .updateTable("product_variants")
      .set((eb) => ({ stock: eb("stock", "-", line.qty), updated_at: now }))
      .where("id", "=", line.variantId)
      .where("product_id", "=", line.productId)
      .where("published", "=", 1)
      .where("stock", ">=", line.qty)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) {
      // another buyer took it between reading the cart and now
      const left = await trx.selectFrom("product_variants").select("stock").where("id", "=", line.variantId).executeTakeFirst();
      const blocking = [{ title: line.title, qty: line.qty, inStock: Math.max(0, left?.stock ?? 0) }];
      throw new OrderError(
        409,
        `«${line.title}» уже раскупили: осталось меньше, чем в вашей корзине. Уменьшите количество или уберите товар.`,
        undefined,
        blocking,
      );
    }
  }
}

/** A cart line as an order line: a set's items become texts («Стул × 2»). */
export const orderLineOf = (l: CartLineView): NewOrderLine => ({
  product_id: l.productId,
  variant_id: l.variantId,
  // the values as sold; none for a model with one variant (decision 108, 1.4)
  variant_values: l.values,
  article: l.article,
  kind: l.kind,
  title: l.title,
  slug: l.slug,
  items: l.items.map((i) => (i.qty > 1 ? `${i.title} × ${i.qty}` : i.title)),
  qty: l.qty,
  price: l.price,
  weight: l.weight,
});

/**
 * The part of placing an order that checkout and «Купить в 1 клик» share, inside the caller's
 * transaction: the stock is taken (reserveStock), then the order «Новый» is written with its lines
 * and its first status. Returns the order number.
 */
export async function reserveAndInsertOrder(trx: Transaction<Database>, lines: readonly CartLineView[], now: number, fields: NewOrderFields): Promise<string> {
  await reserveStock(trx, lines, now);
  return writeOrder(trx, { ...fields, status: "new" }, lines.map(orderLineOf), now);
}

export interface NewOrderLine {
  product_id: number;
  /** the variant sold; its values and article as sold (docs/decisions/108-product-variants.md, 1.4) */
  variant_id: number | null;
  variant_values: VariantValue[];
  /** "": what the variant has now is shown */
  article: string;
  kind: string;
  title: string;
  slug: string;
  /** what a set includes, one text per item */
  items: string[];
  qty: number;
  price: number;
  weight: number;
}

/**
 * Writes an order, its lines and the first entry of its timeline inside the caller's transaction
 * (checkout and pre-orders alike; whatever stock the order takes, the caller has taken). Returns
 * the order's number.
 */
export async function writeOrder(trx: Transaction<Database>, order: NewOrder, lines: NewOrderLine[], now: number): Promise<string> {
  let number = newOrderNumber(now);
  for (let attempt = 0; ; attempt++) {
    const clash = await trx.selectFrom("orders").select("id").where("number", "=", number).executeTakeFirst();
    if (!clash) break;
    if (attempt > 5) throw new Error("could not pick an order number");
    number = newOrderNumber(now);
  }
  const row = await trx
    .insertInto("orders")
    .values({ ...order, number, search_name: searchableName(order.name), consent_at: now, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("order_lines")
    .values(lines.map((l) => ({ ...l, order_id: row.id, items: JSON.stringify(l.items), variant_values: JSON.stringify(l.variant_values) })))
    .execute();
  await trx.insertInto("order_status_history").values({ order_id: row.id, status: order.status, note: "", created_at: now }).execute();
  return number;
}

/**
 * Runs an order's writer once per idempotency key, in one transaction: a repeated key returns the
 * order already made (`created: false`) instead of writing another.
 */
export async function placeOnce(db: Db, key: string, write: (trx: Transaction<Database>) => Promise<string>): Promise<{ number: string; created: boolean }> {
  const existing = await findOrderByKey(db, key);
  if (existing) return { number: existing, created: false };
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      // a twin submission may have finished while this one waited for the transaction
      const twin = await trx.selectFrom("orders").select("number").where("idempotency_key", "=", key).executeTakeFirst();
      if (twin) return { number: twin.number, created: false };
      return { number: await write(trx), created: true };
    });
  } catch (error) {
    // The same submission twice at once: its twin may have made the order meanwhile, and this one
    // then finds the key taken, the cart already emptied or the stock already spent.
    if (isUniqueViolation(error) || error instanceof OrderError) {
      const number = await findOrderByKey(db, key);
      if (number) return { number, created: false };
    }
    throw error;
  }
}

export async function placeOrder(
  db: Db,
  args: {
    owner: string;
    userId: number | null;
    input: CheckoutInput;
    now?: number;
    /** the session's promo code, redeemed with the order */ promoCode?: string | null;
  },
): Promise<{ number: string; created: boolean }> {
  const { owner, userId, input } = args;
  const now = args.now ?? Date.now();
  return placeOnce(db, input.idempotencyKey, async (trx) => {
    const tx = { ...db, kysely: trx } as Db;
    // only a showroom that exists: the id comes from the visitor, not from our list
    if (input.delivery === "pickup" && (input.pickupPoint === undefined || !(await isPickupPoint(tx, input.pickupPoint)))) {
      throw new OrderError(422, input.pickupPoint === undefined ? PICKUP_POINT_MESSAGES.missing : PICKUP_POINT_MESSAGES.unknown, "pickupPoint");
    }
    const { lines, totals } = await loadCart(tx, owner);
    if (!lines.length) throw new OrderError(409, EMPTY_CART_MESSAGE);
    // never an order with lines the stock does not cover: the visitor removes or lowers them first
    const blocking = lines.filter((l) => !isOrderable(l));
    if (blocking.length) throw blockedOrder(blocking.map((l) => ({ title: l.title, qty: l.qty, inStock: l.inStock })));
    await reserveStock(trx, lines);
    // a stale code (expired, used up meanwhile) refuses the order: never placed with a discount it no longer has
    const promo = args.promoCode
      ? await redeemPromo(trx, { code: args.promoCode, lines, customers: customerKeys({ userId, phone: input.phone, email: input.email }), now })
      : null;
    if (promo && !promo.ok) throw new OrderError(409, promo.message, PROMO_FIELD);
    const promoDiscount = promo?.ok ? promo.discount : 0;
    const quote = quoteDelivery({
      type: input.delivery as DeliveryType,
      itemsTotal: totals.sum,
      weightGrams: totals.weight,
      floor: input.floor ?? undefined,
      lift: (input.lift ?? undefined) as LiftType | undefined,
      tariffs: await loadLiftTariffs(trx),
      // a product without weight would price lifting cheap or free: the manager quotes it instead
      weightKnown: totals.unweighed.length === 0,
    });
    const number = await writeOrder(
      trx,
      {
        owner,
        user_id: userId,
        idempotency_key: input.idempotencyKey,
        status: "new",
        name: input.name,
        phone: input.phone,
        email: input.email,
        delivery_type: input.delivery,
        pickup_point_id: input.delivery === "pickup" ? (input.pickupPoint ?? null) : null,
        address: input.delivery === "pickup" ? "" : input.address,
        floor: input.floor,
        lift: input.lift,
        delivery_date: input.date,
        delivery_time: input.time,
        comment: input.comment,
        items_total: totals.sum,
        discount: totals.discount,
        delivery_cost: quote.delivery,
        lifting_cost: quote.lifting,
        lifting_pricing: quote.liftingToQuote ? "to_quote" : "tariff",
        // the amount to pay: the goods less the promo discount, plus delivery and lifting (once it has a price)
        total: totals.sum - promoDiscount + quote.total,
        promo_code: promo?.ok ? promo.code : null,
        promo_discount: promoDiscount,
        weight: totals.weight,
        consent_version: input.consentVersion,
      },
      lines.map(orderLineOf),
      now,
    );
    await trx.deleteFrom("cart_lines").where("owner", "=", owner).execute();
    return number;
  });
}

/** The order as its customer sees it, if it belongs to this session or account; null otherwise (the page says 404). */
export async function loadOrder(db: Db, number: string, viewer: OrderViewer): Promise<CustomerOrder | null> {
  const [order] = await readOrders(db, { number, viewer });
  return order ? customerOrder(order) : null;
}

/**
 * Moves an order to a status and writes it into the order's timeline (the back office calls
 * this). Setting the status it already has writes nothing unless there is a note to tell.
 * Returns false when there is no such order.
 */
export async function setOrderStatus(db: Db, orderNumber: string, status: OrderStatus, note = "", now = Date.now()): Promise<boolean> {
  const text = note.trim().slice(0, 500);
  return db.kysely.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").select(["id", "status"]).where("number", "=", orderNumber).executeTakeFirst();
    if (!order) return false;
    if (order.status === status && !text) return true;
    await trx.updateTable("orders").set({ status }).where("id", "=", order.id).execute();
    await trx.insertInto("order_status_history").values({ order_id: order.id, status, note: text, created_at: now }).execute();
    return true;
  });
}

/** Orders of an account, newest first, for the profile. */
export async function listOrdersOfUser(db: Db, userId: number): Promise<CustomerOrder[]> {
  return (await readOrders(db, { userId, newest: 50 })).map(customerOrder);
}
