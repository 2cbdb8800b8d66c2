// Builds plain products (rows, facet values and a small summary the set builder reuses) from
// the product types. Pure: everything comes from the seeded random source.
import type { Insertable } from "kysely";
import type { NewProduct, NewProductValue, ProductImage, VariantPointStockTable } from "../schema.ts";
import { BRANDS, COLOURS, MODEL_NAMES, PROPERTY_ID, STYLES, type Brand, type Colour } from "./catalog-data.ts";
import { describeProduct } from "./descriptions.ts";
import { PRODUCT_IMAGE_SIZE, dimensionsImageKey, modelLook, productImageKey, productImageSrc } from "./images.ts";
import { PICKUP_POINTS } from "./news-data.ts";
import { leadWeeks, pointStockRows } from "./point-stock.ts";
import { demoReviews, type DemoReview } from "./reviews.ts";
import { PRODUCT_TYPES, SHAPES_WITH_DIMENSIONS, type ProductType, type TextGroup } from "./product-types.ts";
import type { Random } from "./random.ts";
import type { SectionIndex } from "./sections.ts";
import { slugify } from "../../lib/slug.ts";

/** What sets need to know about a product without re-reading the database. */
export interface ProductSummary {
  id: number;
  type: ProductType;
  sectionId: number;
  title: string;
  model: string;
  style: string;
  brand: Brand;
  colour: Colour;
  materials: string[];
  price: number;
  weight: number;
  stock: number;
  image: ProductImage;
}

export interface GeneratedProduct {
  row: NewProduct & { id: number };
  values: NewProductValue[];
  summary: ProductSummary;
  /** image keys the product refers to (to be rendered) */
  imageKeys: string[];
  reviews: DemoReview[];
  pointStock: Insertable<VariantPointStockTable>[];
}

/**
 * Products up to this id get demo reviews (their rating is the reviews' average); benchmark
 * catalogues beyond it stay unrated rather than carry millions of review rows.
 */
export const REVIEWED_UP_TO_ID = 5000;

/**
 * Rating and count from the product's own demo reviews (none past REVIEWED_UP_TO_ID). What sells
 * most is what is most reviewed, as in a real shop: popularity follows the review count, with the
 * drawn `popularity` only ordering products of equal count.
 */
export function reviewedFields(
  id: number,
  group: TextGroup,
  since: number,
  popularity: number,
): { rating: number; rating_count: number; popularity: number; reviews: DemoReview[] } {
  if (id > REVIEWED_UP_TO_ID) return { rating: 0, rating_count: 0, popularity, reviews: [] };
  const r = demoReviews(id, group, since);
  return { rating: r.rating, rating_count: r.count, popularity: r.count * 1000 + (popularity % 1000), reviews: r.rows };
}

// created_at spreads over 1 Jan 2025 – 15 Nov 2026 (the shop's demo "now" is late November 2026).
const CREATED_FROM = Date.UTC(2025, 0, 1);
const CREATED_TO = Date.UTC(2026, 10, 15);
const PREMIUM_COUNTRIES = new Set(["Италия", "Германия", "Швеция"]);
const YOUTUBE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Roubles that look like shop prices: rounded to hundreds minus ten (2 490, 49 990). */
export const shopRoubles = (roubles: number) => Math.max(490, Math.round(roubles / 100) * 100 - 10);

/** Shared by products and sets: how well rated, how popular, when added. */
export function popularityFields(rng: Random): Pick<NewProduct, "rating" | "rating_count" | "popularity" | "created_at"> {
  const ratingCount = 1 + Math.floor(479 * rng.next() ** 3);
  return {
    rating: Math.round((3.5 + 1.5 * rng.next() ** 0.7) * 10) / 10,
    rating_count: ratingCount,
    popularity: ratingCount * 10 + rng.int(0, 2000),
    created_at: CREATED_FROM + Math.floor(rng.next() * (CREATED_TO - CREATED_FROM)),
  };
}

function videosFor(rng: Random): string[] {
  if (!rng.chance(0.04)) return [];
  if (rng.chance(0.5)) return [`https://rutube.ru/video/${rng.hex(32)}/`];
  let id = "";
  for (let i = 0; i < 11; i++) id += rng.pick([...YOUTUBE_ALPHABET]);
  return [`https://www.youtube.com/watch?v=${id}`];
}

function stockFor(rng: Random): number {
  const r = rng.next();
  if (r < 0.07) return 0;
  if (r < 0.17) return rng.int(1, 3); // «мало»
  return rng.int(4, 40);
}

/** Picks the type for product number `index`: every type once first, so no section is empty, then by share. */
function typeFor(rng: Random, index: number): ProductType {
  return index < PRODUCT_TYPES.length ? (PRODUCT_TYPES[index] as ProductType) : rng.weighted(PRODUCT_TYPES, (t) => t.share);
}

export function createProductGenerator(rng: Random, sections: SectionIndex) {
  const brandsBySection = new Map<string, Brand[]>();
  const brandsFor = (type: ProductType): Brand[] => {
    let list = brandsBySection.get(type.section);
    if (!list) {
      const topSlug = sections.topOf(type.section);
      list = BRANDS.filter((b) => b.sections.includes(topSlug));
      if (list.length === 0) throw new Error(`no brand makes goods for ${topSlug}`);
      brandsBySection.set(type.section, list);
    }
    return list;
  };

  /** `index` counts products from 0; `id` is the row id to use. */
  return function generateProduct(id: number, index: number): GeneratedProduct {
    const type = typeFor(rng, index);
    const sectionId = sections.idOf(type.section);
    const model = rng.pick(MODEL_NAMES);
    const colour = COLOURS[rng.pick(type.colours)] as Colour;
    const material = rng.pick(type.primary);
    const extraMaterials = rng.sample(
      type.secondary.filter((s) => s !== material.value),
      rng.int(0, Math.min(2, type.secondary.length)),
    );
    const brand = rng.pick(brandsFor(type));
    const style = rng.pick(STYLES);

    // Sizes: either a named footprint (160×200) or ranges; t (0..1) says how big it is within its kind.
    let w: number | undefined,
      d: number | undefined,
      sizeLabel = "",
      t = rng.next();
    if (type.sizes) {
      const i = rng.int(0, type.sizes.length - 1);
      const [sw, sd] = type.sizes[i] as readonly [number, number];
      sizeLabel = `${sw}×${sd}`;
      w = sw + (type.frame ?? 0);
      d = sd + (type.frame ?? 0);
      t = type.sizes.length > 1 ? i / (type.sizes.length - 1) : 0.5;
    } else {
      if (type.w) {
        w = rng.step(type.w[0], type.w[1], type.w[2]);
        t = type.w[1] > type.w[0] ? (w - type.w[0]) / (type.w[1] - type.w[0]) : 0.5;
      }
      if (type.d) d = rng.step(type.d[0], type.d[1], type.d[2]);
    }
    const h = type.h ? rng.step(type.h[0], type.h[1], type.h[2]) : undefined;

    // Price grows with size and a little with the brand's country; log-uniform within the range.
    const [minPrice, maxPrice] = type.price;
    const u = Math.min(1, 0.6 * rng.next() + 0.4 * t + (PREMIUM_COUNTRIES.has(brand.country) ? 0.12 : 0));
    const roubles = shopRoubles(minPrice * (maxPrice / minPrice) ** u);
    const oldRoubles = rng.chance(0.3) ? shopRoubles(roubles * rng.float(1.1, 1.35)) : null;
    const [minKg, maxKg] = type.weight;
    const grams = Math.max(100, Math.round((minKg + (maxKg - minKg) * (0.5 * t + 0.5 * rng.next())) * 10) * 100);

    const colourInTitle = type.colours.length > 1 ? `, ${colour.forms[type.gender]}` : "";
    const title = `${type.word} ${model}, ${material.title}${colourInTitle}${sizeLabel ? `, ${sizeLabel}` : ""}`;

    const look = modelLook(type.shape, model);
    const mainKey = productImageKey(type.shape, colour.code, look);
    const imageKeys = [mainKey];
    const images: ProductImage[] = [{ src: productImageSrc(mainKey), alt: title, width: PRODUCT_IMAGE_SIZE, height: PRODUCT_IMAGE_SIZE }];
    if (SHAPES_WITH_DIMENSIONS.has(type.shape) && rng.chance(0.7)) {
      const key = dimensionsImageKey(type.shape, look, { w, d, h });
      imageKeys.push(key);
      images.push({ src: productImageSrc(key), alt: `${title}: схема с размерами`, width: PRODUCT_IMAGE_SIZE, height: PRODUCT_IMAGE_SIZE });
    }
    // Other colours of the same model, as shops show them in the gallery.
    for (const other of rng.sample(
      type.colours.filter((c) => c !== colour.code),
      rng.int(0, 2),
    )) {
      const key = productImageKey(type.shape, other, look);
      const otherColour = COLOURS[other] as Colour;
      imageKeys.push(key);
      images.push({
        src: productImageSrc(key),
        alt: `${type.word} ${model}, цвет «${otherColour.name.toLowerCase()}»`,
        width: PRODUCT_IMAGE_SIZE,
        height: PRODUCT_IMAGE_SIZE,
      });
    }

    const stock = stockFor(rng);
    const materials = [material.value, ...extraMaterials];
    const row: NewProduct & { id: number } = {
      id,
      section_id: sectionId,
      kind: "product",
      slug: slugify(title, id),
      title,
      description: describeProduct(rng, type, {
        model,
        material: material.value,
        colour: colour.name,
        style,
        brand: brand.name,
        country: brand.country,
        w,
        d,
        h,
      }),
      brand: brand.name,
      price: roubles * 100,
      old_price: oldRoubles === null ? null : oldRoubles * 100,
      weight: grams,
      stock,
      ...popularityFields(rng),
      ...leadWeeks(id),
      images: JSON.stringify(images),
      videos: JSON.stringify(videosFor(rng)),
      set_discount: 0,
    };

    const text = (code: keyof typeof PROPERTY_ID, value: string): NewProductValue => ({
      product_id: id,
      property_id: PROPERTY_ID[code],
      value_text: value,
      value_num: null,
    });
    const num = (code: keyof typeof PROPERTY_ID, value: number): NewProductValue => ({
      product_id: id,
      property_id: PROPERTY_ID[code],
      value_text: null,
      value_num: value,
    });
    const values: NewProductValue[] = [
      text("color", colour.name),
      ...materials.map((m) => text("material", m)),
      text("style", style),
      text("country", brand.country),
    ];
    if (w !== undefined) values.push(num("width", w));
    if (d !== undefined) values.push(num("depth", d));
    if (h !== undefined) values.push(num("height", h));
    if (type.seats) {
      // wider sofas seat more people
      const [lo, hi] = type.seats;
      values.push(num("seats", Math.min(hi, lo + Math.round(t * (hi - lo)))));
    }
    if (type.mechanisms) values.push(text("mechanism", rng.pick(type.mechanisms)));

    const { reviews, ...rated } = reviewedFields(id, type.text, Number(row.created_at), Number(row.popularity));
    Object.assign(row, rated);
    return {
      row,
      values,
      imageKeys,
      reviews,
      // the product's only variant has its id (decision 108)
      pointStock: pointStockRows(id, stock, PICKUP_POINTS),
      summary: { id, type, sectionId, title, model, style, brand, colour, materials, price: row.price, weight: grams, stock, image: images[0] as ProductImage },
    };
  };
}
