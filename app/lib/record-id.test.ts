import { describe, expect, it } from "vitest";
import { parseId, parseRecordId } from "./record-id.ts";

describe("parseRecordId", () => {
  it("takes positive whole numbers only", () => {
    expect(parseRecordId("42")).toBe(42);
    for (const bad of ["0", "-1", "1.5", "1e3", "abc", "", "1234567890", undefined, null, 7]) expect(parseRecordId(bad)).toBeNull();
  });
});

describe("parseId", () => {
  it("takes a positive JSON integer or a string of digits, nothing else", () => {
    expect(parseId(42)).toBe(42);
    expect(parseId("42")).toBe(42);
    for (const bad of [0, -1, 1.5, "0x10", "1e1", "", " 1", true, null, undefined, Number.MAX_SAFE_INTEGER + 1, "1234567890123456"])
      expect(parseId(bad)).toBeNull();
  });
});
