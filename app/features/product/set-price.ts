// A set's numbers follow from the items it includes (see app/db/seed/generate-sets.ts):
// old price = Σ item price × qty, price = old price less the set discount, rounded down to whole
// roubles, weight = Σ item weight × qty. Shared by the product page (live totals when optional
// items are deselected) and the cart, so both show the same sum.
export interface SetLine {
  id: number;
  /** kopecks, one piece */
  price: number;
  /** grams, one piece */
  weight: number;
  qty: number;
  optional: boolean;
}

export interface SetTotals {
  /** kopecks: what the included items cost on their own */
  oldPrice: number;
  /** kopecks: the set price */
  price: number;
  /** kopecks: oldPrice − price */
  saving: number;
  /** grams */
  weight: number;
  /** ids of the included items, in the set's order */
  included: number[];
}

/** Totals of a set with the given optional items left out (required items are always in). */
export function setTotals(lines: readonly SetLine[], discountPercent: number, excluded: ReadonlySet<number> = new Set()): SetTotals {
  const discount = Math.min(100, Math.max(0, Math.floor(discountPercent)));
  const inSet = lines.filter((l) => !(l.optional && excluded.has(l.id)));
  const oldPrice = inSet.reduce((s, l) => s + l.price * l.qty, 0);
  const weight = inSet.reduce((s, l) => s + l.weight * l.qty, 0);
  const price = Math.floor((oldPrice * (100 - discount)) / 10000) * 100;
  return { oldPrice, price, saving: oldPrice - price, weight, included: inSet.map((l) => l.id) };
}

/**
 * What a set stores and the back office shows (decision 078): the whole set's price and weight,
 * and the items' sum as the old price only when a discount makes it higher than the price.
 */
export function setNumbersOf(lines: readonly SetLine[], discountPercent: number): { price: number; old_price: number | null; weight: number } {
  const t = setTotals(lines, discountPercent);
  // with no discount the rounding to whole roubles alone must not pass for a saving
  return { price: t.price, old_price: discountPercent >= 1 && t.oldPrice > t.price ? t.oldPrice : null, weight: t.weight };
}
