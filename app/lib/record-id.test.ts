import { describe, expect, it } from "vitest";
import { parseRecordId } from "./record-id.ts";

describe("parseRecordId", () => {
  it("takes positive whole numbers only", () => {
    expect(parseRecordId("42")).toBe(42);
    for (const bad of ["0", "-1", "1.5", "1e3", "abc", "", "1234567890", undefined, null, 7]) expect(parseRecordId(bad)).toBeNull();
  });
});
