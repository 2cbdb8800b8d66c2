// The catalogue's own words (product titles, section names, brands, colours, materials) and how
// to bring a visitor's query back to them: a word typed with the other keyboard layout
// («lbdfy» → «диван»), or one or two slips away from a catalogue word («крвать» → «кровать»).
// Pure: the domain builds a vocabulary from the catalogue and asks it about each query.
import { editDistance, prefixEditDistance } from "./edit-distance.ts";
import { switchLayout } from "./keyboard-layout.ts";
import { MAX_QUERY_WORDS, stem, withoutYo, writtenWords } from "../../lib/russian-words.ts";

interface Entry {
  /** lower case, ё as е: what is compared */
  word: string;
  /** lower case as the catalogue writes it (with ё): what the visitor is offered */
  written: string;
  /** how many products carry it: the more common of two equally near words wins */
  count: number;
  letters: number;
}

/** Words shorter than this, and words with digits, are taken as typed («и», «тв», «160»). */
const MIN_LETTERS = 3;
/** Longer words are no catalogue word mistyped, and would only cost time. */
const MAX_LETTERS = 40;
/** What a switch of layout costs against a typo correction of the text as typed. */
const LAYOUT_SWITCH_COST = 0.5;
/** What a word nothing resembles costs. */
const UNKNOWN_COST = 10;

const letterCount = (word: string) => Array.from(word).length;
const isOrdinaryWord = (word: string) => letterCount(word) >= MIN_LETTERS && !/\d/.test(word);

/** Edits allowed for a word of this length: none below 4 letters, one up to 5, two from 6. */
export function allowedEdits(length: number): number {
  return length < 4 ? 0 : length < 6 ? 1 : 2;
}

export class SearchVocabulary {
  private readonly entries: Entry[];
  /** stems of every word, sorted, for "does any catalogue word start like this" */
  private readonly stems: string[];

  /** @param phrases catalogue text with the number of products it belongs to */
  constructor(phrases: Iterable<readonly [text: string, count: number]>) {
    const byWord = new Map<string, Entry>();
    for (const [text, count] of phrases) {
      for (const written of writtenWords(text)) {
        if (!isOrdinaryWord(written)) continue;
        const word = withoutYo(written);
        const entry = byWord.get(word);
        if (entry) entry.count += count;
        else byWord.set(word, { word, written, count, letters: letterCount(word) });
      }
    }
    this.entries = [...byWord.values()];
    this.stems = [...new Set(this.entries.map((e) => stem(e.word)))].sort();
  }

  /** The catalogue has a word starting like this one does (the search matches stems by prefix). */
  knows(word: string): boolean {
    const plain = withoutYo(word);
    if (!isOrdinaryWord(plain)) return true;
    const s = stem(plain);
    let lo = 0;
    let hi = this.stems.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.stems[mid]! < s) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.stems.length && this.stems[lo]!.startsWith(s);
  }

  /** The most common catalogue word that starts with `prefix` («дива» → «диван»), or null. */
  complete(prefix: string): string | null {
    const plain = withoutYo(prefix);
    let best: Entry | null = null;
    for (const entry of this.entries) {
      if (!entry.word.startsWith(plain)) continue;
      if (!best || entry.count > best.count || (entry.count === best.count && entry.word < best.word)) best = entry;
    }
    return best?.written ?? null;
  }

  /**
   * The catalogue word nearest to `word` within the allowed edits (the more common one, then the
   * first alphabetically, on a tie), or null. `typing`: the word is still being typed, so it is
   * measured against the beginnings of catalogue words.
   */
  closest(word: string, typing = false): { written: string; distance: number } | null {
    const plain = withoutYo(word);
    const length = letterCount(plain);
    const max = allowedEdits(length);
    if (max === 0 || length > MAX_LETTERS || /\d/.test(plain)) return null;
    let best: Entry | null = null;
    let bestDistance = max + 1;
    for (const entry of this.entries) {
      // a word longer or (unless still being typed) shorter by more than `max` letters is too far
      if (length - entry.letters > max || (!typing && entry.letters - length > max)) continue;
      const d = typing ? prefixEditDistance(plain, entry.word, max) : editDistance(plain, entry.word, max);
      if (d > max) continue;
      if (!best || d < bestDistance || (d === bestDistance && (entry.count > best.count || (entry.count === best.count && entry.word < best.word)))) {
        best = entry;
        bestDistance = d;
      }
    }
    return best ? { written: best.written, distance: bestDistance } : null;
  }
}

/**
 * The query brought back to catalogue words, or null when every word is one the catalogue knows
 * or nothing near it exists. Each space-separated part is taken as typed or with the other
 * keyboard layout, whichever needs fewer corrections; words nothing resembles stay as typed.
 * `typing`: the last word is still being typed (suggestions under the search box).
 */
export function correctQuery(text: string, vocabulary: SearchVocabulary, { typing = false } = {}): string | null {
  const parts = text.split(/\s+/).filter(Boolean).slice(0, MAX_QUERY_WORDS);
  const result: string[] = [];
  let changed = false;
  parts.forEach((part, i) => {
    const lastTyped = typing && i === parts.length - 1;
    const asTyped = mend(writtenWords(part), vocabulary, lastTyped);
    const switched = asTyped.cost > 0 ? switchLayout(part) : null;
    const otherLayout = switched ? mend(writtenWords(switched), vocabulary, lastTyped) : null;
    const best = otherLayout && otherLayout.cost + LAYOUT_SWITCH_COST < asTyped.cost ? otherLayout : asTyped;
    if (best === otherLayout || best.changed) changed = true;
    // a word still being typed in the other layout is offered whole: «lbd» → «диван», not «див»
    if (best === otherLayout && lastTyped && best.words.length) {
      const last = best.words.length - 1;
      best.words[last] = vocabulary.complete(best.words[last]!) ?? best.words[last]!;
    }
    result.push(...best.words);
  });
  return changed && result.length ? result.join(" ") : null;
}

function mend(words: string[], vocabulary: SearchVocabulary, lastTyped: boolean) {
  let cost = 0;
  let changed = false;
  const mended = words.map((word, i) => {
    if (vocabulary.knows(word)) return word;
    const near = vocabulary.closest(word, lastTyped && i === words.length - 1);
    if (!near) {
      cost += UNKNOWN_COST;
      return word;
    }
    cost += near.distance;
    changed = true;
    return near.written;
  });
  return { words: mended, cost, changed };
}
