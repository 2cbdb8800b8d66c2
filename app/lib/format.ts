// Russian number, money, weight, size and plural formatting, one place for the whole site.
import { SHOP_TIME_ZONE } from "./shop-calendar.ts";

const integer = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upToTwo = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 });
const pluralRules = new Intl.PluralRules("ru-RU");

// Intl uses a narrow no-break space (U+202F) or no-break space (U+00A0) for thousands; we
// want the same everywhere, so normalise to U+00A0 (it still reads as a space).
const nbsp = (s: string) => s.replace(/[\u202F\u00A0]/g, "\u00A0");

/** 1234567 → «1 234 567» */
export function formatNumber(n: number): string {
  return nbsp(integer.format(n));
}

/** Kopecks → «12 345 ₽», or «12 345,50 ₽» when there are kopecks. */
export function formatPrice(kopecks: number): string {
  const roubles = kopecks / 100;
  const text = Number.isInteger(roubles) ? integer.format(roubles) : twoDecimals.format(roubles);
  return `${nbsp(text)}\u00A0₽`;
}

/** Grams → «12,50 кг» (always two decimals, as cart weights are shown; docs/behaviour.md «Cart API»). */
export function formatWeight(grams: number): string {
  return `${nbsp(twoDecimals.format(grams / 1000))}\u00A0кг`;
}

const BYTE_UNITS = ["Б", "КБ", "МБ", "ГБ", "ТБ"] as const;

/** Bytes → «1,5 МБ» in binary steps of 1024. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${nbsp(upToTwo.format(unit === 0 ? value : Math.round(value * 10) / 10))}\u00A0${BYTE_UNITS[unit]}`;
}

/** Picks one of three Russian word forms: plural(5, ["товар", "товара", "товаров"]) → «товаров». */
export function plural(n: number, forms: readonly [one: string, few: string, many: string]): string {
  switch (pluralRules.select(n)) {
    case "one":
      return forms[0];
    case "few":
      return forms[1];
    default:
      return forms[2];
  }
}

/** «3 товара» */
export function countOf(n: number, forms: readonly [string, string, string]): string {
  return `${formatNumber(n)}\u00A0${plural(n, forms)}`;
}

export const PRODUCT_FORMS = ["товар", "товара", "товаров"] as const;

const dateFormat = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", year: "numeric", timeZone: SHOP_TIME_ZONE });

/** epoch ms → «22 ноября 2026» */
export function formatDate(ms: number): string {
  return dateFormat.format(new Date(ms)).replace(/\s*г\.$/, "");
}

const timeFormat = new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: SHOP_TIME_ZONE });

/** epoch ms → «22 ноября 2026, 15:05» (Moscow time) */
export function formatDateTime(ms: number): string {
  return `${formatDate(ms)}, ${timeFormat.format(new Date(ms))}`;
}

/** Discount in whole percent between an old and a new price. */
export function discountPercent(price: number, oldPrice: number | null): number {
  if (!oldPrice || oldPrice <= price) return 0;
  return Math.round(((oldPrice - price) / oldPrice) * 100);
}
