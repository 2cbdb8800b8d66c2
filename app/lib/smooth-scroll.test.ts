import { describe, expect, it } from "vitest";
import { linearPosition, menuAnchorOffset } from "./smooth-scroll.ts";

describe("smooth scroll", () => {
  it("moves linearly and stops at the target", () => {
    expect(linearPosition(1000, 0, 0)).toBe(1000);
    expect(linearPosition(1000, 0, 0.5)).toBe(500);
    expect(linearPosition(1000, 0, 1)).toBe(0);
    expect(linearPosition(1000, 0, 1.7)).toBe(0);
  });
  it("uses a larger menu offset on narrow screens", () => {
    expect(menuAnchorOffset(1280)).toBe(80);
    expect(menuAnchorOffset(1024)).toBe(80);
    expect(menuAnchorOffset(1023)).toBe(160);
    expect(menuAnchorOffset(375)).toBe(160);
  });
});
