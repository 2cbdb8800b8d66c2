// The back office's product list (decision 073): its URL state (search, section, status,
// stock, sort, page) and the bulk actions on checked rows. Pure: the domain runs the queries.
import { readPageNumber } from "../../lib/paging.ts";

export const PRODUCT_PAGE_SIZE = 50;
/** «мало» on the list means this many left or fewer (and more than none) */
export const LOW_STOCK_MAX = 2;

export const PRODUCT_SORTS = { new: "Сначала новые", title: "По названию", price_asc: "Дешевле", price_desc: "Дороже", stock: "Меньше остаток" } as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;
export const PRODUCT_STATUSES = { published: "Опубликован", hidden: "Скрыт" } as const;
export type ProductStatus = keyof typeof PRODUCT_STATUSES;
export const STOCK_FILTERS = { in: "В наличии", low: `Мало (≤ ${LOW_STOCK_MAX})`, none: "Нет" } as const;
export type StockFilter = keyof typeof STOCK_FILTERS;

export interface ProductListFilter {
  q: string;
  section: number | null;
  status: ProductStatus | null;
  stock: StockFilter | null;
  sort: ProductSort;
  /** 1-based */
  page: number;
}

const positiveInt = (raw: string | null): number | null => {
  const n = Number(raw);
  return raw && Number.isSafeInteger(n) && n > 0 ? n : null;
};

const oneOf = <T extends string>(values: object, raw: string | null): T | null => (raw && Object.hasOwn(values, raw) ? (raw as T) : null);

/** Reads the list's URL parameters; anything unknown or malformed falls back to «all», never an error. */
export function parseProductListQuery(params: URLSearchParams): ProductListFilter {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    section: positiveInt(params.get("section")),
    status: oneOf<ProductStatus>(PRODUCT_STATUSES, params.get("status")),
    stock: oneOf<StockFilter>(STOCK_FILTERS, params.get("stock")),
    sort: oneOf<ProductSort>(PRODUCT_SORTS, params.get("sort")) ?? "new",
    page: readPageNumber(params.get("page")),
  };
}

/** The URL parameters of a filter (defaults left out), for links to other pages. */
export function productListParams(filter: ProductListFilter, change: Partial<ProductListFilter> = {}): URLSearchParams {
  const f = { ...filter, ...change };
  const out = new URLSearchParams();
  if (f.q) out.set("q", f.q);
  if (f.section) out.set("section", String(f.section));
  if (f.status) out.set("status", f.status);
  if (f.stock) out.set("stock", f.stock);
  if (f.sort !== "new") out.set("sort", f.sort);
  if (f.page > 1) out.set("page", String(f.page));
  return out;
}

/** A word of «Поиск»: lower case with ё as е (how the title index holds text), and as titles spell it. */
export interface ProductSearchWord {
  folded: string;
  /** as typed, lower case, capitalised, each also with е for ё: for words too short for the index */
  spellings: string[];
}

/** `article`: the text typed as one word, matched exactly against products' own articles (decision 099) */
export type ProductSearch = { kind: "none" } | { kind: "text"; id: number | null; article: string | null; words: ProductSearchWord[] };

/**
 * What «Поиск» looks for: one word may be a product's own article («KM-101»); digits alone are
 * also an id (the id zero-padded to six digits, «000123»); anything else finds products whose title or slug holds every word typed, whatever
 * its case and whether it is written with ё or е («ЧЕСТЕР» and «честер» find «Диван Честер»).
 */
export function classifyProductSearch(raw: string): ProductSearch {
  const typed = raw.trim();
  const q = typed.replace(/[%_\\"]/g, "");
  if (!q) return { kind: "none" };
  const article = /^\S{1,60}$/.test(typed) ? typed : null;
  const digits = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const words = q
    .split(/\s+/)
    .slice(0, 5)
    .map((word) => {
      const lower = word.toLocaleLowerCase("ru");
      const spellings = [word, lower, lower.charAt(0).toLocaleUpperCase("ru") + lower.slice(1)];
      return { folded: foldYo(lower), spellings: [...new Set([...spellings, ...spellings.map(foldYo)])] };
    });
  return { kind: "text", id: digits && digits > 0 ? digits : null, article, words };
}

const foldYo = (text: string) => text.replace(/ё/g, "е").replace(/Ё/g, "Е");

/**
 * The article shown for a product: its own (1C's «Артикул» or typed by staff), else the shop's
 * number — the id in six digits (decision 099).
 */
export const articleOf = (id: number, article = ""): string => article || String(id).padStart(6, "0");

// ---- bulk actions ----------------------------------------------------------------------------------

export type BulkCommand =
  { action: "publish" | "hide"; ids: number[] } | { action: "move"; ids: number[]; sectionId: number } | { action: "price"; ids: number[]; percent: number };

export const BULK_ACTIONS = { publish: "Опубликовать", hide: "Скрыть", move: "Перенести в раздел", price: "Изменить цену на %" } as const;
export const BULK_MAX = 500;
export const PERCENT_MIN = -90;
export const PERCENT_MAX = 500;

export type BulkParse = { ok: true; command: BulkCommand } | { ok: false; field: string; message: string };

/** The checked rows and what to do with them, from the list's form; a Russian message when something is off. */
export function parseBulkForm(form: FormData): BulkParse {
  const ids = [...new Set(form.getAll("ids").map((v) => positiveInt(String(v))))].filter((n): n is number => n !== null);
  if (!ids.length) return { ok: false, field: "ids", message: "Отметьте товары, к которым применить действие." };
  if (ids.length > BULK_MAX) return { ok: false, field: "ids", message: `За один раз — не больше ${BULK_MAX} товаров.` };
  const action = String(form.get("action") ?? "");
  if (action === "publish" || action === "hide") return { ok: true, command: { action, ids } };
  if (action === "move") {
    const sectionId = positiveInt(String(form.get("sectionId") ?? ""));
    if (!sectionId) return { ok: false, field: "sectionId", message: "Выберите раздел, куда перенести товары." };
    return { ok: true, command: { action, ids, sectionId } };
  }
  if (action === "price") {
    const raw = String(form.get("percent") ?? "")
      .trim()
      .replace(",", ".")
      .replace("−", "-")
      .replace(/^\+/, "")
      .replace(/\s*%$/, "");
    const percent = Number(raw);
    if (!raw || !Number.isFinite(percent) || percent === 0)
      return { ok: false, field: "percent", message: "Укажите, на сколько процентов изменить цену, например 10 или −5." };
    if (percent < PERCENT_MIN || percent > PERCENT_MAX) return { ok: false, field: "percent", message: `Процент — от ${PERCENT_MIN} до +${PERCENT_MAX}.` };
    return { ok: true, command: { action, ids, percent } };
  }
  return { ok: false, field: "action", message: "Выберите действие." };
}

/**
 * A price changed by a percentage, rounded to the kopeck; the old (crossed-out) price moves with it
 * and is dropped when it would no longer be above the price.
 */
export function scalePrice(price: number, oldPrice: number | null, percent: number): { price: number; oldPrice: number | null } {
  const factor = 1 + percent / 100;
  const next = Math.max(0, Math.round(price * factor));
  const old = oldPrice === null ? null : Math.round(oldPrice * factor);
  return { price: next, oldPrice: old !== null && old > next ? old : null };
}
