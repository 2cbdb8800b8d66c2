import { describe, expect, it } from "vitest";
import { etagMatches } from "./etag.ts";

describe("etagMatches", () => {
  it("matches the same tag, in a list, weak or strong, and *", () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
  });
  it("does not match another tag or no header", () => {
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(null, '"abc"')).toBe(false);
    expect(etagMatches("", '"abc"')).toBe(false);
  });
});
