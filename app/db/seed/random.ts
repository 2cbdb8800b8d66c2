// A tiny seeded PRNG (mulberry32) so the demo shop is identical on every run with the same seed:
// tests and screenshots can rely on the same titles, prices and ids.

export interface Random {
  /** float in [0, 1) */
  next(): number;
  /** integer in [min, max], both inclusive */
  int(min: number, max: number): number;
  /** integer in [min, max] rounded to a multiple of step (e.g. sizes in 5 cm steps) */
  step(min: number, max: number, step: number): number;
  /** float in [min, max) */
  float(min: number, max: number): number;
  /** true with the given probability */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** picks by weight; weights need not sum to 1 */
  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T;
  /** a new shuffled copy */
  shuffle<T>(items: readonly T[]): T[];
  /** up to n distinct items in random order */
  sample<T>(items: readonly T[], n: number): T[];
  /** lower-case hex string of the given length (video ids and such) */
  hex(length: number): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(next() * items.length)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return {
    next,
    int,
    step: (min, max, step) => min + step * int(0, Math.floor((max - min) / step)),
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick,
    weighted<T>(items: readonly T[], weightOf: (item: T) => number): T {
      const total = items.reduce((sum, item) => sum + weightOf(item), 0);
      let r = next() * total;
      for (const item of items) {
        r -= weightOf(item);
        if (r < 0) return item;
      }
      return pick(items);
    },
    shuffle,
    sample: (items, n) => shuffle(items).slice(0, n),
    hex(length) {
      let out = "";
      while (out.length < length) out += Math.floor(next() * 16).toString(16);
      return out;
    },
  };
}
