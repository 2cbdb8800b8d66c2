// Conditional GET (RFC 9110 §13.1.2): a client or cache holding a copy sends its ETag back in
// If-None-Match; when it still matches, the answer is 304 without a body. The comparison is weak
// (a W/ prefix is ignored), as the RFC asks for If-None-Match.

/** true when the If-None-Match header names `etag` (or is `*`) */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const want = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === want);
}
