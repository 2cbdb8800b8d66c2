import { describe, expect, it } from "vitest";
import { fillShopFacts, hasShopFactTokens, inCities, joinWithAnd, shopFigures, shopJsonLd, yearsWorking, type ShopCounts } from "./shop-facts.ts";
import { SITE } from "./site.ts";

const COUNTS: ShopCounts = { products: 342, showrooms: 4, cities: ["Москва", "Санкт-Петербург", "Казань", "Екатеринбург"] };
const NOV_2026 = Date.UTC(2026, 10, 24, 12);

describe("shop facts", () => {
  it("says the number of cities in the prepositional plural", () => {
    expect(inCities(1)).toBe("в 1\u00A0городе");
    expect(inCities(3)).toBe("в 3\u00A0городах");
    expect(inCities(4)).toBe("в 4\u00A0городах");
    expect(inCities(21)).toBe("в 21\u00A0городе");
  });

  it("joins a list the Russian way", () => {
    expect(joinWithAnd([])).toBe("");
    expect(joinWithAnd(["Москва"])).toBe("Москва");
    expect(joinWithAnd(["Москва", "Казань"])).toBe("Москва и Казань");
    expect(joinWithAnd(["Москва", "Казань", "Тверь"])).toBe("Москва, Казань и Тверь");
  });

  it("counts the years in Moscow time", () => {
    expect(yearsWorking(NOV_2026)).toBe(2026 - SITE.foundedYear);
    // 31 December, 22:00 UTC is already the new year in Moscow
    expect(yearsWorking(Date.UTC(2026, 11, 31, 22))).toBe(2027 - SITE.foundedYear);
  });

  it("fills the tokens of a page and leaves unknown ones visible", () => {
    const html = "<p>Шоурумы {{showroomCityCount}} ({{showroomCityList}}), {{ hours }}, {{phone}}. В каталоге {{productCount}}. {{nope}}</p>";
    expect(hasShopFactTokens(html)).toBe(true);
    expect(hasShopFactTokens("<p>без фактов</p>")).toBe(false);
    const filled = fillShopFacts(html, COUNTS, NOV_2026);
    expect(filled).toContain("Шоурумы в 4\u00A0городах (Москва, Санкт-Петербург, Казань и Екатеринбург)");
    expect(filled).toContain(`ежедневно с ${SITE.opens} до ${SITE.closes}`);
    expect(filled).toContain(`<a href="${SITE.phoneHref}">${SITE.phone}</a>`);
    expect(filled).toContain("В каталоге 342\u00A0товара.");
    expect(filled).toContain("{{nope}}");
  });

  it("builds the figures from the counts, with plurals", () => {
    const figures = fillShopFacts("{{figures}}", COUNTS, NOV_2026);
    expect(figures).toContain('<span data-counter="342">342</span> товара в каталоге');
    expect(figures).toContain(`<span data-counter="12">12</span> лет работаем для вас`);
    expect(shopFigures({ ...COUNTS, products: 1 }, NOV_2026)[2]).toEqual({ value: 1, label: "товар в каталоге" });
  });

  it("escapes what it puts into HTML", () => {
    expect(fillShopFacts("{{showroomCityList}}", { ...COUNTS, cities: ["<b>Тверь</b>"] }, NOV_2026)).toBe("&lt;b&gt;Тверь&lt;/b&gt;");
  });

  it("describes the shop for schema.org with the same phone and hours", () => {
    const ld = shopJsonLd("https://shop.example", COUNTS) as Record<string, unknown>;
    expect(ld).toMatchObject({ "@type": "FurnitureStore", telephone: "+74951234567", openingHours: `Mo-Su ${SITE.opens}-${SITE.closes}` });
    expect(ld.areaServed).toHaveLength(4);
  });
});
