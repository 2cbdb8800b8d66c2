// schema.org markup for a product page: Product with its Offer (price in roubles, RUB,
// availability), AggregateRating when there are ratings, and the BreadcrumbList.
export interface JsonLdProductInput {
  url: string;
  name: string;
  description: string;
  sku: string;
  brand: string;
  images: string[];
  /** kopecks */
  price: number;
  stock: number;
  rating: number;
  ratingCount: number;
  reviewCount: number;
  reviews: { name: string; rating: number; text: string; createdAt: number }[];
  breadcrumbs: { name: string; url: string }[];
}

const SCHEMA = "https://schema.org";

/** In stock, a few left, or made to order (the cart's «В наличии», «Мало», «Под заказ»). */
export function availabilityUrl(stock: number): string {
  if (stock <= 0) return `${SCHEMA}/BackOrder`;
  if (stock <= 3) return `${SCHEMA}/LimitedAvailability`;
  return `${SCHEMA}/InStock`;
}

export function productJsonLd(p: JsonLdProductInput): object[] {
  const product: Record<string, unknown> = {
    "@context": SCHEMA,
    "@type": "Product",
    "@id": `${p.url}#product`,
    name: p.name,
    description: p.description,
    sku: p.sku,
    url: p.url,
    image: p.images,
    offers: {
      "@type": "Offer",
      url: p.url,
      price: (p.price / 100).toFixed(2),
      priceCurrency: "RUB",
      availability: availabilityUrl(p.stock),
      itemCondition: `${SCHEMA}/NewCondition`,
    },
  };
  if (p.brand) product.brand = { "@type": "Brand", name: p.brand };
  if (p.ratingCount > 0 && p.rating > 0) {
    product.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: p.rating.toFixed(1),
      bestRating: "5",
      worstRating: "1",
      ratingCount: p.ratingCount,
      ...(p.reviewCount > 0 ? { reviewCount: p.reviewCount } : {}),
    };
  }
  if (p.reviews.length) {
    product.review = p.reviews.map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.name },
      datePublished: new Date(r.createdAt).toISOString().slice(0, 10),
      reviewBody: r.text,
      reviewRating: { "@type": "Rating", ratingValue: String(r.rating), bestRating: "5", worstRating: "1" },
    }));
  }
  const breadcrumbs = {
    "@context": SCHEMA,
    "@type": "BreadcrumbList",
    itemListElement: p.breadcrumbs.map((b, i) => ({ "@type": "ListItem", position: i + 1, name: b.name, item: b.url })),
  };
  return [product, breadcrumbs];
}

/** JSON for an inline script: `<`, `>` and `&` escaped so the text can never close the script or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
