import type { ProductImage, ProductKind } from "../../db/schema.ts";

export interface ComparedProduct {
  id: number;
  slug: string;
  title: string;
  kind: ProductKind;
  price: number;
  oldPrice: number | null;
  stock: number;
  /** weeks to arrive when out of stock («Под заказ, 4–6 недель») */
  lead: { min: number; max: number };
  rating: number;
  ratingCount: number;
  image: ProductImage | null;
}

export interface ComparisonTable {
  sectionTitle: string;
  products: ComparedProduct[];
  /** one row per property; values in product order */
  rows: { title: string; values: string[] }[];
}

/** A row differs when its values are not all the same («Только различия» keeps these). */
export const differs = (values: readonly string[]) => new Set(values).size > 1;
