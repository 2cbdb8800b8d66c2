// Shapes the product page hands to the UI (no SQL here, safe to import anywhere).
import type { ProductImage, ProductKind } from "../db/schema.ts";
import type { RichHtml } from "../lib/rich-text.ts";

export interface SetItemView {
  id: number;
  slug: string;
  title: string;
  image: ProductImage | null;
  /** kopecks, one piece, the price inside the set */
  price: number;
  /** grams, one piece */
  weight: number;
  qty: number;
  optional: boolean;
}

export interface ProductPageData {
  id: number;
  kind: ProductKind;
  slug: string;
  title: string;
  description: string;
  brand: string;
  price: number;
  oldPrice: number | null;
  weight: number;
  stock: number;
  /** the shop's aggregate rating, 0..5 with one decimal, and how many ratings it is made of */
  rating: number;
  ratingCount: number;
  images: ProductImage[];
  /** video files or video-site links */
  videos: string[];
  setDiscount: number;
  section: { id: number; slug: string; title: string };
  /** the section's ancestors, top level first */
  ancestors: { slug: string; title: string }[];
  /** a set's items in the set's order; empty for plain products */
  setItems: SetItemView[];
  /** a few key properties for the price block */
  highlights: { title: string; value: string }[];
}

export interface SpecRow {
  title: string;
  value: string;
}

export interface ReviewView {
  id: number;
  name: string;
  rating: number;
  text: string;
  createdAt: number;
}

export interface ReviewsSummary {
  rating: number;
  ratingCount: number;
  reviewCount: number;
}

export interface PickupPoint {
  id: number;
  title: string;
  city: string;
  address: string;
  hours: string;
  phones: string[];
  emails: string[];
  lat: number;
  lon: number;
}

/** The content of one tab, as the page renders it and as the tab POST answers it. */
export type TabContent =
  | { tab: "description"; paragraphs: string[] }
  | { tab: "specs"; rows: SpecRow[] }
  | { tab: "reviews"; summary: ReviewsSummary; reviews: ReviewView[] }
  | { tab: "delivery"; html: RichHtml };
