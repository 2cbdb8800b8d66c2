// Shapes the catalogue domain hands to the UI (no SQL here, safe to import anywhere).
import type { ProductImage, ProductKind } from "../db/schema.ts";

export interface SectionNode {
  id: number;
  slug: string;
  title: string;
  children: SectionNode[];
}

export interface ProductCardData {
  id: number;
  kind: ProductKind;
  slug: string;
  title: string;
  price: number;
  oldPrice: number | null;
  stock: number;
  rating: number;
  image: ProductImage | null;
}
