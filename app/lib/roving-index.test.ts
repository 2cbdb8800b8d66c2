import { describe, expect, it } from "vitest";
import { rovingIndex } from "./roving-index.ts";

describe("rovingIndex", () => {
  it("moves with the arrows, wrapping at both ends", () => {
    expect(rovingIndex("ArrowRight", 1, 4)).toBe(2);
    expect(rovingIndex("ArrowRight", 3, 4)).toBe(0);
    expect(rovingIndex("ArrowLeft", 2, 4)).toBe(1);
    expect(rovingIndex("ArrowLeft", 0, 4)).toBe(3);
  });
  it("jumps with Home and End and ignores other keys", () => {
    expect(rovingIndex("Home", 2, 4)).toBe(0);
    expect(rovingIndex("End", 0, 4)).toBe(3);
    expect(rovingIndex("Enter", 1, 4)).toBeNull();
  });
});
