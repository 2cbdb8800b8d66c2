// The back office's section tree as plain data: flat rows (id, parent, sort) become a depth-first
// list for display, with each section's product count summed over its subtree, and the checks a
// move needs (siblings' order, whether a new parent lies inside the moved section's own subtree).
// Pure, so the domain, the route and the tests share one reading of the tree.

export interface SectionRow {
  id: number;
  parentId: number | null;
  slug: string;
  title: string;
  sort: number;
  version: number;
  /** products filed directly in this section (hidden ones too) */
  ownProducts: number;
}

export interface TreeEntry extends SectionRow {
  /** 0 for a top-level section */
  depth: number;
  /** products in it and every subsection */
  totalProducts: number;
  childCount: number;
  /** first / last among its siblings: «Выше» / «Ниже» have nowhere to go */
  first: boolean;
  last: boolean;
}

const bySortThenId = (a: SectionRow, b: SectionRow) => a.sort - b.sort || a.id - b.id;

/** Children of a parent (null: the top level) in display order. */
export function siblingsOf(rows: readonly SectionRow[], parentId: number | null): SectionRow[] {
  return rows.filter((r) => r.parentId === parentId).sort(bySortThenId);
}

/**
 * Depth-first display order. A row whose parent is missing (or that sits in a cycle a broken
 * database could hold) is shown at the top level rather than lost.
 */
export function flattenTree(rows: readonly SectionRow[]): TreeEntry[] {
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<number | null, SectionRow[]>();
  for (const r of rows) {
    const parent = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(r);
    childrenOf.set(parent, list);
  }
  for (const list of childrenOf.values()) list.sort(bySortThenId);

  const out: TreeEntry[] = [];
  const visited = new Set<number>();
  const visit = (row: SectionRow, depth: number, first: boolean, last: boolean): number => {
    visited.add(row.id);
    const entry: TreeEntry = { ...row, depth, totalProducts: row.ownProducts, childCount: 0, first, last };
    out.push(entry);
    const children = (childrenOf.get(row.id) ?? []).filter((c) => !visited.has(c.id));
    entry.childCount = children.length;
    children.forEach((c, i) => (entry.totalProducts += visit(c, depth + 1, i === 0, i === children.length - 1)));
    return entry.totalProducts;
  };
  const roots = childrenOf.get(null) ?? [];
  roots.forEach((r, i) => visit(r, 0, i === 0, i === roots.length - 1));
  // rows caught in a cycle never reached from the top: still listed, at the top level
  for (const r of [...rows].sort(bySortThenId)) if (!visited.has(r.id)) visit(r, 0, false, false);
  return out;
}

/** The section and every section below it. */
export function subtreeIds(rows: readonly Pick<SectionRow, "id" | "parentId">[], id: number): Set<number> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parentId !== null && ids.has(r.parentId) && !ids.has(r.id)) {
        ids.add(r.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** From the section itself up to its top-level ancestor. */
export function ancestorChain(rows: readonly Pick<SectionRow, "id" | "parentId">[], id: number): number[] {
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  const chain: number[] = [];
  for (let s: number | null | undefined = id; s != null && !chain.includes(s); s = parentOf.get(s)) {
    if (!parentOf.has(s)) break;
    chain.push(s);
  }
  return chain;
}

/**
 * The siblings' new order after moving `id` one place up or down: ids in order, or null when it
 * is already first (up) or last (down).
 */
export function moveAmongSiblings(siblings: readonly SectionRow[], id: number, direction: "up" | "down"): number[] | null {
  const order = siblings.map((s) => s.id);
  const at = order.indexOf(id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= order.length) return null;
  [order[at], order[to]] = [order[to]!, order[at]!];
  return order;
}
