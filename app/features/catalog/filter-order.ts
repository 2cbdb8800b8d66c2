// The order of the filter panel's groups: what shoppers of a furniture shop narrow by most comes
// first (price, brand, colour, material, style), the sizes after the other properties, the country
// last (decision 069). Facets and ranges interleave; a property not named here keeps its place
// among the unnamed ones, after the named ones.
export const FILTER_ORDER = ["price", "brand", "color", "material", "style", "seats", "mechanism", "width", "depth", "height", "country"] as const;

export type FilterGroupKey = { kind: "range" | "facet"; code: string };

/** Ranges and facets in panel order. */
export function orderFilterGroups(ranges: readonly string[], facets: readonly string[]): FilterGroupKey[] {
  const all: FilterGroupKey[] = [...ranges.map((code) => ({ kind: "range" as const, code })), ...facets.map((code) => ({ kind: "facet" as const, code }))];
  const rank = (g: FilterGroupKey) => {
    const i = (FILTER_ORDER as readonly string[]).indexOf(g.code);
    return i < 0 ? FILTER_ORDER.length : i;
  };
  // Array.prototype.sort is stable: equal ranks keep their given order
  return all.sort((a, b) => rank(a) - rank(b));
}
