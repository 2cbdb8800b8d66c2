import { describe, expect, it } from "vitest";
import { parseReviewQuery, reviewQueryString } from "./review-query.ts";

describe("review list query", () => {
  it("reads sort, stars and page", () => {
    expect(parseReviewQuery(new URLSearchParams("sort=low&stars=2&page=3"))).toEqual({ sort: "low", stars: 2, page: 3 });
  });
  it("falls back to the defaults on anything odd", () => {
    for (const q of ["sort=__proto__&stars=6&page=-1", "stars=0&page=abc", "stars=1.5&page=1e9", "page=999999999", "sort[]=x&stars[]=5"]) {
      expect(parseReviewQuery(new URLSearchParams(q)), q).toEqual({ sort: "new", stars: null, page: 1 });
    }
    // a number of pages is read as asked (the list shows its last page when there are fewer); beyond 100 000 it is junk
    expect(parseReviewQuery(new URLSearchParams("page=99999")).page).toBe(99_999);
    expect(parseReviewQuery(new URLSearchParams("page=100001")).page).toBe(1);
  });
  it("writes only what differs from the defaults", () => {
    expect(reviewQueryString({ sort: "new", stars: null, page: 1 })).toBe("");
    expect(reviewQueryString({ sort: "helpful", stars: 5, page: 2 })).toBe("?sort=helpful&stars=5&page=2");
  });
});
