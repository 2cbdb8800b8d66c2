import { describe, expect, it } from "vitest";
import { pushViewed, readViewed, VIEWED_MAX, viewedSetCookie } from "./viewed-cookie.ts";

describe("recently viewed cookie", () => {
  it("reads ids and drops junk", () => {
    expect(readViewed("a=1; viewed=5.3.x.3.0.99999999999.7; b=2")).toEqual([5, 3, 7]);
    expect(readViewed("viewed=%E0%A4%A")).toEqual([]);
    expect(readViewed(null)).toEqual([]);
    expect(readViewed("otherviewed=1")).toEqual([]);
  });
  it("keeps the newest first, unique and bounded", () => {
    let ids: number[] = [];
    for (let i = 1; i <= 20; i++) ids = pushViewed(ids, i);
    expect(ids).toHaveLength(VIEWED_MAX);
    expect(ids[0]).toBe(20);
    expect(pushViewed([3, 2, 1], 1)).toEqual([1, 3, 2]);
    const header = viewedSetCookie([1, 3, 2], true);
    expect(header).toMatch(/^viewed=1\.3\.2; /);
    expect(
      new Set(
        header
          .split("; ")
          .slice(1)
          .map((p) => p.replace(/=\d+$/, "=N")),
      ),
    ).toEqual(new Set(["Path=/", "Max-Age=N", "SameSite=Lax", "HttpOnly", "Secure"]));
    expect(readViewed(header.split(";")[0]!)).toEqual([1, 3, 2]);
  });
});
