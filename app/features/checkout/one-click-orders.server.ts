// «Купить в 1 клик» (decision 083): an order from a name and a phone, for one product
// or for the cart's available lines. The stock is reserved and the order written by the same code
// as checkout (reserveAndInsertOrder); delivery is left to the manager's call, so there is no
// address and nothing to pay for delivery yet.
import crypto from "node:crypto";
import type { Db } from "../../db/database.server.ts";
import { cartTotals, type CartLineView } from "../cart/index.ts";
import { isOrderable, MANAGER_DELIVERY } from "../delivery/index.ts";
import { NOTHING_TO_ORDER_MESSAGE, soldOutMessage, type OneClickInput } from "./one-click.ts";
import { loadCart, loadProductLine } from "../cart/index.server.ts";
import { OrderError, reserveAndInsertOrder } from "../orders/index.server.ts";
import { ONE_CLICK_SOURCE } from "../orders/index.ts";
import type { RateLimiter } from "../../lib/ports.ts";

/** Orders per client address, and per phone number (whatever the address), in one window. */
export const ONE_CLICK_ADDRESS_LIMIT = { limit: 10, windowMs: 10 * 60_000 } as const;
export const ONE_CLICK_PHONE_LIMIT = { limit: 3, windowMs: 60 * 60_000 } as const;

export const NO_SUCH_PRODUCT_MESSAGE = "Такого товара нет в каталоге. Обновите страницу и попробуйте ещё раз.";

export type OneClickOutcome = { status: "placed"; number: string } | { status: "limited"; retryAfter: number };

export async function placeOneClickOrder(
  db: Db,
  rateLimiter: Pick<RateLimiter, "hit">,
  args: { owner: string; userId: number | null; input: OneClickInput; clientAddress: string; now?: number },
): Promise<OneClickOutcome> {
  const { owner, userId, input } = args;
  const now = args.now ?? Date.now();
  // both windows count every attempt that reaches this point, so neither can be walked around
  const byAddress = await rateLimiter.hit(
    `one-click:address:${args.clientAddress || "unknown"}`,
    ONE_CLICK_ADDRESS_LIMIT.limit,
    ONE_CLICK_ADDRESS_LIMIT.windowMs,
  );
  const byPhone = await rateLimiter.hit(`one-click:phone:${input.phone}`, ONE_CLICK_PHONE_LIMIT.limit, ONE_CLICK_PHONE_LIMIT.windowMs);
  if (!byAddress.allowed || !byPhone.allowed) {
    return { status: "limited", retryAfter: Math.max(byAddress.allowed ? 0 : byAddress.retryAfter, byPhone.allowed ? 0 : byPhone.retryAfter) };
  }

  const number = await db.kysely.transaction().execute(async (trx) => {
    const tx = { ...db, kysely: trx } as Db;
    const lines = input.product ? [await productLine(tx, input.product, input.v ?? undefined)] : await availableCartLines(tx, owner);
    const totals = cartTotals(lines);
    let placed: string;
    try {
      placed = await reserveAndInsertOrder(trx, lines, now, {
        owner,
        user_id: userId,
        idempotency_key: `one-click:${crypto.randomUUID()}`,
        source: ONE_CLICK_SOURCE,
        name: input.name,
        phone: input.phone,
        email: "",
        delivery_type: MANAGER_DELIVERY,
        pickup_point_id: null,
        address: "",
        floor: null,
        lift: null,
        delivery_date: "",
        delivery_time: "",
        comment: "",
        items_total: totals.sum,
        discount: totals.discount,
        delivery_cost: 0,
        lifting_cost: 0,
        total: totals.sum,
        weight: totals.weight,
        consent_version: input.consent_version,
      });
    } catch (error) {
      // the last piece went to another buyer meanwhile: say so in this form's words
      if (error instanceof OrderError && error.blocking[0]) throw new OrderError(409, soldOutMessage(error.blocking[0].title), undefined, error.blocking);
      throw error;
    }
    // from the cart: the ordered lines leave it, as after checkout; the unavailable ones stay
    if (!input.product) {
      await trx
        .deleteFrom("cart_lines")
        .where("owner", "=", owner)
        .where(
          "id",
          "in",
          lines.map((l) => l.id),
        )
        .execute();
    }
    return placed;
  });
  return { status: "placed", number };
}

async function productLine(db: Db, slug: string, variantId?: number): Promise<CartLineView> {
  const line = await loadProductLine(db, slug, variantId);
  if (!line) throw new OrderError(422, NO_SUCH_PRODUCT_MESSAGE);
  if (!isOrderable(line)) throw new OrderError(409, soldOutMessage(line.title), undefined, [{ title: line.title, qty: 1, inStock: 0 }]);
  return line;
}

async function availableCartLines(db: Db, owner: string): Promise<CartLineView[]> {
  const lines = (await loadCart(db, owner)).lines.filter(isOrderable);
  if (!lines.length) throw new OrderError(409, NOTHING_TO_ORDER_MESSAGE);
  return lines;
}
