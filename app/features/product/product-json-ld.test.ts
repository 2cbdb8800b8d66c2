import { describe, expect, it } from "vitest";
import { availabilityUrl, jsonForScript, productJsonLd } from "./product-json-ld.ts";

const input = {
  url: "https://shop.example/product/divan-1/",
  name: "Диван «Осло»",
  description: "Мягкий диван",
  sku: "000001",
  brand: "Nordhem",
  images: ["https://shop.example/media/products/x-960.webp"],
  price: 4_999_050,
  stock: 2,
  rating: 4.25,
  ratingCount: 10,
  reviewCount: 2,
  reviews: [{ name: "Анна", rating: 5, text: "Хорошо", createdAt: Date.UTC(2026, 10, 1) }],
  breadcrumbs: [
    { name: "Главная", url: "https://shop.example/" },
    { name: "Диван «Осло»", url: "https://shop.example/product/divan-1/" },
  ],
};

describe("productJsonLd", () => {
  it("describes the product, its offer, rating and breadcrumbs", () => {
    const [product, crumbs] = productJsonLd(input) as [Record<string, any>, Record<string, any>]; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(product["@type"]).toBe("Product");
    expect(product.offers).toMatchObject({ "@type": "Offer", price: "49990.50", priceCurrency: "RUB", availability: "https://schema.org/LimitedAvailability" });
    expect(product.aggregateRating).toMatchObject({ ratingValue: "4.3", ratingCount: 10, reviewCount: 2 });
    expect(product.review[0]).toMatchObject({ datePublished: "2026-11-01", reviewRating: { ratingValue: "5" } });
    expect(crumbs.itemListElement[1]).toEqual({ "@type": "ListItem", position: 2, name: "Диван «Осло»", item: input.url });
  });
  it("leaves out a rating nobody gave", () => {
    const [product] = productJsonLd({ ...input, ratingCount: 0, reviews: [], brand: "" }) as Record<string, unknown>[];
    expect(product).not.toHaveProperty("aggregateRating");
    expect(product).not.toHaveProperty("review");
    expect(product).not.toHaveProperty("brand");
  });
  it("maps stock to availability", () => {
    expect(availabilityUrl(0)).toBe("https://schema.org/BackOrder");
    expect(availabilityUrl(3)).toBe("https://schema.org/LimitedAvailability");
    expect(availabilityUrl(40)).toBe("https://schema.org/InStock");
  });
});

describe("jsonForScript", () => {
  it("cannot close the script element and still parses back", () => {
    const value = { text: "</script><script>alert(1)</script> <!-- & \u2028" };
    const out = jsonForScript(value);
    expect(out).not.toMatch(/<|>/);
    expect(JSON.parse(out)).toEqual(value);
  });
});
