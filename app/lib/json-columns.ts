// Lists kept as JSON text in a column (product images and videos, showroom phones): parsed
// defensively, since a hand-edited or half-migrated row must never break a page.
import type { ProductImage } from "../db/schema.ts";

export function parseJsonList<T>(json: string, keep: (v: unknown) => v is T): T[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter(keep) : [];
  } catch {
    return [];
  }
}

export const isProductImage = (v: unknown): v is ProductImage =>
  typeof v === "object" && v !== null && typeof (v as ProductImage).src === "string" && (v as ProductImage).src.startsWith("/");

export const isNonEmptyString = (v: unknown): v is string => typeof v === "string" && v.length > 0;

/** The card picture: the first usable image of a product's `images` column. */
export function firstProductImage(json: string): ProductImage | null {
  return parseJsonList(json, isProductImage)[0] ?? null;
}
