// Orders for tests that work on one (back office, payments, 1C, stock given back) rather than on
// the checkout itself: the goods put into a cart of the order's own, the checkout form's fields
// parsed by the checkout's own schema, then placeOrder — the path a real order takes from
// «Оформить заказ» on, without a server. `checkoutForm` is the same form for a Visitor's POST.
import crypto from "node:crypto";
import type { Db } from "../../app/db/database.server.ts";
import { changeCart } from "../../app/features/cart/cart.server.ts";
import { checkoutSchema, type CheckoutInput } from "../../app/features/checkout/checkout-schema.ts";
import { placeOrder } from "../../app/features/orders/orders.server.ts";
import { CURRENT_CONSENT_VERSION } from "../../app/lib/consent.ts";

/** The buyer a test order has unless the test says otherwise: delivery up to the 7th floor in Moscow, no lift. */
export const TEST_BUYER: Readonly<Record<string, string>> = {
  name: "Анна Петрова",
  phone: "+7 (916) 123-45-67",
  email: "anna@example.ru",
  delivery: "floor",
  address: "Москва, ул. Тверская, д. 1, кв. 5",
  floor: "7",
  lift: "none",
};

/**
 * The checkout form's fields as the page posts them: the consent box ticked under the current
 * text and a key of its own (the page makes one per form), over `fields` of the buyer's.
 */
export function checkoutForm(fields: Record<string, string>): Record<string, string> {
  return { consent: "on", consentVersion: CURRENT_CONSENT_VERSION, idempotencyKey: crypto.randomBytes(18).toString("base64url"), ...fields };
}

/** The checkout form of TEST_BUYER with `fields` over it, parsed as the checkout parses it. */
export function checkoutInput(fields: Record<string, string> = {}): CheckoutInput {
  return checkoutSchema().parse(checkoutForm({ ...TEST_BUYER, ...fields }));
}

export interface TestOrder {
  productId: number;
  /** pieces of the product (1) */
  qty?: number;
  /** form fields over TEST_BUYER's (another buyer, delivery, idempotencyKey, …) */
  fields?: Record<string, string>;
  /** the cart the order is placed from (a new visitor's by default) and the account it belongs to */
  owner?: string;
  userId?: number | null;
  now?: number;
  promoCode?: string;
}

let carts = 0;

/** An order of `qty` pieces of the product placed through checkout; returns its number. */
export async function placeTestOrder(db: Db, order: TestOrder): Promise<string> {
  const owner = order.owner ?? `s:test-order-${process.pid}-${++carts}`;
  await changeCart(db, owner, { productId: order.productId, type: "product", cnt: order.qty ?? 1 });
  const input = checkoutInput(order.fields);
  return (await placeOrder(db, { owner, userId: order.userId ?? null, input, now: order.now, promoCode: order.promoCode })).number;
}
