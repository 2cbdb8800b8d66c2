// How many slips of the keyboard separate two words: Damerau–Levenshtein distance in its
// "optimal string alignment" form (insert, delete, replace a letter, or swap two neighbours,
// each costing one; a swapped pair is not edited again), which is what a hurried thumb does:
// «дивн» → «диван» (a letter left out), «кроавть» → «кровать» (two letters swapped).
// Both functions stop as soon as the answer is known to exceed `max` and then return `max + 1`,
// so checking a word against a whole vocabulary for "at most 2" stays cheap.

/** Edits that turn `a` into `b`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  return alignment(letters(a), letters(b), max, false);
}

/**
 * Edits that turn `typed` into the closest beginning of `word`: how far a half-typed word is
 * from being the start of `word` («крав» is one edit from «кров…»).
 */
export function prefixEditDistance(typed: string, word: string, max = Number.POSITIVE_INFINITY): number {
  return alignment(letters(typed), letters(word), max, true);
}

// A string indexes by UTF-16 unit; only text with a letter outside the basic plane needs splitting.
const letters = (text: string): string | string[] => (/[\uD800-\uDFFF]/.test(text) ? Array.from(text) : text);

function alignment(a: string | string[], b: string | string[], max: number, prefixOfB: boolean): number {
  const n = a.length;
  const m = b.length;
  // every extra letter costs at least one edit
  if (n - m > max || (!prefixOfB && m - n > max)) return max + 1;
  let twoBack = new Int32Array(m + 1);
  let previous = new Int32Array(m + 1);
  let current = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a[i - 1];
    for (let j = 1; j <= m; j++) {
      let d = previous[j - 1]! + (ai === b[j - 1] ? 0 : 1);
      if (previous[j]! + 1 < d) d = previous[j]! + 1;
      if (current[j - 1]! + 1 < d) d = current[j - 1]! + 1;
      if (i > 1 && j > 1 && ai === b[j - 2] && a[i - 2] === b[j - 1] && twoBack[j - 2]! + 1 < d) d = twoBack[j - 2]! + 1;
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    // a row's smallest value never shrinks further down the table
    if (rowMin > max) return max + 1;
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  let distance = previous[m]!;
  if (prefixOfB) for (let j = 0; j < m; j++) if (previous[j]! < distance) distance = previous[j]!;
  return distance > max ? max + 1 : distance;
}
