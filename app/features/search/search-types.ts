// What the search hands to the UI (no SQL here, safe to import anywhere).
import type { ListingQuery, ListingView } from "../catalog/index.ts";

export interface ProductSuggestion {
  title: string;
  href: string;
  /** formatted, «45 990 ₽» */
  price: string;
  /** the section the product is in */
  section: string;
  /** a small picture of the product, or null when it has none */
  thumbnail: string | null;
}

export interface Suggestions {
  /** «Возможно, вы искали …»: the corrected query and its results page, when the words were corrected */
  correction: { text: string; href: string } | null;
  sections: { title: string; href: string }[];
  products: ProductSuggestion[];
}

/** The search page's data: the listing for `query.q` and what the correction found. */
export interface SearchListing {
  query: ListingQuery;
  listing: ListingView;
  /** «Возможно, вы искали …»: the query with typos and the keyboard layout corrected */
  suggestion: string | null;
  /** the listing is for the suggestion, since the visitor's words found nothing */
  corrected: boolean;
}
