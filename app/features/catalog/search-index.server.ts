// What the search needs beyond the full-text match (search/search.server.ts), kept in the catalogue
// index so it is built once per process and refreshed with it (catalog-index.server.ts):
// - the words of every product title, to rank title matches above other matches;
// - brands, property values and sections as fields, each with the products that have it;
// - section names (and «Комплекты» for sets), so a query naming a section ranks it first;
// - the catalogue vocabulary for typo and keyboard-layout correction.
// See docs/decisions/066-forgiving-search.md.
import { Bitset } from "./bitset.ts";
import { PostingList } from "./posting-list.ts";
import { queryStems, stem, withoutYo, words, writtenWords } from "../../lib/russian-words.ts";
import { correctQuery, SearchVocabulary } from "./search-vocabulary.ts";
import type { ProductKind } from "../../db/schema.ts";
import type { CatalogIndex, FacetIndex } from "./catalog-index.server.ts";

interface NamedSet {
  /** stems of the name, without joining words («Тумбы под телевизор» → тумб, телевизор) */
  stems: string[];
  set: PostingList;
}

export interface SearchIndex {
  /** distinct title stems, sorted; a product's title is a list of indexes into it */
  titleTerms: string[];
  /** product position p has the title terms titleTokens[titleStart[p] .. titleStart[p + 1]) */
  titleStart: Int32Array;
  titleTokens: Int32Array;
  /** brands, property values and sections (with their subsections), as the search sees them */
  fields: NamedSet[];
  /** sections (their subtrees) and the sets, by name */
  named: NamedSet[];
  /** position → place in the popularity order, to break ties */
  popularityRank: Int32Array;
  vocabulary: SearchVocabulary;
  /** for patches: how often each written title word occurs, and the positions of sets */
  titleWordCount: Map<string, number>;
  sets: PostingList;
}

/** Sets are «комплекты» to a shopper, though each lives in the section of its main piece. */
const SET_NAMES = ["Комплекты", "Наборы"];
/** Words that join a section name and name nothing themselves. */
const JOINING_WORDS = new Set(["и", "для", "под", "на", "в", "с", "из"]);

export interface SearchIndexInput {
  products: { title: string; brand: string | null; kind: ProductKind }[];
  sections: { id: number; title: string }[];
  /** section id → positions in it or any subsection */
  sectionSets: Map<number, PostingList>;
  facets: FacetIndex[];
  popular: Int32Array;
}

export function buildSearchIndex({ products, sections, sectionSets, facets, popular }: SearchIndexInput): SearchIndex {
  const size = products.length;

  // One pass over the titles: their words for the vocabulary, their stems for ranking. Titles
  // repeat their words (types, models, colours), so each distinct word is stemmed once.
  const titleWordCount = new Map<string, number>();
  const stemOfWritten = new Map<string, string>();
  const titles = products.map((p) => {
    const stems = new Set<string>();
    for (const written of writtenWords(p.title)) {
      titleWordCount.set(written, (titleWordCount.get(written) ?? 0) + 1);
      let s = stemOfWritten.get(written);
      if (s === undefined) stemOfWritten.set(written, (s = stem(withoutYo(written))));
      stems.add(s);
    }
    return stems;
  });
  const termIds = new Map<string, number>();
  for (const stems of titles) for (const s of stems) termIds.set(s, 0);
  const titleTerms = [...termIds.keys()].sort();
  titleTerms.forEach((t, i) => termIds.set(t, i));
  const titleStart = new Int32Array(size + 1);
  const titleTokens = new Int32Array(titles.reduce((n, stems) => n + stems.size, 0));
  let at = 0;
  titles.forEach((stems, p) => {
    titleStart[p] = at;
    for (const s of stems) titleTokens[at++] = termIds.get(s)!;
  });
  titleStart[size] = at;

  const sets = PostingList.fromSorted(
    products.flatMap((p, i) => (p.kind === "set" ? [i] : [])),
    size,
  );
  return {
    titleTerms,
    titleStart,
    titleTokens,
    ...namesAndVocabulary({ sections, sectionSets, facets, popular, size, titleWordCount, sets }),
    titleWordCount,
    sets,
  };
}

/** What follows the sections, facets and popularity: the same for a full build and a patch. */
function namesAndVocabulary({
  sections,
  sectionSets,
  facets,
  popular,
  size,
  titleWordCount,
  sets,
}: Omit<SearchIndexInput, "products"> & { size: number; titleWordCount: Map<string, number>; sets: PostingList }) {
  const sectionNames: NamedSet[] = sections.flatMap((s) => {
    const set = sectionSets.get(s.id);
    return set ? [{ stems: nameStems(s.title), set }] : [];
  });
  const named = [...sectionNames, ...SET_NAMES.map((name) => ({ stems: nameStems(name), set: sets }))];
  const fields: NamedSet[] = [...facets.flatMap((f) => f.values.map((value, i) => ({ stems: nameStems(value), set: f.sets[i]! }))), ...sectionNames];

  const popularityRank = new Int32Array(size);
  popular.forEach((pos, rank) => (popularityRank[pos] = rank));

  // title words as often as titles have them; section names once; brands and property values as often as they occur
  const vocabulary = new SearchVocabulary(
    (function* () {
      yield* titleWordCount;
      for (const s of sections) yield [s.title, 1] as const;
      for (const name of SET_NAMES) yield [name, sets.count()] as const;
      for (const f of facets) for (let i = 0; i < f.values.length; i++) yield [f.values[i]!, f.sets[i]!.count()] as const;
    })(),
  );
  return { fields, named, popularityRank, vocabulary };
}

function nameStems(title: string): string[] {
  return [
    ...new Set(
      words(title)
        .filter((w) => !JOINING_WORDS.has(w))
        .map(stem),
    ),
  ];
}

export interface SearchIndexChange {
  /** the index's size after the change */
  size: number;
  /** positions whose product changed or left, with the title the index had for them */
  cleared: (readonly [pos: number, title: string])[];
  /** positions of changed or new products, as they are now */
  placed: { pos: number; title: string; kind: ProductKind }[];
  sections: { id: number; title: string }[];
  sectionSets: Map<number, PostingList>;
  facets: FacetIndex[];
  popular: Int32Array;
}

/** `old` with some products' titles and kinds changed (catalog-index.server.ts patchCatalogIndex). */
export function patchSearchIndex(old: SearchIndex, change: SearchIndexChange): SearchIndex {
  const { size } = change;
  const titleWordCount = new Map(old.titleWordCount);
  for (const [, title] of change.cleared)
    for (const written of writtenWords(title)) {
      const n = (titleWordCount.get(written) ?? 0) - 1;
      if (n > 0) titleWordCount.set(written, n);
      else titleWordCount.delete(written);
    }
  const placedStems = new Map<number, Set<string>>();
  for (const { pos, title } of change.placed) {
    const stems = new Set<string>();
    for (const written of writtenWords(title)) {
      titleWordCount.set(written, (titleWordCount.get(written) ?? 0) + 1);
      stems.add(stem(withoutYo(written)));
    }
    placedStems.set(pos, stems);
  }

  // new terms keep the list sorted, so the old token numbers move; terms no title uses any more
  // stay (they match nothing)
  let titleTerms = old.titleTerms;
  let renumber: Int32Array | null = null;
  const known = new Set(old.titleTerms);
  const fresh = new Set<string>();
  for (const stems of placedStems.values()) for (const s of stems) if (!known.has(s)) fresh.add(s);
  if (fresh.size) {
    titleTerms = [...old.titleTerms, ...fresh].sort();
    const idOf = new Map(titleTerms.map((t, i) => [t, i]));
    renumber = Int32Array.from(old.titleTerms, (t) => idOf.get(t)!);
  }
  const termId = new Map<string, number>();
  for (const stems of placedStems.values()) for (const s of stems) termId.set(s, 0);
  for (const s of termId.keys()) termId.set(s, lowerBound(titleTerms, s));

  const cleared = new Set(change.cleared.map(([pos]) => pos));
  const oldSize = old.titleStart.length - 1;
  let tokenCount = old.titleTokens.length;
  for (const pos of cleared) tokenCount -= old.titleStart[pos + 1]! - old.titleStart[pos]!;
  for (const stems of placedStems.values()) tokenCount += stems.size;
  const titleStart = new Int32Array(size + 1);
  const titleTokens = new Int32Array(tokenCount);
  let at = 0;
  for (let p = 0; p < size; p++) {
    titleStart[p] = at;
    const stems = placedStems.get(p);
    if (stems) for (const s of stems) titleTokens[at++] = termId.get(s)!;
    else if (p < oldSize && !cleared.has(p))
      for (let t = old.titleStart[p]!; t < old.titleStart[p + 1]!; t++) titleTokens[at++] = renumber ? renumber[old.titleTokens[t]!]! : old.titleTokens[t]!;
  }
  titleStart[size] = at;

  const sets = old.sets.edit(
    [...cleared],
    change.placed.flatMap(({ pos, kind }) => (kind === "set" ? [pos] : [])),
    size,
  );

  return {
    titleTerms,
    titleStart,
    titleTokens,
    ...namesAndVocabulary({ ...change, titleWordCount, sets }),
    titleWordCount,
    sets,
  };
}

/**
 * The found positions, best first: products in a section the query names (or sets, for
 * «комплекты») and products with the query words in their title come first, then those that
 * have the words in a brand, property or section, then description-only matches; popularity
 * decides among equals.
 */
export function relevanceOrder(index: CatalogIndex, positions: number[], text: string): Int32Array {
  const search = index.search;
  const stems = queryStems(text);
  if (!stems.length || !positions.length) return Int32Array.from(positions);

  // which query words each title term begins with: one bit per query word
  const termMask = new Uint16Array(search.titleTerms.length);
  stems.forEach((q, bit) => {
    for (let i = lowerBound(search.titleTerms, q); i < search.titleTerms.length && search.titleTerms[i]!.startsWith(q); i++)
      termMask[i] = termMask[i]! | (1 << bit);
  });
  // per query word, the products that have it in a brand, a property value or a section name
  const inFields = stems.map((q) => {
    const union = new Bitset(index.size);
    for (const f of search.fields) if (f.stems.some((s) => s.startsWith(q))) f.set.orInto(union);
    return union;
  });
  // a named section: every query word is one of its name's words, or its whole name is in the query
  const named = new Bitset(index.size);
  const queried = new Set(stems);
  for (const n of search.named) {
    if (!n.stems.length) continue;
    if (stems.every((q) => n.stems.includes(q)) || n.stems.every((s) => queried.has(s))) n.set.orInto(named);
  }

  const keys = new Map<number, number>();
  for (const pos of positions) {
    let mask = 0;
    for (let t = search.titleStart[pos]!; t < search.titleStart[pos + 1]!; t++) mask |= termMask[search.titleTokens[t]!]!;
    const inTitle = popcount(mask);
    let inField = 0;
    for (const set of inFields) if (set.has(pos)) inField++;
    const first = inTitle + (named.has(pos) ? 1 : 0);
    keys.set(pos, (first * 16 + inTitle) * 16 + inField);
  }
  return Int32Array.from(positions).sort((a, b) => keys.get(b)! - keys.get(a)! || search.popularityRank[a]! - search.popularityRank[b]!);
}

/** The query with typos and the wrong keyboard layout corrected by the catalogue's words; null when nothing changes. */
export function correctedQuery(index: CatalogIndex, text: string, { typing = false } = {}): string | null {
  return correctQuery(text, index.search.vocabulary, { typing });
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function popcount(n: number): number {
  let count = 0;
  for (let v = n; v; v &= v - 1) count++;
  return count;
}
