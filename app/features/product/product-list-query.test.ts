import { describe, expect, it } from "vitest";
import { classifyProductSearch, parseBulkForm, parseProductListQuery, productListParams, scalePrice } from "./product-list-query.ts";

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("product list query", () => {
  it("reads known filters and drops the rest", () => {
    const f = parseProductListQuery(new URLSearchParams("q=+диван+&section=3&status=hidden&stock=low&sort=price_asc&page=2"));
    expect(f).toEqual({ q: "диван", section: 3, status: "hidden", stock: "low", sort: "price_asc", page: 2 });
    expect(parseProductListQuery(new URLSearchParams("section=-1&status=x&stock=y&sort=z&page=0"))).toEqual({
      q: "",
      section: null,
      status: null,
      stock: null,
      sort: "new",
      page: 1,
    });
  });

  it("writes back only what differs from the defaults", () => {
    const f = parseProductListQuery(new URLSearchParams("stock=none&sort=title"));
    expect(productListParams(f, { page: 3 }).toString()).toBe("stock=none&sort=title&page=3");
  });

  it("searches an article as an id and a title in the spellings people type", () => {
    expect(classifyProductSearch("000123")).toEqual({ kind: "text", id: 123, article: "000123", words: [{ folded: "000123", spellings: ["000123"] }] });
    expect(classifyProductSearch(" KM-101 ")).toMatchObject({ kind: "text", id: null, article: "KM-101" });
    expect(classifyProductSearch("Диван Честер")).toMatchObject({ article: null });
    const s = classifyProductSearch("ДИВАН  Ёлка");
    expect(s.kind === "text" && s.words).toEqual([
      { folded: "диван", spellings: ["ДИВАН", "диван", "Диван"] },
      { folded: "елка", spellings: ["Ёлка", "ёлка", "Елка", "елка"] },
    ]);
    expect(classifyProductSearch(" %_ ")).toEqual({ kind: "none" });
  });
});

describe("bulk actions", () => {
  it("needs checked rows and a known action", () => {
    expect(parseBulkForm(form([["action", "publish"]]))).toMatchObject({ ok: false, field: "ids" });
    expect(
      parseBulkForm(
        form([
          ["ids", "1"],
          ["action", "burn"],
        ]),
      ),
    ).toMatchObject({ ok: false, field: "action" });
    expect(
      parseBulkForm(
        form([
          ["ids", "1"],
          ["ids", "1"],
          ["ids", "2"],
          ["action", "hide"],
        ]),
      ),
    ).toEqual({ ok: true, command: { action: "hide", ids: [1, 2] } });
  });

  it("reads a percentage typed with a comma, a plus or a minus sign", () => {
    expect(
      parseBulkForm(
        form([
          ["ids", "5"],
          ["action", "price"],
          ["percent", "−7,5"],
        ]),
      ),
    ).toEqual({ ok: true, command: { action: "price", ids: [5], percent: -7.5 } });
    expect(
      parseBulkForm(
        form([
          ["ids", "5"],
          ["action", "price"],
          ["percent", "+10 %"],
        ]),
      ),
    ).toMatchObject({ ok: true, command: { percent: 10 } });
    expect(
      parseBulkForm(
        form([
          ["ids", "5"],
          ["action", "price"],
          ["percent", "-95"],
        ]),
      ),
    ).toMatchObject({ ok: false, field: "percent" });
    expect(
      parseBulkForm(
        form([
          ["ids", "5"],
          ["action", "move"],
        ]),
      ),
    ).toMatchObject({ ok: false, field: "sectionId" });
  });

  it("rounds a changed price to the kopeck and keeps the old price above it", () => {
    expect(scalePrice(1_299_050, 1_599_000, 10)).toEqual({ price: 1_428_955, oldPrice: 1_758_900 });
    expect(scalePrice(333, null, -10)).toEqual({ price: 300, oldPrice: null });
    expect(scalePrice(1000, 1000, 5)).toEqual({ price: 1050, oldPrice: null });
  });
});
