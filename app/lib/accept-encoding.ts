// Content negotiation for a file kept already gzipped (the YML feed, decision 090): a client that
// accepts gzip gets the gzip file as `Content-Encoding: gzip` instead of the plain file compressed
// again on every request.

/** true when an Accept-Encoding header allows gzip (by name or `*`, with a q above 0) */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let gzip: number | null = null;
  let any: number | null = null;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const weight = Number.isFinite(q) ? q : 0;
    if (name === "gzip" || name === "x-gzip") gzip = weight;
    else if (name === "*") any = weight;
  }
  return (gzip ?? any ?? 0) > 0;
}
