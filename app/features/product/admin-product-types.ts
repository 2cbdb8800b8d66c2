// Shapes the back office's product list hands to its pages (no server code here).
import type { SetFormValues } from "./admin-set-types.ts";
import type { ProductImage } from "../../db/schema.ts";

export interface AdminProductRow {
  id: number;
  title: string;
  slug: string;
  sectionTitle: string;
  kind: "product" | "set";
  price: number;
  oldPrice: number | null;
  stock: number;
  published: boolean;
  /** the product's own article; "" when none (the id stands in) */
  article: string;
  /** no weight given (0 g): lifting cannot be priced, the back office flags it (decision 099) */
  noWeight: boolean;
}

export interface AdminProductList {
  total: number;
  page: number;
  pages: number;
  rows: AdminProductRow[];
}

export interface SectionOption {
  id: number;
  /** indented by depth with «— » so a plain <select> shows the tree */
  label: string;
}

/** What the form shows for one product (or a new one: id 0, version 0). */
export interface ProductFormValues {
  id: number;
  version: number;
  title: string;
  slug: string;
  sectionId: number;
  brand: string;
  /** the product's own article; "" when none */
  article: string;
  price: string;
  oldPrice: string;
  stock: string;
  /** «Срок поставки под заказ», weeks from–to as typed */
  leadMin: string;
  leadMax: string;
  weight: string;
  published: boolean;
  description: string;
  videos: string;
  /** in order, the first is the main one */
  images: ProductImage[];
  properties: Record<string, string[]>;
  /** a set: its items and discount instead of a typed price, old price and weight */
  set?: SetFormValues;
}
