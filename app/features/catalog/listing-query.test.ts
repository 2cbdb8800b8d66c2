import { describe, expect, it } from "vitest";
import { buildListingSearch, MAX_SHOWN_ITEMS, parseListingQuery, type KnownFilters } from "./listing-query.ts";

const known: KnownFilters = { facets: new Set(["color", "material"]), ranges: new Set(["price", "width"]) };
const parse = (s: string) => parseListingQuery(new URLSearchParams(s), known);

describe("listing URL", () => {
  it("round-trips a full state", () => {
    const search =
      "?color=%D0%A1%D0%B5%D1%80%D1%8B%D0%B9&color=%D0%91%D0%B5%D0%B6%D0%B5%D0%B2%D1%8B%D0%B9&material=%D0%94%D1%83%D0%B1&price%5Bmin%5D=1000&price%5Bmax%5D=50000&direction=price_asc&num=48&view=list&page=3";
    const q = parse(search);
    expect(q.facets).toEqual({ color: ["Серый", "Бежевый"], material: ["Дуб"] });
    expect(q.ranges).toEqual({ price: { min: 1000, max: 50000 } });
    expect(q).toMatchObject({ direction: "price_asc", num: 48, view: "list", page: 3 });
    expect(buildListingSearch(q)).toBe(search);
    expect(parse(buildListingSearch(q).slice(1))).toEqual(q);
  });

  it("leaves defaults out of the URL", () => {
    expect(buildListingSearch(parse(""))).toBe("");
    expect(buildListingSearch(parse("direction=popular&num=24&view=grid&page=1"))).toBe("");
  });

  it("ignores, clamps or swaps bad input", () => {
    const q = parse("page=-1&num=100000&direction=__proto__&price[min]=abc&width[min]=1,5&width[max]=0.5&unknown=1&view=<script>");
    expect(q.page).toBe(1);
    expect(q.num).toBe(24);
    expect(q.direction).toBe("popular");
    expect(q.view).toBe("grid");
    expect(q.ranges.price).toBeUndefined();
    expect(q.ranges.width).toEqual({ min: 0.5, max: 1.5 });
    expect(q.facets).toEqual({});
    expect(parse("page=1e309").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=99999999").page).toBe(10000);
    expect(parse("direction=constructor").direction).toBe("popular");
  });

  it("keeps at most 50 distinct values per facet and bounded text", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `color=v${i % 200}`).join("&");
    expect(parse(many).facets.color).toHaveLength(50);
    expect(parse("color=" + "я".repeat(500)).facets.color).toBeUndefined();
    expect(parse("q=" + "д".repeat(10_000)).q).toHaveLength(200);
  });

  it("keeps the pages «Показать ещё» loaded: from … page", () => {
    const q = parse("page=3&from=1");
    expect(q).toMatchObject({ page: 3, from: 1 });
    expect(buildListingSearch(q)).toBe("?page=3&from=1");
    expect(parse("page=3").from).toBe(3);
    expect(buildListingSearch(parse("page=3&from=3"))).toBe("?page=3");
  });

  it("ignores a hostile `from` and never shows more than MAX_SHOWN_ITEMS products", () => {
    for (const bad of ["abc", "-1", "0", "2.5", "1e309", "4", "99"]) expect(parse(`page=3&from=${bad}`).from, bad).toBe(3);
    expect(parse("from=1").from).toBe(1);
    const wide = parse("page=10000&from=1&num=12");
    expect((wide.page - wide.from + 1) * wide.num).toBe(MAX_SHOWN_ITEMS);
    const q48 = parse("page=50&from=1&num=48");
    expect((q48.page - q48.from + 1) * 48).toBeLessThanOrEqual(MAX_SHOWN_ITEMS);
  });

  it("orders a search by relevance unless another order is chosen, and keeps that choice in the URL", () => {
    expect(parse("q=диван").direction).toBe("relevance");
    expect(buildListingSearch(parse("q=диван&direction=relevance"))).toBe("?q=%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD");
    const popular = parse("q=диван&direction=popular");
    expect(popular.direction).toBe("popular");
    expect(parse(buildListingSearch(popular).slice(1)).direction).toBe("popular");
    // relevance means nothing without a query
    expect(parse("direction=relevance").direction).toBe("popular");
  });

  it("cleans the search text of control characters", () => {
    expect(parse("q=%00%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD%07").q).toBe("диван");
    expect(parse("q=%20%09").q).toBe("");
  });
});
