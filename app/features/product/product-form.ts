// The back office's product form (decision 073): what staff type, read into a product.
// Prices are typed in roubles with kopecks as people write them («12 990,50», «12990.5 ₽») and
// kept as integer kopecks; every refusal is a Russian message under its field.
import { readImageRows, type ProductImagesChange, isUploadedVideoPath } from "../media/index.ts";
import { parseVideoLink } from "../../lib/video-embed.ts";
import { slugify } from "../../lib/slug.ts";
import { parseSetFields, type SetInput } from "./set-form.ts";
import { parseLeadWeeks } from "../delivery/index.ts";

export const PRODUCT_CONFLICT_MESSAGE = "Товар изменён другим сотрудником, обновите страницу";
export const TITLE_MAX = 200;
export const SLUG_MAX = 140;
/** as the column (migration 037) and as 1C's «Артикул» is read */
const ARTICLE_MAX = 60;

export interface ProductFormInput {
  title: string;
  slug: string;
  sectionId: number;
  brand: string;
  /** the product's own article (decision 099); undefined when the post has no such field: left as stored */
  article?: string;
  /** kopecks */
  price: number;
  oldPrice: number | null;
  stock: number;
  /**
   * weeks a product out of stock takes to arrive (storefront: «Под заказ, 2–4 недели»);
   * undefined when the post has no such fields (a client older than them): left as stored
   */
  lead?: { min: number; max: number };
  /** grams */
  weight: number;
  published: boolean;
  /** as typed; the domain cleans it (allow-list sanitiser) before it is stored */
  description: string;
  /** video-site links and uploaded video files (`/media/videos/…`) */
  videos: string[];
  /** the picture list as posted; the route adds this post's uploads (product-media.server.ts) */
  images: ProductImagesChange;
  /** property code → the values chosen (one for enum and number, any for multi) */
  properties: Record<string, string[]>;
  /** 0 for a new product */
  version: number;
  /** a set (posted with kind=set): price, old price and weight are counted from it, not typed */
  set?: SetInput;
}

export type ProductFormParse = { ok: true; input: ProductFormInput } | { ok: false; errors: Record<string, string> };

/** «12 990,50» → 1299050 kopecks; null when it is not an amount (negative amounts are amounts). */
export function parseRoubles(raw: string): number | null {
  const text = raw
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/₽|руб\.?$/i, "")
    .replace("−", "-")
    .replace(",", ".");
  if (!/^-?\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ""] = text.replace("-", "").split(".");
  const kopecks = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return text.startsWith("-") ? -kopecks : kopecks;
}

/** kopecks → what the field shows again: «12990,50», «12990» for whole roubles */
export function roublesField(kopecks: number | null): string {
  if (kopecks === null) return "";
  const rub = Math.trunc(kopecks / 100);
  const kop = Math.abs(kopecks % 100);
  return kop ? `${rub},${String(kop).padStart(2, "0")}` : String(rub);
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const whole = (raw: string): number | null =>
  /^-?\d{1,9}$/.test(raw.replace(/[\s\u00a0]/g, "").replace("−", "-")) ? Number(raw.replace(/[\s\u00a0]/g, "").replace("−", "-")) : null;

/** Reads the posted form; property codes come as `prop.<code>` fields. */
export function parseProductForm(form: FormData): ProductFormParse {
  const get = (name: string) => String(form.get(name) ?? "").trim();
  const errors: Record<string, string> = {};

  const title = get("title").replace(/\s+/g, " ");
  if (!title) errors.title = "Укажите название товара.";
  else if (title.length > TITLE_MAX) errors.title = `Название — не длиннее ${TITLE_MAX} символов.`;

  const slug = (get("slug") || slugify(title)).toLowerCase();
  if (!slug) errors.slug = "Укажите адрес латиницей, например divan-chester.";
  else if (slug.length > SLUG_MAX || !SLUG.test(slug)) errors.slug = "Адрес — латинские буквы, цифры и дефисы, например divan-chester.";

  const sectionId = Number(get("sectionId"));
  if (!Number.isSafeInteger(sectionId) || sectionId <= 0) errors.sectionId = "Выберите раздел.";

  const brand = get("brand").slice(0, 100);
  const article = form.has("article") ? get("article").replace(/\s+/g, " ") : undefined;
  if (article && article.length > ARTICLE_MAX) errors.article = `Артикул — не длиннее ${ARTICLE_MAX} символов.`;

  // a set's price, old price and weight follow from its items: only the composition is read
  const set = form.get("kind") === "set" ? parseSetFields(form) : null;
  if (set && !set.ok) Object.assign(errors, set.errors);

  const price = set ? 0 : parseRoubles(get("price"));
  if (!set && !get("price")) errors.price = "Укажите цену.";
  else if (price === null) errors.price = "Цена — число в рублях, например 12 990,50.";
  else if (price < 0) errors.price = "Цена не может быть отрицательной.";

  let oldPrice: number | null = null;
  if (!set && get("oldPrice")) {
    oldPrice = parseRoubles(get("oldPrice"));
    if (oldPrice === null) errors.oldPrice = "Старая цена — число в рублях, например 15 990.";
    else if (oldPrice < 0) errors.oldPrice = "Старая цена не может быть отрицательной.";
    else if (price !== null && price >= 0 && oldPrice < price) errors.oldPrice = "Старая цена не может быть ниже цены.";
    else if (price !== null && oldPrice === price) oldPrice = null;
  }

  const stock = whole(get("stock") || "0");
  if (stock === null) errors.stock = "Остаток — целое число штук.";
  else if (stock < 0) errors.stock = "Остаток не может быть отрицательным.";
  const lead = form.has("leadMin") || form.has("leadMax") ? parseLeadWeeks(get("leadMin"), get("leadMax")) : null;
  if (lead && !lead.ok) Object.assign(errors, lead.errors);

  const weightKg = !set && get("weight") ? parseRoubles(get("weight")) : 0;
  // weight is typed in kilograms with up to two decimals; the same reader gives hundredths of a kg
  if (weightKg === null) errors.weight = "Вес — число в килограммах, например 42,5.";
  else if (weightKg < 0) errors.weight = "Вес не может быть отрицательным.";

  const videos = get("videos")
    .split(/\s*\n\s*/)
    .map((v) => v.trim())
    .filter(Boolean);
  if (videos.some((v) => !parseVideoLink(v) && !isUploadedVideoPath(v)))
    errors.videos = "Видео — ссылки на YouTube, Rutube или VK Видео или загруженные файлы, по одной в строке.";

  const properties: Record<string, string[]> = {};
  for (const [name, value] of form.entries()) {
    if (!name.startsWith("prop.") || typeof value !== "string" || !value.trim()) continue;
    (properties[name.slice(5)] ??= []).push(value.trim());
  }

  const version = Number(get("version") || "0");
  if (!Number.isSafeInteger(version) || version < 0) errors.version = PRODUCT_CONFLICT_MESSAGE;

  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      title,
      slug,
      sectionId,
      brand,
      ...(article === undefined ? {} : { article }),
      price: price!,
      oldPrice,
      stock: stock!,
      ...(lead?.ok ? { lead: lead.lead } : {}),
      weight: weightKg! * 10,
      published: form.get("published") === "on" || form.get("published") === "1",
      description: String(form.get("description") ?? "").slice(0, 50_000),
      videos,
      images: { listed: readImageRows(form), added: [] },
      properties,
      version,
      ...(set?.ok ? { set: set.set } : {}),
    },
  };
}
