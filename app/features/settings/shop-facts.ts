// One source of truth for what the shop says about itself. Static facts live in SITE
// (app/features/settings/site.ts); counts come from the database (ShopCounts, app/features/settings/shop-facts.server.ts).
// Shop-written pages do not repeat them: they hold {{tokens}} that are filled when a page is read,
// so the hours, the phone, the number of showroom cities and the catalogue's size read the same on
// every page (decision 069).
import { countOf, formatNumber, plural, PRODUCT_FORMS } from "../../lib/format.ts";
import { SITE } from "./site.ts";
import { SHOP_TIME_ZONE } from "../../lib/shop-calendar.ts";

export interface ShopCounts {
  /** products and sets in the catalogue */
  products: number;
  showrooms: number;
  /** cities with a showroom, in the contact list's order */
  cities: string[];
}

/** «в 1 городе», «в 4 городах», «в 5 городах» (prepositional) */
const CITY_IN_FORMS = ["городе", "городах", "городах"] as const;
/** «76 городов» */
const CITY_FORMS = ["город", "города", "городов"] as const;
const YEAR_FORMS = ["год", "года", "лет"] as const;
const CUSTOMER_FORMS = ["покупатель", "покупателя", "покупателей"] as const;

/** ["Москва", "Казань", "Тверь"] → «Москва, Казань и Тверь» */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} и ${items.at(-1)}`;
}

/** «в 4 городах» */
export function inCities(count: number): string {
  return `в ${formatNumber(count)}\u00A0${plural(count, CITY_IN_FORMS)}`;
}

/** «ежедневно с 10:00 до 21:00» */
export const hoursPhrase = () => `ежедневно с ${SITE.opens} до ${SITE.closes}`;

const yearFormat = new Intl.DateTimeFormat("ru-RU", { year: "numeric", timeZone: SHOP_TIME_ZONE });

/** Whole calendar years since the shop opened, in Moscow time. */
export function yearsWorking(now: number): number {
  return Math.max(1, Number(yearFormat.format(new Date(now))) - SITE.foundedYear);
}

export interface ShopFigure {
  value: number;
  label: string;
}

/** «Витрина» в цифрах: years, customers, products, delivery cities. */
export function shopFigures(counts: ShopCounts, now: number): ShopFigure[] {
  const years = yearsWorking(now);
  return [
    { value: years, label: `${plural(years, YEAR_FORMS)} работаем для вас` },
    { value: SITE.customers, label: `${plural(SITE.customers, CUSTOMER_FORMS)} выбрали нас` },
    { value: counts.products, label: `${plural(counts.products, PRODUCT_FORMS)} в каталоге` },
    { value: SITE.deliveryCities, label: `${plural(SITE.deliveryCities, CITY_FORMS)} доставки` },
  ];
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The tokens a shop-written page may hold, each with the HTML it becomes. */
export function shopFactTokens(counts: ShopCounts, now: number): Record<string, string> {
  return {
    hours: escapeHtml(hoursPhrase()),
    phone: `<a href="${escapeHtml(SITE.phoneHref)}">${escapeHtml(SITE.phone)}</a>`,
    email: `<a href="mailto:${escapeHtml(SITE.email)}">${escapeHtml(SITE.email)}</a>`,
    showroomCityCount: escapeHtml(inCities(counts.cities.length)),
    showroomCityList: escapeHtml(joinWithAnd(counts.cities)),
    deliveryCities: escapeHtml(countOf(SITE.deliveryCities, CITY_FORMS)),
    productCount: escapeHtml(countOf(counts.products, PRODUCT_FORMS)),
    years: escapeHtml(countOf(yearsWorking(now), YEAR_FORMS)),
    // numbers the counter widget animates (<span data-counter>), see app/ui/CountersOnView.tsx
    figures: `<ul class="counters">${shopFigures(counts, now)
      .map((f) => `<li><span data-counter="${f.value}">${formatNumber(f.value)}</span> ${escapeHtml(f.label)}</li>`)
      .join("")}</ul>`,
  };
}

const TOKEN = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** True when the HTML holds at least one token (only then are the counts worth reading). */
export const hasShopFactTokens = (html: string) => new RegExp(TOKEN.source).test(html);

/** Replaces the known {{tokens}} in shop-written HTML; an unknown one is left as written, so it shows. */
export function fillShopFacts(html: string, counts: ShopCounts, now: number): string {
  const tokens = shopFactTokens(counts, now);
  return html.replace(TOKEN, (whole, name: string) => (Object.hasOwn(tokens, name) ? tokens[name]! : whole));
}

/** schema.org markup of the shop itself (home page): name, hotline, hours, founding year. */
export function shopJsonLd(origin: string, counts: ShopCounts): object {
  return {
    "@context": "https://schema.org",
    "@type": "FurnitureStore",
    name: SITE.name,
    url: `${origin}/`,
    telephone: SITE.phoneHref.replace(/^tel:/, ""),
    email: SITE.email,
    openingHours: `Mo-Su ${SITE.opens}-${SITE.closes}`,
    foundingDate: String(SITE.foundedYear),
    areaServed: counts.cities.map((name) => ({ "@type": "City", name })),
  };
}
