import { describe, expect, it } from "vitest";
import { Bitset } from "./bitset.ts";
import { PostingList } from "./posting-list.ts";

// Every operation the catalogue uses, checked against a plain Set of numbers over random cases:
// sparse and dense sets, sizes off word boundaries, sets built for a smaller index than the
// bitsets they meet (a patch grows the index and shares the sets it does not touch).
let seed = 20261125;
const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);

function randomSet(size: number): Set<number> {
  // from empty through a handful to nearly everything, so both layouts come up
  const density = [0, 0.001, 0.01, 0.03, 0.05, 0.3, 0.9, 1][rand(8)]!;
  const set = new Set<number>();
  for (let i = 0; i < size; i++) if (rand(10_000) < density * 10_000) set.add(i);
  return set;
}

function bitsetOf(model: Set<number>, size: number): Bitset {
  const b = new Bitset(size);
  for (const i of model) b.add(i);
  return b;
}

function members(list: { forEach(fn: (i: number) => void): void }): number[] {
  const out: number[] = [];
  list.forEach((i) => out.push(i));
  return out;
}

const sorted = (model: Iterable<number>) => [...model].sort((a, b) => a - b);

describe("PostingList", () => {
  it("holds, counts and lists the same members as a Set, in either layout", () => {
    for (let round = 0; round < 200; round++) {
      const size = 1 + rand(3000);
      const model = randomSet(size);
      const shuffled = [...model, ...model].sort(() => rand(3) - 1);
      for (const list of [PostingList.fromSorted(sorted(model), size), PostingList.of(shuffled, size), PostingList.fromBitset(bitsetOf(model, size))]) {
        expect(list.count()).toBe(model.size);
        expect(members(list)).toEqual(sorted(model));
        for (let k = 0; k < 20; k++) {
          const i = rand(size + 40);
          expect(list.has(i), `${i} of ${size}`).toBe(model.has(i));
        }
        expect(members(list.toBitset(size + rand(100)))).toEqual(sorted(model));
        expect(list.dense).toBe(model.size * 32 >= size);
      }
    }
  });

  it("counts an intersection and unites into a bitset as a Set does", () => {
    for (let round = 0; round < 200; round++) {
      const small = 1 + rand(2000);
      // the stored set may be from an index smaller than the one the working bitset is for
      const size = small + (rand(2) ? 0 : rand(500));
      const a = randomSet(small);
      const b = randomSet(size);
      const list = PostingList.fromSorted(sorted(a), small);
      const work = bitsetOf(b, size);
      expect(list.andCount(work)).toBe([...a].filter((i) => b.has(i)).length);
      list.orInto(work);
      expect(members(work)).toEqual(sorted(new Set([...a, ...b])));
    }
  });

  it("edits into a new set without changing the old one, and shares an untouched one", () => {
    for (let round = 0; round < 300; round++) {
      const size = 1 + rand(2000);
      const grown = size + (rand(2) ? 0 : rand(300));
      const model = randomSet(size);
      const before = sorted(model);
      const list = PostingList.fromSorted(before, size);
      const remove = Array.from({ length: rand(30) }, () => rand(size));
      // some added positions are also removed (a changed product keeps its position), some repeat
      const add = [...Array.from({ length: rand(30) }, () => rand(grown)), ...remove.filter(() => rand(3) === 0)];
      add.push(...add.filter(() => rand(4) === 0));
      const expected = new Set(model);
      for (const i of remove) expected.delete(i);
      for (const i of add) expected.add(i);

      const edited = list.edit(remove, add, grown);
      expect(members(edited)).toEqual(sorted(expected));
      expect(edited.count()).toBe(expected.size);
      expect(members(list)).toEqual(before);
      if (!remove.some((i) => model.has(i)) && add.every((i) => model.has(i))) expect(edited).toBe(list);
    }
  });

  it("takes 4 bytes a member when sparse and a bit a position when dense", () => {
    const size = 100_000;
    const sparse = PostingList.of([5, 70_000, 99_999], size);
    expect(sparse.dense).toBe(false);
    expect(sparse.bytes).toBe(12);
    const dense = PostingList.full(size);
    expect(dense.dense).toBe(true);
    expect(dense.bytes).toBe(Math.ceil(size / 32) * 4);
    expect(dense.count()).toBe(size);
  });
});
