import { describe, expect, it } from "vitest";
import { Bitset } from "./bitset.ts";

describe("Bitset", () => {
  it("adds, tests, counts and lists members", () => {
    const b = new Bitset(100);
    for (const i of [0, 31, 32, 63, 99]) b.add(i);
    expect(b.has(31)).toBe(true);
    expect(b.has(30)).toBe(false);
    expect(b.count()).toBe(5);
    const seen: number[] = [];
    b.forEach((i) => seen.push(i));
    expect(seen).toEqual([0, 31, 32, 63, 99]);
  });
  it("intersects and unites", () => {
    const a = new Bitset(70);
    const b = new Bitset(70);
    [1, 2, 3, 65].forEach((i) => a.add(i));
    [2, 3, 4, 65, 66].forEach((i) => b.add(i));
    expect(a.andCount(b)).toBe(3);
    expect(a.clone().andWith(b).count()).toBe(3);
    expect(a.clone().orWith(b).count()).toBe(6);
  });
  it("makes a full set without stray bits past the size", () => {
    expect(Bitset.full(70).count()).toBe(70);
    expect(Bitset.full(64).count()).toBe(64);
  });
});
