// The product page: one product or set with its section path, set items, specifications,
// related products and the pickup points that have it. Tab contents come from here too, for the
// server render and for the tab POST alike.
import { sql } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { ProductImage } from "../../db/schema.ts";
import type { ProductTabId } from "./product-tabs.ts";
import { descriptionHtml } from "./product-description.ts";
import { articleOf } from "./product-list-query.ts";
import type { ProductCardData } from "../catalog/index.ts";
import { loadProductCards } from "../catalog/index.server.ts";
import { firstProductImage, isNonEmptyString, isProductImage, parseJsonList } from "../../lib/json-columns.ts";
import type { PickupPoint, ProductPageData, SpecRow, TabContent } from "./product-types.ts";
import { listReviews, reviewStars } from "../reviews/index.server.ts";
import { DEFAULT_REVIEW_QUERY } from "../reviews/index.ts";
import { cleanRichText } from "../content/index.server.ts";
import { loadModelVariants, variantPropertiesOf } from "../variants/index.server.ts";
import type { ChoiceGroup } from "./variant-choice.ts";
import { defaultVariant, withVariant } from "./variant-choice.ts";
import type { VariantView } from "./product-types.ts";

export const SLUG_PATTERN = /^[a-z0-9-]{1,160}$/;

/** The product at `slug`; a hidden one only with `preview` (staff), as if it did not exist otherwise. */
export async function findProductPage(db: Db, slug: string, { preview = false } = {}): Promise<ProductPageData | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const row = await db.kysely.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!row || (!row.published && !preview)) return null;

  const sections = await db.kysely.selectFrom("sections").select(["id", "parent_id", "slug", "title"]).execute();
  const byId = new Map(sections.map((s) => [s.id, s]));
  const own = byId.get(row.section_id);
  const ancestors: { slug: string; title: string }[] = [];
  for (let p = own?.parent_id ?? null, guard = 0; p !== null && guard < 32; guard++) {
    const parent = byId.get(p);
    if (!parent) break;
    ancestors.unshift({ slug: parent.slug, title: parent.title });
    p = parent.parent_id;
  }

  const setItems =
    row.kind === "set"
      ? (
          await db.kysely
            .selectFrom("set_items")
            .innerJoin("products", "products.id", "set_items.item_id")
            .select([
              "products.id",
              "products.slug",
              "products.title",
              "products.images",
              "set_items.price",
              "set_items.weight",
              "set_items.qty",
              "set_items.optional",
            ])
            .where("set_items.set_id", "=", row.id)
            .orderBy("set_items.sort")
            .execute()
        ).map((i) => ({
          id: i.id,
          slug: i.slug,
          title: i.title,
          image: firstProductImage(i.images),
          price: Number(i.price),
          weight: Number(i.weight),
          qty: Number(i.qty),
          optional: Number(i.optional) === 1,
        }))
      : [];

  const specs = await loadSpecRows(db, row.id);
  const modelImages = parseJsonList(row.images, isProductImage);
  const { variants, choices } = await loadVariantChoice(db, row.id, row.section_id, modelImages, articleOf(row.id, row.article));
  const page: ProductPageData = {
    id: row.id,
    hidden: !row.published,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    description: row.description,
    brand: row.brand,
    article: articleOf(row.id, row.article),
    price: Number(row.price),
    oldPrice: row.old_price === null ? null : Number(row.old_price),
    weight: Number(row.weight),
    stock: Number(row.stock),
    rating: Number(row.rating),
    ratingCount: Number(row.rating_count),
    images: parseJsonList(row.images, isProductImage),
    videos: parseJsonList(row.videos, isNonEmptyString),
    setDiscount: Number(row.set_discount),
    section: { id: row.section_id, slug: own?.slug ?? "", title: own?.title ?? "" },
    ancestors,
    setItems,
    highlights: specs.slice(0, 5),
    lead: { min: Number(row.lead_weeks_min), max: Number(row.lead_weeks_max) },
    variantId: null,
    variants,
    choices,
  };
  // without `v` the default variant is shown (decision 108, section 2); the route applies another
  const chosen = defaultVariant(variants);
  return chosen ? withVariant(page, chosen.id) : page;
}

/**
 * The model's published variants and its section's choice groups (decision 108, section 3): groups
 * only when there is more than one variant, values in the order the variants first have them.
 */
async function loadVariantChoice(
  db: Db,
  productId: number,
  sectionId: number,
  modelImages: ProductImage[],
  modelArticle: string,
): Promise<{ variants: VariantView[]; choices: ChoiceGroup[] }> {
  const all = (await loadModelVariants(db.kysely, [productId])).get(productId) ?? [];
  const published = all.filter((v) => v.published);
  const properties = published.length > 1 ? await variantPropertiesOf(db.kysely, sectionId) : [];
  const variants = published.map((v): VariantView => ({
    id: v.id,
    // a single variant without its own article shows the model's, as the page always did
    article: v.article || published.length > 1 ? articleOf(v.id, v.article) : modelArticle,
    price: v.price,
    oldPrice: v.oldPrice,
    stock: Math.max(0, v.stock),
    weight: v.weight,
    images: [...parseJsonList(v.images, isProductImage), ...modelImages],
    values: Object.fromEntries(
      properties.flatMap((p) => {
        const value = v.values.get(p.id);
        const text = value?.text ?? (value?.num == null ? "" : String(value.num).replace(".", ","));
        return text ? [[p.code, text]] : [];
      }),
    ),
  }));
  const swatches = properties.length
    ? await db.kysely
        .selectFrom("property_swatches")
        .select(["property_id", "value", "color", "image"])
        .where(
          "property_id",
          "in",
          properties.map((p) => p.id),
        )
        .execute()
    : [];
  const choices = properties
    .map((p): ChoiceGroup => {
      const values = [...new Set(variants.map((v) => v.values[p.code]).filter((x): x is string => !!x))];
      return {
        code: p.code,
        title: p.title,
        display: p.display,
        values: values.map((value) => {
          const swatch = swatches.find((s) => s.property_id === p.id && s.value === value);
          return { value, color: swatch?.color ?? "", image: swatch?.image ?? "" };
        }),
      };
    })
    .filter((g) => g.values.length > 0);
  return { variants, choices };
}

/** Whether the address belonged to a product that was deleted (it answers 410 Gone). */
export async function isDeletedProductSlug(db: Db, slug: string): Promise<boolean> {
  if (!SLUG_PATTERN.test(slug)) return false;
  return (await db.kysely.selectFrom("deleted_products").select("slug").where("slug", "=", slug).executeTakeFirst()) !== undefined;
}

/** Property values of a product, multi-values joined, in the properties' order. */
async function loadSpecRows(db: Db, productId: number): Promise<SpecRow[]> {
  const values = await db.kysely
    .selectFrom("product_values")
    .innerJoin("properties", "properties.id", "product_values.property_id")
    .select(["properties.title", "properties.unit", "product_values.value_text", "product_values.value_num"])
    .where("product_values.product_id", "=", productId)
    .orderBy("properties.sort")
    .orderBy("properties.id")
    .execute();
  const rows: SpecRow[] = [];
  for (const v of values) {
    const text = v.value_text ?? (v.value_num === null ? "" : `${String(Number(v.value_num)).replace(".", ",")}${v.unit ? `\u00A0${v.unit}` : ""}`);
    if (!text) continue;
    const same = rows.find((r) => r.title === v.title);
    if (same) same.value += `, ${text}`;
    else rows.push({ title: v.title, value: text });
  }
  return rows;
}

export async function loadTabContent(db: Db, product: ProductPageData, tab: ProductTabId, reviewQuery = DEFAULT_REVIEW_QUERY): Promise<TabContent> {
  switch (tab) {
    case "description":
      // cleaned on render too: a row written some other way (an import, an old save) is still safe
      return { tab, html: cleanRichText(descriptionHtml(product.description)) };
    case "specs": {
      const rows = await loadSpecRows(db, product.id);
      const extra: SpecRow[] = [{ title: "Артикул", value: product.article }];
      if (product.brand) extra.push({ title: "Бренд", value: product.brand });
      // the chosen variant's own values (decision 108, section 3)
      const chosen = product.variants.find((v) => v.id === product.variantId);
      for (const group of product.choices) if (chosen?.values[group.code]) extra.push({ title: group.title, value: chosen.values[group.code]! });
      return { tab, rows: [...extra, ...rows] };
    }
    case "reviews": {
      const byStars = await reviewStars(db, product.id);
      const list = await listReviews(db, product.id, reviewQuery, byStars);
      const reviewCount = byStars.reduce((a, b) => a + b, 0);
      return { tab, summary: { rating: product.rating, ratingCount: product.ratingCount, reviewCount, byStars }, list };
    }
    case "delivery": {
      const page = await db.kysely.selectFrom("pages").select("body").where("slug", "=", "delivery").executeTakeFirst();
      return { tab, html: cleanRichText(page?.body ?? "") };
    }
  }
}

/** Products of the same section at a similar price, in stock first. */
export async function listRelatedProducts(db: Db, product: ProductPageData, limit = 12): Promise<ProductCardData[]> {
  const rows = await db.kysely
    .selectFrom("products")
    .select("id")
    .where("section_id", "=", product.section.id)
    .where("id", "!=", product.id)
    .where("published", "=", 1)
    .orderBy(sql`case when stock > 0 then 0 else 1 end`)
    .orderBy(sql`abs(price - ${product.price})`)
    .orderBy("id")
    .limit(limit)
    .execute();
  return loadProductCards(
    db,
    rows.map((r) => r.id),
  );
}

/**
 * Every pickup point with how many units of the product it holds now. A variant's units are
 * spread over the points (variant_point_stock); orders take units off the variant's stock only,
 * so the points' figures are trimmed to the model's total, warehouse first (courier orders ship from there).
 * A set is at a point as many times as its scarcest item is (docs/decisions/068-…).
 */
export async function listPickupPoints(db: Db, product: ProductPageData): Promise<PickupPoint[]> {
  const rows = await db.kysely.selectFrom("contact_points").selectAll().orderBy("sort").orderBy("id").execute();
  const qty = new Map<number, number>();
  if (product.stock > 0) {
    const parts = product.kind === "set" ? product.setItems.filter((i) => !i.optional) : [{ id: product.id, qty: 1 }];
    const stock = parts.length
      ? await db.kysely
          .selectFrom("variant_point_stock")
          .innerJoin("product_variants", "product_variants.id", "variant_point_stock.variant_id")
          .select(["product_variants.product_id", "variant_point_stock.point_id", "variant_point_stock.qty"])
          .where(
            "product_variants.product_id",
            "in",
            parts.map((p) => p.id),
          )
          .where("product_variants.published", "=", 1)
          // a plain model's points are the chosen variant's (decision 108, section 3)
          .$if(product.kind !== "set" && product.variantId !== null, (q) => q.where("product_variants.id", "=", product.variantId!))
          .execute()
      : [];
    for (const point of rows) {
      const sets = parts.map((part) => Math.floor(Number(stock.find((s) => s.product_id === part.id && s.point_id === point.id)?.qty ?? 0) / part.qty));
      qty.set(Number(point.id), Math.min(...sets));
    }
    let excess = [...qty.values()].reduce((a, b) => a + b, 0) - product.stock;
    const trimOrder = [...rows].sort((a, b) => Number(b.kind === "warehouse") - Number(a.kind === "warehouse") || Number(b.sort) - Number(a.sort));
    for (const point of trimOrder) {
      if (excess <= 0) break;
      const have = qty.get(Number(point.id)) ?? 0;
      const cut = Math.min(have, excess);
      qty.set(Number(point.id), have - cut);
      excess -= cut;
    }
  }
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    qty: qty.get(Number(r.id)) ?? 0,
    title: r.title,
    city: r.city,
    address: r.address,
    hours: r.hours,
    phones: parseJsonList(r.phones, isNonEmptyString),
    emails: parseJsonList(r.emails, isNonEmptyString),
    lat: Number(r.lat),
    lon: Number(r.lon),
  }));
}
