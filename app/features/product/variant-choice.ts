// Which variant of a model a choice means (docs/decisions/108-product-variants.md, section 3): a
// pure function the loader (the «Выбрать» form without JavaScript) and the page share, so a click
// and a form pick the same variant.
import type { ProductPageData } from "./product-types.ts";

/** a published variant as the choice groups see it */
export interface ChoosableVariant {
  id: number;
  stock: number;
  /** its choice values by property code */
  values: Readonly<Record<string, string>>;
}

/** one choice group: a variant property of the model's section and its values in page order */
export interface ChoiceGroup {
  code: string;
  title: string;
  /** "swatch": the colour or picture with the name; "buttons": the name */
  display: string;
  values: { value: string; color: string; image: string }[];
}

/** Without `v`: the first variant by position that is in stock, else the first (section 2). */
export function defaultVariant<V extends ChoosableVariant>(variants: readonly V[]): V | undefined {
  return variants.find((v) => v.stock > 0) ?? variants[0];
}

/**
 * The variant that has `wanted[required]` (when given) and agrees with the most of the other
 * wanted values, the earlier groups weighing more; then one in stock; then the first by position
 * (the list's order). Every value any variant has is reachable; a combination that does not exist
 * moves the other groups to the nearest one.
 */
export function pickVariant<V extends ChoosableVariant>(
  variants: readonly V[],
  groups: readonly Pick<ChoiceGroup, "code">[],
  wanted: Readonly<Record<string, string>>,
  required?: string,
): V | undefined {
  let best: V | undefined;
  let bestScore = -1;
  for (const v of variants) {
    if (required !== undefined && v.values[required] !== wanted[required]) continue;
    let score = 0;
    groups.forEach((g, i) => {
      // a weight per group above the sum of all later ones: earlier groups decide
      if (wanted[g.code] !== undefined && v.values[g.code] === wanted[g.code]) score += 2 ** (groups.length - i);
    });
    score = score * 2 + (v.stock > 0 ? 1 : 0);
    if (score > bestScore) {
      best = v;
      bestScore = score;
    }
  }
  return best;
}

/** Whether some variant in stock has `value` in `code` together with the chosen variant's other values. */
export function valueInStock(
  variants: readonly ChoosableVariant[],
  groups: readonly Pick<ChoiceGroup, "code">[],
  chosen: ChoosableVariant,
  code: string,
  value: string,
): boolean {
  return variants.some((v) => v.stock > 0 && v.values[code] === value && groups.every((g) => g.code === code || v.values[g.code] === chosen.values[g.code]));
}

/** The page's data with `variantId`'s figures and pictures shown (an unknown id leaves it as it is). */
export function withVariant(product: ProductPageData, variantId: number): ProductPageData {
  const v = product.variants.find((x) => x.id === variantId);
  if (!v) return product;
  return { ...product, variantId: v.id, article: v.article, price: v.price, oldPrice: v.oldPrice, stock: v.stock, weight: v.weight, images: v.images };
}
