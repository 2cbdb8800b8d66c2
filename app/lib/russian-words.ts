// Russian words for search: Unicode-normalised, lower case, ё = е, reduced to Snowball stems
// so that «диваны», «дивана» and «диван» meet. The same code feeds the index and the query on
// both database dialects, so both find the same products.
import snowball from "snowball-stemmers";

const stemmer = snowball.newStemmer("russian");
/** words of a query that are searched for; the rest is ignored */
export const MAX_QUERY_WORDS = 12;

/** «Диваны, ЁЛКИ!» → ["диваны", "ёлки"]: the words as written, in lower case */
export function writtenWords(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** «Диваны, ЁЛКИ!» → ["диваны", "елки"] */
export function words(text: string): string[] {
  return writtenWords(text).map(withoutYo);
}

/** ё is searched as е */
export function withoutYo(word: string): string {
  return word.replace(/ё/g, "е");
}

export function stem(word: string): string {
  // the stemmer is for Cyrillic words; Latin words and numbers are kept whole
  return /[а-я]/.test(word) ? stemmer.stem(word) : word;
}

/** Stems of a document, space separated, for the full-text index. */
export function documentStems(text: string): string {
  return words(text).map(stem).join(" ");
}

/** Stems of a visitor's query (at most 12 words, each at least one letter or digit). */
export function queryStems(text: string): string[] {
  return [...new Set(words(text).slice(0, MAX_QUERY_WORDS).map(stem))].filter(Boolean);
}
