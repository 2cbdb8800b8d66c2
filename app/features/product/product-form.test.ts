import { describe, expect, it } from "vitest";
import { parseProductForm, parseRoubles, roublesField } from "./product-form.ts";

const form = (values: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) for (const one of [v].flat()) f.append(k, one);
  return f;
};

describe("roubles typed in the form", () => {
  it("reads amounts as people write them", () => {
    expect(parseRoubles("12 990,50")).toBe(1_299_050);
    expect(parseRoubles("12990.5 ₽")).toBe(1_299_050);
    expect(parseRoubles("12\u00a0990")).toBe(1_299_000);
    expect(parseRoubles("-1")).toBe(-100);
    expect(parseRoubles("12,999")).toBeNull();
    expect(parseRoubles("дорого")).toBeNull();
  });

  it("shows kopecks back the same way", () => {
    expect(roublesField(1_299_050)).toBe("12990,50");
    expect(roublesField(1_299_000)).toBe("12990");
    expect(roublesField(null)).toBe("");
  });
});

describe("the product form", () => {
  const good = { title: "Диван Честер", sectionId: "3", price: "12 990,50", oldPrice: "15 990", stock: "4", weight: "42,5", published: "on", version: "0" };

  it("makes the slug from the title with the seed's transliteration", () => {
    const parsed = parseProductForm(form(good));
    expect(parsed).toMatchObject({
      ok: true,
      input: { slug: "divan-chester", price: 1_299_050, oldPrice: 1_599_000, stock: 4, weight: 42_500, published: true },
    });
  });

  it("refuses negative numbers and an old price below the price, each under its field", () => {
    const parsed = parseProductForm(form({ ...good, price: "-5", stock: "-1" }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(Object.keys(parsed.errors).sort()).toEqual(["price", "stock"]);
    const cheaper = parseProductForm(form({ ...good, oldPrice: "100" }));
    expect(!cheaper.ok && cheaper.errors.oldPrice).toBe("Старая цена не может быть ниже цены.");
  });

  it("accepts only video-site links and collects properties by code", () => {
    const bad = parseProductForm(form({ ...good, videos: "https://example.com/v.mp4" }));
    expect(!bad.ok && bad.errors.videos).toBeTruthy();
    const ok = parseProductForm(form({ ...good, videos: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "prop.material": ["Дуб", "Ткань"] }));
    expect(ok).toMatchObject({ ok: true, input: { properties: { material: ["Дуб", "Ткань"] }, videos: ["https://www.youtube.com/watch?v=dQw4w9WgXcQ"] } });
  });
});

describe("parseProductForm for a set", () => {
  it("needs no typed price or weight and carries the composition", () => {
    const f = new FormData();
    for (const [k, v] of [
      ["kind", "set"],
      ["title", "Комплект Осло"],
      ["sectionId", "3"],
      ["price", "не число"],
      ["setItem", "5"],
      ["setItem", "6"],
      ["setOptional.6", "on"],
      ["setDiscount", "10"],
    ])
      f.append(k!, v!);
    const parsed = parseProductForm(f);
    expect(parsed.ok && parsed.input.set).toEqual({
      discount: 10,
      items: [
        { id: 5, qty: 1, optional: false },
        { id: 6, qty: 1, optional: true },
      ],
    });
  });
});
