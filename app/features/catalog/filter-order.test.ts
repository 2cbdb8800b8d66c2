import { describe, expect, it } from "vitest";
import { orderFilterGroups } from "./filter-order.ts";

describe("filter panel order", () => {
  it("puts price, brand, colour and material first and the sizes after them", () => {
    const order = orderFilterGroups(["price", "width", "depth", "height", "seats"], ["brand", "color", "material", "style", "country", "mechanism"]).map(
      (g) => g.code,
    );
    expect(order).toEqual(["price", "brand", "color", "material", "style", "seats", "mechanism", "width", "depth", "height", "country"]);
  });

  it("keeps unknown properties after the known ones, in their own order", () => {
    const order = orderFilterGroups(["volume", "price"], ["legs", "color"]);
    expect(order).toEqual([
      { kind: "range", code: "price" },
      { kind: "facet", code: "color" },
      { kind: "range", code: "volume" },
      { kind: "facet", code: "legs" },
    ]);
  });
});
