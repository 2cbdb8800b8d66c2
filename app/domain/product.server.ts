// The product page: one product or set with its section path, set items, specifications,
// related products and the pickup points that have it. Tab contents come from here too, for the
// server render and for the tab POST alike.
import { sql } from "kysely";
import type { Db } from "../db/database.server.ts";
import { descriptionParagraphs, type ProductTabId } from "../lib/product-tabs.ts";
import type { ProductCardData } from "./catalog-types.ts";
import { loadProductCards } from "./listing.server.ts";
import { firstProductImage, isNonEmptyString, isProductImage, parseJsonList } from "../lib/json-columns.ts";
import type { PickupPoint, ProductPageData, SpecRow, TabContent } from "./product-types.ts";
import { listApprovedReviews } from "./reviews.server.ts";
import { cleanRichText } from "./rich-text.server.ts";

export const SLUG_PATTERN = /^[a-z0-9-]{1,160}$/;

export async function findProductPage(db: Db, slug: string): Promise<ProductPageData | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const row = await db.kysely.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!row) return null;

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
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    description: row.description,
    brand: row.brand,
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
  };
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

export async function loadTabContent(db: Db, product: ProductPageData, tab: ProductTabId): Promise<TabContent> {
  switch (tab) {
    case "description":
      return { tab, paragraphs: descriptionParagraphs(product.description) };
    case "specs": {
      const rows = await loadSpecRows(db, product.id);
      const extra: SpecRow[] = [{ title: "Артикул", value: String(product.id).padStart(6, "0") }];
      if (product.brand) extra.push({ title: "Бренд", value: product.brand });
      return { tab, rows: [...extra, ...rows] };
    }
    case "reviews": {
      const reviews = await listApprovedReviews(db, product.id);
      return { tab, summary: { rating: product.rating, ratingCount: product.ratingCount, reviewCount: reviews.total }, reviews: reviews.items };
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
 * Pickup points that have the product. Stock is kept per shop, not per point, so an item in
 * stock can be collected at every point and one made to order at none until it arrives
 * (docs/decisions/031-product-page-data.md).
 */
export async function listPickupPoints(db: Db, product: ProductPageData): Promise<PickupPoint[]> {
  if (product.stock <= 0) return [];
  const rows = await db.kysely.selectFrom("contact_points").selectAll().orderBy("sort").orderBy("id").execute();
  return rows.map((r) => ({
    id: Number(r.id),
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
