import { describe, expect, it } from "vitest";
import { ancestorChain, flattenTree, moveAmongSiblings, siblingsOf, subtreeIds, type SectionRow } from "./section-tree.ts";

const row = (id: number, parentId: number | null, sort: number, ownProducts = 0): SectionRow => ({
  id,
  parentId,
  slug: `s${id}`,
  title: `Раздел ${id}`,
  sort,
  version: 1,
  ownProducts,
});

// 1 Мебель (2 Диваны (4 Угловые), 3 Столы), 5 Свет
const rows = [row(3, 1, 20, 2), row(1, null, 10), row(4, 2, 10, 5), row(2, 1, 10, 1), row(5, null, 20, 7)];

describe("section tree", () => {
  it("lists sections depth first in their order, with subtree product counts and ends marked", () => {
    const tree = flattenTree(rows);
    expect(tree.map((e) => [e.id, e.depth, e.totalProducts, e.first, e.last])).toEqual([
      [1, 0, 8, true, false],
      [2, 1, 6, true, false],
      [4, 2, 5, true, true],
      [3, 1, 2, false, true],
      [5, 0, 7, false, true],
    ]);
    expect(tree.find((e) => e.id === 1)?.childCount).toBe(2);
  });

  it("keeps a section whose parent is missing, or that sits in a cycle, at the top level", () => {
    const tree = flattenTree([row(1, 99, 10), row(2, 3, 10), row(3, 2, 10)]);
    expect(tree.map((e) => e.id).sort()).toEqual([1, 2, 3]);
    expect(tree.find((e) => e.id === 1)?.depth).toBe(0);
  });

  it("knows a section's subtree and its chain of ancestors", () => {
    expect([...subtreeIds(rows, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtreeIds(rows, 4)]).toEqual([4]);
    expect(ancestorChain(rows, 4)).toEqual([4, 2, 1]);
    expect(ancestorChain(rows, 42)).toEqual([]);
  });

  it("swaps a section with its neighbour and refuses past either end", () => {
    const top = siblingsOf(rows, 1);
    expect(top.map((s) => s.id)).toEqual([2, 3]);
    expect(moveAmongSiblings(top, 3, "up")).toEqual([3, 2]);
    expect(moveAmongSiblings(top, 2, "down")).toEqual([3, 2]);
    expect(moveAmongSiblings(top, 2, "up")).toBeNull();
    expect(moveAmongSiblings(top, 3, "down")).toBeNull();
  });

  it("orders siblings with equal sort numbers by id, so a move still has a defined effect", () => {
    const same = [row(7, null, 0), row(6, null, 0)];
    expect(siblingsOf(same, null).map((s) => s.id)).toEqual([6, 7]);
    expect(moveAmongSiblings(siblingsOf(same, null), 7, "up")).toEqual([7, 6]);
  });
});
