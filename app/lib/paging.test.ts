import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageWindow, readPageNumber } from "./paging.ts";

describe("readPageNumber", () => {
  it("reads a page number from the address", () => {
    expect(readPageNumber("3")).toBe(3);
    expect(readPageNumber(String(MAX_PAGE))).toBe(MAX_PAGE);
  });

  it("reads anything else as the first page", () => {
    for (const raw of [null, undefined, "", "0", "-2", "1.5", "2e3", "abc", " 2", String(MAX_PAGE + 1), "99999999999"]) expect(readPageNumber(raw)).toBe(1);
  });
});

describe("pageWindow", () => {
  it("gives the rows of the asked page", () => {
    expect(pageWindow(120, 2, 50)).toEqual({ page: 2, pages: 3, limit: 50, offset: 50 });
    expect(pageWindow(120, 3, 50)).toEqual({ page: 3, pages: 3, limit: 50, offset: 100 });
  });

  it("shows the last page for a page beyond the end, and one empty page for an empty list", () => {
    expect(pageWindow(120, 9, 50)).toEqual({ page: 3, pages: 3, limit: 50, offset: 100 });
    expect(pageWindow(0, 4, 50)).toEqual({ page: 1, pages: 1, limit: 50, offset: 0 });
    expect(pageWindow(10, 0, 50).page).toBe(1);
  });
});
