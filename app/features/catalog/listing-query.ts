// The catalogue listing's state lives in the URL (docs/behaviour.md «Listing URL»): `direction`,
// `num`, `view`, `page`, each checked facet as `<code>=<value>` (repeatable) and ranges as
// `<code>[min]` / `<code>[max]`. «Показать ещё» adds `from`: pages `from` to `page` are shown
// (decision 069), so a reload or a shared link shows everything that was loaded. Parsing never
// throws: junk is ignored, clamped or swapped.
import { cleanSearchText } from "./search-text.ts";

export const DIRECTIONS = {
  popular: "По популярности",
  price_asc: "Сначала дешевле",
  price_desc: "Сначала дороже",
  new: "Сначала новинки",
  name: "По названию",
} as const;
export type Direction = keyof typeof DIRECTIONS;
export const DEFAULT_DIRECTION: Direction = "popular";
/** On the search page the best matches come first unless the visitor picks another order. */
export const SEARCH_DIRECTIONS = { relevance: "По соответствию", ...DIRECTIONS } as const;
export type ListingDirection = keyof typeof SEARCH_DIRECTIONS;

/** The order a listing has when the URL names none: by relevance for a search, else by popularity. */
export function defaultDirection(q: string | undefined): ListingDirection {
  return q ? "relevance" : DEFAULT_DIRECTION;
}

export const PAGE_SIZES = [12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE = 24;

export type View = "grid" | "list";
export const MAX_PAGE = 10_000;
/** At most this many products on one page, however many «Показать ещё» were pressed. */
export const MAX_SHOWN_ITEMS = 240;
const MAX_VALUES_PER_FACET = 50;
const MAX_VALUE_LENGTH = 120;
export const MAX_QUERY_LENGTH = 200;

export interface Range {
  min?: number;
  max?: number;
}

export interface ListingQuery {
  /** facet code → checked values, in URL order, without duplicates */
  facets: Record<string, string[]>;
  /** range code → chosen bounds (price in roubles) */
  ranges: Record<string, Range>;
  direction: ListingDirection;
  num: number;
  view: View;
  /** the last page shown */
  page: number;
  /** the first page shown: `page` unless «Показать ещё» added pages after it */
  from: number;
  /** search text (search page only) */
  q: string;
}

export interface KnownFilters {
  facets: ReadonlySet<string>;
  ranges: ReadonlySet<string>;
}

const RESERVED = new Set(["direction", "num", "view", "page", "from", "q"]);

function parseNumber(raw: string): number | undefined {
  const text = raw.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

export function parseListingQuery(params: URLSearchParams, known: KnownFilters): ListingQuery {
  const direction = params.get("direction") ?? "";
  const num = Number(params.get("num"));
  const page = parseNumber(params.get("page") ?? "");
  const from = parseNumber(params.get("from") ?? "");
  const q = cleanSearchText(params.get("q") ?? "", MAX_QUERY_LENGTH);
  const query: ListingQuery = {
    facets: {},
    ranges: {},
    direction: Object.hasOwn(q ? SEARCH_DIRECTIONS : DIRECTIONS, direction) ? (direction as ListingDirection) : defaultDirection(q),
    num: (PAGE_SIZES as readonly number[]).includes(num) ? num : DEFAULT_PAGE_SIZE,
    view: params.get("view") === "list" ? "list" : "grid",
    page: page !== undefined && Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    from: 1,
    q,
  };

  for (const [key, rawValue] of params) {
    if (RESERVED.has(key)) continue;
    const range = /^([a-z0-9_]+)\[(min|max)\]$/.exec(key);
    if (range) {
      const [, code, end] = range as unknown as [string, string, "min" | "max"];
      if (!known.ranges.has(code)) continue;
      const n = parseNumber(rawValue);
      if (n === undefined) continue;
      (query.ranges[code] ??= {})[end] = n;
      continue;
    }
    if (!known.facets.has(key)) continue;
    const value = rawValue.normalize("NFC").trim();
    if (!value || value.length > MAX_VALUE_LENGTH) continue;
    const list = (query.facets[key] ??= []);
    if (list.length < MAX_VALUES_PER_FACET && !list.includes(value)) list.push(value);
  }

  // `from` counts only before `page`, and never reaches back further than MAX_SHOWN_ITEMS products
  const widest = Math.max(1, Math.floor(MAX_SHOWN_ITEMS / query.num));
  query.from = from !== undefined && Number.isInteger(from) && from >= 1 && from < query.page ? Math.max(from, query.page - widest + 1) : query.page;

  for (const r of Object.values(query.ranges)) {
    if (r.min !== undefined && r.max !== undefined && r.min > r.max) [r.min, r.max] = [r.max, r.min];
  }
  return query;
}

/** The search string for a listing state; defaults are left out so URLs stay short and canonical. */
export function buildListingSearch(query: Partial<ListingQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  for (const [code, values] of Object.entries(query.facets ?? {})) for (const v of values) params.append(code, v);
  for (const [code, r] of Object.entries(query.ranges ?? {})) {
    if (r.min !== undefined) params.set(`${code}[min]`, String(r.min));
    if (r.max !== undefined) params.set(`${code}[max]`, String(r.max));
  }
  if (query.direction && query.direction !== defaultDirection(query.q)) params.set("direction", query.direction);
  if (query.num && query.num !== DEFAULT_PAGE_SIZE) params.set("num", String(query.num));
  if (query.view === "list") params.set("view", "list");
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.page && query.from && query.from < query.page) params.set("from", String(query.from));
  const s = params.toString();
  return s ? `?${s}` : "";
}
