// Shapes the catalogue domain hands to the UI (no SQL here, safe to import anywhere).
import type { ProductImage, ProductKind } from "../../db/schema.ts";
import type { FilterGroupKey } from "./filter-order.ts";

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
  /** how many reviews the rating is made of */
  ratingCount: number;
  /** weeks to arrive when out of stock («Под заказ, 4–6 недель») */
  lead: { min: number; max: number };
  image: ProductImage | null;
  /** shown in list view: «Цвет: серый», … */
  properties?: { title: string; value: string }[];
}

export interface FacetValueView {
  value: string;
  count: number;
  checked: boolean;
  /** no results with it under the other filters (and not checked) */
  disabled: boolean;
}

export interface FacetView {
  code: string;
  title: string;
  values: FacetValueView[];
}

export interface RangeView {
  code: string;
  title: string;
  unit: string;
  step: number;
  /** bounds of the products that match every other filter */
  min: number;
  max: number;
  /** the visitor's choice, clamped to the bounds; undefined when not set */
  from?: number;
  to?: number;
}

export interface ListingView {
  items: ProductCardData[];
  total: number;
  page: number;
  pageCount: number;
  isEnd: boolean;
  facets: FacetView[];
  ranges: RangeView[];
  /** the filter panel's order when the section chose one (decision 079); else the usual order */
  filterOrder?: FilterGroupKey[];
}

/** A property as the product form offers it: the values used anywhere in the catalogue. */
export interface PropertyField {
  code: string;
  title: string;
  kind: "enum" | "multi" | "number";
  unit: string;
  /** the values offered (enum, multi); empty for numbers */
  options: string[];
}
