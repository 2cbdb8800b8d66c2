import { describe, expect, it } from "vitest";
import { safeBackPath } from "./safe-back-path.ts";

describe("safeBackPath", () => {
  it("keeps a local path with its query", () => {
    expect(safeBackPath("/catalog/divany/?page=2")).toBe("/catalog/divany/?page=2");
  });
  it("refuses other hosts and protocol-relative tricks", () => {
    expect(safeBackPath("https://evil.example/")).toBe("/");
    expect(safeBackPath("//evil.example/")).toBe("/");
    expect(safeBackPath("/\\evil.example")).toBe("/");
    expect(safeBackPath("/a\nb")).toBe("/");
  });
});
