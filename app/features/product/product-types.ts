// Shapes the product page hands to the UI (no SQL here, safe to import anywhere).
import type { ContactPointKind, ProductImage, ProductKind } from "../../db/schema.ts";
import type { ReviewQuery } from "../reviews/index.ts";
import type { RichHtml } from "../../lib/rich-text.ts";
import type { ChoiceGroup } from "./variant-choice.ts";

/** a published variant of the model as the page shows it once chosen (docs/decisions/108-product-variants.md, section 3) */
export interface VariantView {
  id: number;
  /** its own article, else its id in six digits */
  article: string;
  price: number;
  oldPrice: number | null;
  stock: number;
  weight: number;
  /** its own pictures, then the model's general ones */
  images: ProductImage[];
  /** its choice values by property code */
  values: Record<string, string>;
}

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
  /** hidden from the storefront (published = 0): only staff see the page, as a preview */
  hidden: boolean;
  kind: ProductKind;
  slug: string;
  title: string;
  description: string;
  brand: string;
  /** the article to show: the product's own, else its id in six digits (articleOf) */
  article: string;
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
  /** weeks it takes to arrive when out of stock («Под заказ, 4–6 недель») */
  lead: { min: number; max: number };
  /** the chosen variant, whose article, price, stock, weight and pictures the fields above show; null: none published (a preview) */
  variantId: number | null;
  /** the published variants in page order */
  variants: VariantView[];
  /** the choice groups; empty for a model with one variant (it looks as it always did) */
  choices: ChoiceGroup[];
}

export interface SpecRow {
  title: string;
  value: string;
}

export interface ReviewPhotoView {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface ReviewView {
  id: number;
  name: string;
  rating: number;
  text: string;
  pros: string;
  cons: string;
  photos: ReviewPhotoView[];
  helpful: number;
  createdAt: number;
}

export interface ReviewsSummary {
  rating: number;
  ratingCount: number;
  reviewCount: number;
  /** approved reviews per star, index 0 is one star */
  byStars: [number, number, number, number, number];
}

/** One page of the reviews list as the visitor asked for it (sort, star filter, page). */
export interface ReviewListView {
  query: ReviewQuery;
  items: ReviewView[];
  /** reviews matching the star filter */
  matching: number;
  pages: number;
}

export interface PickupPoint {
  id: number;
  kind: ContactPointKind;
  /** units of the product there now (0: «нет») */
  qty: number;
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
  | { tab: "description"; html: RichHtml }
  | { tab: "specs"; rows: SpecRow[] }
  | { tab: "reviews"; summary: ReviewsSummary; list: ReviewListView }
  | { tab: "delivery"; html: RichHtml };
