import { describe, expect, it } from "vitest";
import { arrangeFilterGroups, facetFormRows, hiddenCodes, inheritedChoice, moveCode } from "./section-facets.ts";

describe("a section's filters", () => {
  it("without a choice keeps the usual panel order", () => {
    expect(arrangeFilterGroups(["price", "width"], ["color", "brand"], null).map((g) => g.code)).toEqual(["price", "brand", "color", "width"]);
  });

  it("offers exactly the shown codes in the chosen order, then codes the choice never mentioned", () => {
    const choice = [
      { code: "color", shown: true },
      { code: "price", shown: true },
      { code: "brand", shown: false },
    ];
    expect(arrangeFilterGroups(["price", "width"], ["color", "brand"], choice)).toEqual([
      { kind: "facet", code: "color" },
      { kind: "range", code: "price" },
      { kind: "range", code: "width" },
    ]);
    expect([...hiddenCodes(choice)]).toEqual(["brand"]);
    expect(hiddenCodes(null).size).toBe(0);
  });

  it("takes the nearest own choice up the chain of ancestors", () => {
    const parent = [{ code: "brand", shown: false }];
    const choices = new Map([[1, parent]]);
    expect(inheritedChoice([4, 2, 1], choices)).toEqual({ from: 1, choice: parent });
    expect(inheritedChoice([4, 2], choices)).toBeNull();
    const own = [{ code: "price", shown: true }];
    expect(inheritedChoice([2, 1], new Map([...choices, [2, own]]))).toEqual({ from: 2, choice: own });
  });

  it("lists the form's rows in the saved order, unmentioned options after them, shown", () => {
    const options = [
      { code: "price", title: "Цена" },
      { code: "brand", title: "Бренд" },
      { code: "color", title: "Цвет" },
    ];
    expect(facetFormRows(options, null).map((r) => [r.code, r.shown])).toEqual([
      ["price", true],
      ["brand", true],
      ["color", true],
    ]);
    const rows = facetFormRows(options, [
      { code: "color", shown: false },
      { code: "gone", shown: true },
      { code: "price", shown: true },
    ]);
    expect(rows.map((r) => [r.code, r.shown])).toEqual([
      ["color", false],
      ["price", true],
      ["brand", true],
    ]);
  });

  it("moves a code one place and leaves the ends alone", () => {
    expect(moveCode(["a", "b", "c"], "c", "up")).toEqual(["a", "c", "b"]);
    expect(moveCode(["a", "b", "c"], "a", "up")).toEqual(["a", "b", "c"]);
    expect(moveCode(["a", "b", "c"], "c", "down")).toEqual(["a", "b", "c"]);
    expect(moveCode(["a", "b"], "x", "down")).toEqual(["a", "b"]);
  });
});
