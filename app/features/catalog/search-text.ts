// A visitor's search text, cleaned the same way in the browser (the header's search field, the
// listing's query in links) and on the server. Kept apart from russian-words.ts, whose Snowball
// stemmer (all its languages, ≈40 KB gzip) must not reach the browser's code (decision 092).

/**
 * A visitor's search text as it is searched for and shown back: composed Unicode, control
 * characters as spaces, invisible format characters (zero-width, direction overrides) dropped,
 * single spaces, at most `max` characters (never half a surrogate pair).
 */
export function cleanSearchText(raw: string, max: number): string {
  return raw
    .normalize("NFC")
    .replace(/\p{Cf}+/gu, "")
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim()
    .slice(0, max)
    .replace(/[\uD800-\uDBFF]$/, "")
    .trim();
}
