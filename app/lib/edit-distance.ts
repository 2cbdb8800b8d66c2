// How many slips of the keyboard separate two words: Damerau–Levenshtein distance in its
// "optimal string alignment" form (insert, delete, replace a letter, or swap two neighbours,
// each costing one; a swapped pair is not edited again), which is what a hurried thumb does:
// «дивн» → «диван» (a letter left out), «кроавть» → «кровать» (two letters swapped).
// Both functions stop as soon as the answer is known to exceed `max` and then return `max + 1`,
// so checking a word against a whole vocabulary for "at most 2" stays cheap.

/** Edits that turn `a` into `b`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  return alignment(Array.from(a), Array.from(b), max, false);
}

/**
 * Edits that turn `typed` into the closest beginning of `word`: how far a half-typed word is
 * from being the start of `word` («крав» is one edit from «кров…»).
 */
export function prefixEditDistance(typed: string, word: string, max = Number.POSITIVE_INFINITY): number {
  return alignment(Array.from(typed), Array.from(word), max, true);
}

function alignment(a: string[], b: string[], max: number, prefixOfB: boolean): number {
  const n = a.length;
  const m = b.length;
  // every extra letter costs at least one edit
  if (n - m > max || (!prefixOfB && m - n > max)) return max + 1;
  let twoBack = new Array<number>(m + 1).fill(0);
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  let current = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, twoBack[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    // a row's smallest value never shrinks further down the table
    if (rowMin > max) return max + 1;
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  const distance = prefixOfB ? Math.min(...previous) : previous[m]!;
  return distance > max ? max + 1 : distance;
}
