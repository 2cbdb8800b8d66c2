/** A same-site path to return to after a form post; anything else (other hosts, `//x`, junk) becomes `/`. */
export function safeBackPath(value: string): string {
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || value.length > 2000) return "/";
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f]/.test(value)) return "/";
  return value;
}
