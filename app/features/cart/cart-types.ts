// Cart shapes shared by the server and the cart page (no SQL here).
import type { ProductImage, ProductKind } from "../../db/schema.ts";
import { isOrderable } from "../delivery/index.ts";
import { formatWeight } from "../../lib/format.ts";
import type { VariantValue } from "../../lib/variant-values.ts";

export interface CartSetItem {
  id: number;
  title: string;
  slug: string;
  qty: number;
}

export interface CartLineView {
  /** the cart line id */
  id: number;
  /** the model */
  productId: number;
  /** what is bought (docs/decisions/108-product-variants.md): stock is taken from it */
  variantId: number;
  /** the variant's choice values («Цвет обивки: Зелёный»); none for a model with one variant */
  values: VariantValue[];
  /** the variant's own article ("" when it has none): an order line keeps it as sold */
  article: string;
  kind: ProductKind;
  slug: string;
  title: string;
  image: ProductImage | null;
  /** unit price, kopecks (for a set: the price of the chosen items with the set discount) */
  price: number;
  /** the unit price (kopecks) the shopper saw before staff changed it; null when unchanged */
  priceSeen: number | null;
  /** unit price without discount, kopecks; null when there is none */
  oldPrice: number | null;
  /** unit weight, grams; 0 when unknown (a product, or an item of a set, without weight) */
  weight: number;
  qty: number;
  /** pieces in stock now (0 when sold out); a line with more than this is left out of the totals */
  inStock: number;
  /** the most that can be ordered */
  max: number;
  /** the set items included, ids sorted */
  items: CartSetItem[];
}

export interface CartTotals {
  /** number of pieces */
  count: number;
  /** kopecks to pay for the goods */
  sum: number;
  /** kopecks saved against old prices */
  discount: number;
  /** grams, of the lines whose weight is known */
  weight: number;
  /** titles of the lines without a weight: their lifting is the manager's to price (decision 099) */
  unweighed: string[];
}

/**
 * Totals of the lines still in the cart (deleted-but-restorable lines are left out by the caller).
 * A line the stock no longer covers counts nowhere, so the header, the cart and the checkout agree.
 */
export function cartTotals(lines: readonly Pick<CartLineView, "title" | "price" | "oldPrice" | "weight" | "qty" | "inStock">[]): CartTotals {
  let count = 0;
  let sum = 0;
  let discount = 0;
  let weight = 0;
  const unweighed: string[] = [];
  for (const l of lines) {
    if (!isOrderable(l)) continue;
    count += l.qty;
    sum += l.price * l.qty;
    if (l.oldPrice && l.oldPrice > l.price) discount += (l.oldPrice - l.price) * l.qty;
    if (l.weight > 0) weight += l.weight * l.qty;
    else unweighed.push(l.title);
  }
  return { count, sum, discount, weight, unweighed };
}

/** The cart's weight as shown: a product without weight is not counted as 0 kg, it is said to be unknown. */
export function cartWeightText(totals: Pick<CartTotals, "weight" | "unweighed">): string {
  if (!totals.unweighed.length) return formatWeight(totals.weight);
  return totals.weight > 0 ? `${formatWeight(totals.weight)} (без учёта товаров без веса)` : "не указан";
}
