// One wording for stock everywhere (card, product page, set page, comparison): in stock, few
// left, or made to order with its lead time («Под заказ, 4–6 недель») in a neutral tone, never as
// a disabled buy button. And the one rule for whether the stock covers a quantity, which the cart,
// its promo code, the checkout and the order apply alike.
import { leadTimeText } from "./delivery-date.ts";

export interface Availability {
  text: string;
  tone: "ok" | "warn" | "muted";
  /** false for goods made to order: the cart does not take them yet */
  canBuy: boolean;
}

export function availabilityOf(stock: number, lead?: { min: number; max: number }): Availability {
  if (stock <= 0) return { text: lead ? `Под заказ, ${leadTimeText(lead.min, lead.max)}` : "Под заказ", tone: "muted", canBuy: false };
  if (stock <= 3) return { text: "Мало", tone: "warn", canBuy: true };
  return { text: "В наличии", tone: "ok", canBuy: true };
}

/**
 * Whether the stock covers a quantity (a cart line, an order's line): a line the stock no longer
 * covers counts nowhere — not in the totals, the header, a promo code or an order.
 */
export type LineAvailability = { state: "ok" } | { state: "out" } | { state: "short"; left: number };

/** @param inStock pieces in stock now (0 or less: none) */
export function lineAvailability(qty: number, inStock: number): LineAvailability {
  if (inStock <= 0) return { state: "out" };
  if (qty > inStock) return { state: "short", left: inStock };
  return { state: "ok" };
}

export const isOrderable = (line: { qty: number; inStock: number }): boolean => lineAvailability(line.qty, line.inStock).state === "ok";
