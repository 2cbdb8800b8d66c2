// The catalogue index's stored sets of product positions (a facet value's products, a section's,
// the sets'): immutable, and laid out by density, as Roaring bitmaps do per 65 536-position chunk
// but for the whole set at once (docs/decisions/093-compressed-facet-index.md). A set with fewer
// members than a thirty-second of the catalogue is a sorted Uint32Array (4 bytes a member); a
// larger one is a bitset (one bit a product). Most facet values are small — a colour, a brand, a
// width among hundreds — so at 100 000 products the index takes a few megabytes instead of the
// hundred that a bitset per value took. A listing still works on a Bitset of its own (the
// request's filters), into which these are OR-ed and against which they are counted.
import { Bitset } from "./bitset.ts";

/** What a listing reads from a set of positions, stored (PostingList) or being worked on (Bitset). */
export interface PositionSet {
  count(): number;
  has(i: number): boolean;
  /** |this ∩ other| without allocating */
  andCount(other: Bitset): number;
  /** other := other ∪ this */
  orInto(other: Bitset): void;
  forEach(fn: (i: number) => void): void;
  /** a Bitset of `size` positions with the same members, to work on */
  toBitset(size: number): Bitset;
}

const EMPTY = new Uint32Array(0);

export class PostingList implements PositionSet {
  /** sorted positions when sparse, else empty */
  private readonly members: Uint32Array;
  /** a bitset's words when dense (possibly fewer than a later, larger index has), else null */
  private readonly words: Uint32Array | null;
  private readonly n: number;

  private constructor(members: Uint32Array, words: Uint32Array | null, n: number) {
    this.members = members;
    this.words = words;
    this.n = n;
  }

  /** From positions in ascending order, without repeats, all below `size`. */
  static fromSorted(sorted: ArrayLike<number>, size: number): PostingList {
    const n = sorted.length;
    if (!isDense(n, size)) return new PostingList(n ? Uint32Array.from(sorted) : EMPTY, null, n);
    const words = new Uint32Array((size + 31) >>> 5);
    for (let i = 0; i < n; i++) {
      const p = sorted[i]!;
      words[p >>> 5]! |= 1 << (p & 31);
    }
    return new PostingList(EMPTY, words, n);
  }

  /** From any positions below `size`, in any order, repeats allowed. */
  static of(positions: Iterable<number>, size: number): PostingList {
    return PostingList.fromSorted(sortedUnique(positions), size);
  }

  static fromBitset(set: Bitset): PostingList {
    const n = set.count();
    if (isDense(n, set.size)) return new PostingList(EMPTY, set.words.slice(), n);
    const members = new Uint32Array(n);
    let at = 0;
    set.forEach((i) => (members[at++] = i));
    return new PostingList(members, null, n);
  }

  static full(size: number): PostingList {
    return PostingList.fromBitset(Bitset.full(size));
  }

  /** Whether it is stored as a bitset (for the tests and the memory report). */
  get dense(): boolean {
    return this.words !== null;
  }

  /** Bytes of position data it holds. */
  get bytes(): number {
    return this.words ? this.words.byteLength : this.members.byteLength;
  }

  count(): number {
    return this.n;
  }

  has(i: number): boolean {
    const words = this.words;
    if (words) {
      const w = i >>> 5;
      return w < words.length && (words[w]! & (1 << (i & 31))) !== 0;
    }
    const m = this.members;
    let lo = 0;
    let hi = m.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (m[mid]! < i) lo = mid + 1;
      else hi = mid;
    }
    return lo < m.length && m[lo] === i;
  }

  andCount(other: Bitset): number {
    const b = other.words;
    const words = this.words;
    let n = 0;
    if (words) {
      const len = Math.min(words.length, b.length);
      for (let i = 0; i < len; i++) {
        const w = words[i]! & b[i]!;
        if (w !== 0) n += popcount(w);
      }
      return n;
    }
    const m = this.members;
    for (let i = 0; i < m.length; i++) {
      const p = m[i]!;
      n += (b[p >>> 5]! >>> (p & 31)) & 1;
    }
    return n;
  }

  orInto(other: Bitset): void {
    const b = other.words;
    const words = this.words;
    if (words) {
      const len = Math.min(words.length, b.length);
      for (let i = 0; i < len; i++) b[i]! |= words[i]!;
      return;
    }
    const m = this.members;
    for (let i = 0; i < m.length; i++) {
      const p = m[i]!;
      b[p >>> 5]! |= 1 << (p & 31);
    }
  }

  forEach(fn: (i: number) => void): void {
    const words = this.words;
    if (!words) {
      for (const p of this.members) fn(p);
      return;
    }
    for (let wi = 0; wi < words.length; wi++) {
      let w = words[wi]!;
      while (w !== 0) {
        const t = w & -w;
        fn((wi << 5) + (31 - Math.clz32(t)));
        w ^= t;
      }
    }
  }

  toBitset(size: number): Bitset {
    const set = new Bitset(size);
    this.orInto(set);
    return set;
  }

  /**
   * This set without the `remove` positions and with the `add` ones (in any order), for an index
   * of `size` positions: the same instance when nothing changes, so a patch shares what it does
   * not touch with the index it patches.
   */
  edit(remove: readonly number[], add: readonly number[], size: number): PostingList {
    const removed = remove.filter((p) => this.has(p));
    const gone = new Set(removed);
    const added = add.filter((p) => !this.has(p) || gone.has(p));
    if (!removed.length && !added.length) return this;
    if (this.words) {
      const set = this.toBitset(size);
      for (const p of removed) set.words[p >>> 5]! &= ~(1 << (p & 31));
      for (const p of added) set.add(p);
      return PostingList.fromBitset(set);
    }
    // merge the sorted members (less the removed ones) with the sorted added ones
    const extra = sortedUnique(added);
    const out: number[] = [];
    let j = 0;
    for (const p of this.members) {
      if (gone.has(p)) continue;
      while (j < extra.length && extra[j]! < p) out.push(extra[j++]!);
      if (j < extra.length && extra[j] === p) j++;
      out.push(p);
    }
    while (j < extra.length) out.push(extra[j++]!);
    return PostingList.fromSorted(out, size);
  }
}

/**
 * A bitset pays size/8 bytes whatever it holds, a sorted array 4 bytes a member: the bitset wins
 * from a thirty-second of the positions up, and it is the faster one to intersect there too.
 */
function isDense(count: number, size: number): boolean {
  return count * 32 >= size && size > 0;
}

function sortedUnique(positions: Iterable<number>): Uint32Array {
  const sorted = Uint32Array.from(positions).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i]!;
  return sorted.subarray(0, n);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
