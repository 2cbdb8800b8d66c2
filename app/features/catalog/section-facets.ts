// Which filters a section's listing offers and in what order (decision 079). Staff choose per
// section from the codes its products carry plus «Бренд» and price; a section without its own
// choice takes its nearest ancestor's; with none anywhere the panel is as it always was
// (app/features/catalog/filter-order.ts). Applied to the listing's view, never to the facet index itself.
import { orderFilterGroups, type FilterGroupKey } from "./filter-order.ts";

export interface FacetChoice {
  code: string;
  shown: boolean;
}

/** The filters a section's page in the back office lists: brand, price, then its properties. */
export interface FacetOption {
  code: string;
  title: string;
}

export const BRAND_OPTION: FacetOption = { code: "brand", title: "Бренд" };
export const PRICE_OPTION: FacetOption = { code: "price", title: "Цена" };

/**
 * The nearest own choice up the chain (the section first, then its parent…), or null: no section
 * on the way chose, and the storefront keeps its usual panel.
 */
export function inheritedChoice(chain: readonly number[], choices: ReadonlyMap<number, FacetChoice[]>): { from: number; choice: FacetChoice[] } | null {
  for (const id of chain) {
    const choice = choices.get(id);
    if (choice?.length) return { from: id, choice };
  }
  return null;
}

/**
 * The panel's groups for a listing. With a choice: the shown codes in the chosen order, then any
 * code the choice does not mention (a property that appeared after it was saved) in the usual
 * order; hidden codes never. Without one: the usual order.
 */
export function arrangeFilterGroups(ranges: readonly string[], facets: readonly string[], choice: readonly FacetChoice[] | null): FilterGroupKey[] {
  const usual = orderFilterGroups(ranges, facets);
  if (!choice) return usual;
  const byCode = new Map(usual.map((g) => [g.code, g]));
  const chosen = choice.filter((c) => c.shown).flatMap((c) => byCode.get(c.code) ?? []);
  const mentioned = new Set(choice.map((c) => c.code));
  return [...chosen, ...usual.filter((g) => !mentioned.has(g.code))];
}

/** Codes the choice hides: their filters are neither offered nor applied from an old link. */
export function hiddenCodes(choice: readonly FacetChoice[] | null): Set<string> {
  return new Set((choice ?? []).filter((c) => !c.shown).map((c) => c.code));
}

/**
 * The rows of a section's facet form: the options in the saved order (shown or not), then the
 * options the choice does not mention yet, shown, in their given order.
 */
export function facetFormRows(options: readonly FacetOption[], choice: readonly FacetChoice[] | null): (FacetOption & { shown: boolean })[] {
  const byCode = new Map(options.map((o) => [o.code, o]));
  const rows = (choice ?? []).flatMap((c) => {
    const option = byCode.get(c.code);
    return option ? [{ ...option, shown: c.shown }] : [];
  });
  const listed = new Set(rows.map((r) => r.code));
  return [...rows, ...options.filter((o) => !listed.has(o.code)).map((o) => ({ ...o, shown: true }))];
}

/** Moves one code a place up or down in the submitted order (no change at either end). */
export function moveCode(codes: readonly string[], code: string, direction: "up" | "down"): string[] {
  const order = [...codes];
  const at = order.indexOf(code);
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= order.length) return order;
  [order[at], order[to]] = [order[to]!, order[at]!];
  return order;
}
