// One wording for stock everywhere (card, product page, set page, comparison): in stock, few
// left, or made to order with its lead time («Под заказ, 4–6 недель») in a neutral tone, never as
// a disabled buy button.
import { leadTimeText } from "../delivery/index.ts";

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
