import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isInteger, isProductImage, JsonColumnError, parseJsonList, readJsonColumn } from "./json-columns.ts";

const State = z.object({ phase: z.enum(["stage", "apply"]), applied: z.int(), errors: z.array(z.string()) });

describe("readJsonColumn", () => {
  it("gives a good row's value", () => {
    const good = JSON.stringify({ phase: "apply", applied: 3, errors: ["нет цены"] });
    expect(readJsonColumn(good, State, "exchange_imports.state")).toEqual({ phase: "apply", applied: 3, errors: ["нет цены"] });
    expect(readJsonColumn(good, State, { fallback: null })).toEqual({ phase: "apply", applied: 3, errors: ["нет цены"] });
  });

  it("names the column when a row of the system's own state is not JSON", () => {
    expect(() => readJsonColumn('{"phase": "apply", "appl', State, "exchange_imports.state of session 1a2b")).toThrow(
      new JsonColumnError("exchange_imports.state of session 1a2b is not JSON"),
    );
  });

  it("names the column and the place when such a row has the wrong shape, without the row's content", () => {
    const wrong = JSON.stringify({ phase: "apply", applied: 3, errors: ["Иванов, +7 916 123-45-67", 5] });
    let thrown: unknown;
    try {
      readJsonColumn(wrong, State, "exchange_imports.state");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(JsonColumnError);
    expect((thrown as Error).message).toMatch(/^exchange_imports\.state does not hold what the code wrote there at errors\.1: /);
    expect((thrown as Error).message).not.toContain("Иванов");
  });

  it("gives the fallback for a bad row of data a page shows", () => {
    expect(readJsonColumn("not json", State, { fallback: null })).toBeNull();
    expect(readJsonColumn('{"phase": "done"}', State, { fallback: null })).toBeNull();
    expect(readJsonColumn("null", z.record(z.string(), z.string()), { fallback: {} })).toEqual({});
  });
});

describe("parseJsonList", () => {
  it("keeps the items that pass the guard", () => {
    expect(parseJsonList("[3, 1.5, 7]", isInteger)).toEqual([3, 7]);
    expect(parseJsonList('[{"src": "/media/a"}, {"src": "http://x"}]', isProductImage)).toEqual([{ src: "/media/a" }]);
  });

  it("gives an empty list for bad JSON or something other than a list", () => {
    expect(parseJsonList("[1, 2", isInteger)).toEqual([]);
    expect(parseJsonList('{"0": 1}', isInteger)).toEqual([]);
  });
});
