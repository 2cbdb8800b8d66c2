// One listing: the page of products, every facet's live counts (disjunctive: a value's count
// in facet F applies all filters except F's own), range bounds that follow the other filters,
// and the total. Pure bitset work over the catalogue index plus one query for the page's cards.
import { firstProductImage } from "../../lib/json-columns.ts";
import type { Db } from "../../db/database.server.ts";
import { Bitset } from "./bitset.ts";
import type { PositionSet } from "./posting-list.ts";
import type { ListingQuery } from "./listing-query.ts";
import type { FacetView, ListingView, ProductCardData, RangeView } from "./catalog-types.ts";
import type { CatalogIndex } from "./catalog-index.server.ts";
import { pageWindow } from "../../lib/paging.ts";

export interface ListingPositions {
  positions: number[];
  total: number;
  facets: FacetView[];
  ranges: RangeView[];
}

/** `order`: positions in the order to show them (a search's relevance); else the query's direction. */
export function computeListing(index: CatalogIndex, baseSet: PositionSet, query: ListingQuery, order?: Int32Array): ListingPositions {
  // the listing works on bitsets of its own; the stored sets are counted against them
  const base = baseSet.toBitset(index.size);
  // One mask per active filter; each facet/range is later counted against all masks but its own.
  const masks = new Map<string, Bitset>();
  for (const facet of index.facets) {
    const checked = (query.facets[facet.code] ?? []).map((v) => facet.values.indexOf(v)).filter((i) => i >= 0);
    if (!checked.length) continue;
    const union = new Bitset(index.size);
    for (const i of checked) facet.sets[i]!.orInto(union);
    masks.set(`f:${facet.code}`, union);
  }
  for (const range of index.ranges) {
    const chosen = query.ranges[range.code];
    if (!chosen || (chosen.min === undefined && chosen.max === undefined)) continue;
    const lo = chosen.min ?? -Infinity;
    const hi = chosen.max ?? Infinity;
    // walk the value-ordered positions between the bounds instead of the whole catalogue
    const inRange = new Bitset(index.size);
    const asc = range.ascending;
    for (let i = lowerBound(asc, range.values, lo); i < asc.length && range.values[asc[i]!]! <= hi; i++) inRange.add(asc[i]!);
    inRange.andWith(base);
    masks.set(`r:${range.code}`, inRange);
  }

  const allBut = (key: string | null) => {
    const m = base.clone();
    for (const [k, mask] of masks) if (k !== key) m.andWith(mask);
    return m;
  };
  const matched = allBut(null);
  const total = matched.count();

  const facets: FacetView[] = [];
  for (const facet of index.facets) {
    const context = masks.has(`f:${facet.code}`) ? allBut(`f:${facet.code}`) : matched;
    const checked = new Set(query.facets[facet.code] ?? []);
    const values = facet.values.flatMap((value, i) => {
      const set = facet.sets[i]!;
      if (!checked.has(value) && set.andCount(base) === 0) return []; // never occurs here: not offered
      const count = set.andCount(context);
      return [{ value, count, checked: checked.has(value), disabled: count === 0 && !checked.has(value) }];
    });
    if (values.length > 1 || values.some((v) => v.checked)) facets.push({ code: facet.code, title: facet.title, values });
  }

  const ranges: RangeView[] = [];
  for (const range of index.ranges) {
    const key = `r:${range.code}`;
    const context = masks.has(key) ? allBut(key) : matched;
    // the first and last member of the context in ascending value order are the bounds
    let min = Infinity;
    let max = -Infinity;
    const asc = range.ascending;
    for (let i = 0; i < asc.length; i++) {
      if (context.has(asc[i]!)) {
        min = range.values[asc[i]!]!;
        break;
      }
    }
    for (let i = asc.length - 1; i >= 0 && min !== Infinity; i--) {
      if (context.has(asc[i]!)) {
        max = range.values[asc[i]!]!;
        break;
      }
    }
    const chosen = query.ranges[range.code];
    if (min === Infinity) {
      if (!chosen) continue; // nothing to choose from and nothing chosen
      min = max = 0;
    }
    if (min === max && !chosen && range.code !== "price") continue; // a single value is no choice
    const clamp = (v: number | undefined) => (v === undefined ? undefined : Math.min(max, Math.max(min, v)));
    ranges.push({
      code: range.code,
      title: range.title,
      unit: range.unit,
      step: range.step,
      min: Math.floor(min),
      max: Math.ceil(max),
      from: clamp(chosen?.min),
      to: clamp(chosen?.max),
    });
  }

  // pages `from` to `page` (one page unless «Показать ещё» added more)
  const walk = order ?? index.orders[query.direction === "relevance" ? "popular" : query.direction];
  const start = (query.from - 1) * query.num;
  const wanted = (query.page - query.from + 1) * query.num;
  const positions: number[] = [];
  let seen = 0;
  for (let i = 0; i < walk.length && positions.length < wanted; i++) {
    const pos = walk[i]!;
    if (!matched.has(pos)) continue;
    if (seen++ >= start) positions.push(pos);
  }
  return { positions, total, facets, ranges };
}

/** First index in `asc` whose value is ≥ v (binary search). */
function lowerBound(asc: Int32Array, values: Float64Array, v: number): number {
  let lo = 0;
  let hi = asc.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[asc[mid]!]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export async function loadListing(db: Db, index: CatalogIndex, base: PositionSet, query: ListingQuery, order?: Int32Array): Promise<ListingView> {
  const result = computeListing(index, base, query, order);
  const ids = result.positions.map((p) => index.ids[p]!);
  const items = await loadProductCards(db, ids, query.view === "list");
  const pageCount = pageWindow(result.total, query.page, query.num).pages;
  return {
    items,
    total: result.total,
    page: query.page,
    pageCount,
    isEnd: query.page >= pageCount,
    facets: result.facets,
    ranges: result.ranges,
  };
}

/** Card data for the given products, in the given order; properties too for the list view. */
export async function loadProductCards(db: Db, ids: number[], withProperties = false): Promise<ProductCardData[]> {
  if (!ids.length) return [];
  const rows = await db.kysely
    .selectFrom("products")
    .select(["id", "kind", "slug", "title", "price", "old_price", "stock", "rating", "rating_count", "lead_weeks_min", "lead_weeks_max", "images"])
    .where("id", "in", ids)
    .where("published", "=", 1)
    .execute();
  const props = new Map<number, { title: string; value: string }[]>();
  if (withProperties) {
    const values = await db.kysely
      .selectFrom("product_values")
      .innerJoin("properties", "properties.id", "product_values.property_id")
      .select(["product_values.product_id", "properties.title", "properties.unit", "product_values.value_text", "product_values.value_num"])
      .where("product_values.product_id", "in", ids)
      .orderBy("properties.sort")
      .execute();
    for (const v of values) {
      const text = v.value_text ?? (v.value_num === null ? "" : `${String(v.value_num).replace(".", ",")}${v.unit ? ` ${v.unit}` : ""}`);
      const list = props.get(v.product_id) ?? [];
      const same = list.find((p) => p.title === v.title);
      if (same) same.value += `, ${text}`;
      else list.push({ title: v.title, value: text });
      props.set(v.product_id, list);
    }
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const card: ProductCardData = {
      id: r.id,
      kind: r.kind,
      slug: r.slug,
      title: r.title,
      price: Number(r.price),
      oldPrice: r.old_price === null ? null : Number(r.old_price),
      stock: r.stock,
      rating: r.rating,
      ratingCount: Number(r.rating_count),
      lead: { min: Number(r.lead_weeks_min), max: Number(r.lead_weeks_max) },
      image: firstProductImage(r.images),
    };
    if (withProperties) card.properties = props.get(id) ?? [];
    return [card];
  });
}
