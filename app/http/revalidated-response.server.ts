// Answers that change with the catalogue (the sitemap) yet are fetched again and again by robots:
// every copy must be checked before use (`no-cache`), and the check is cheap for the client: the
// ETag is a hash of the body, so an unchanged answer is a 304 without a body, and a hidden product
// leaves every cached copy on its next request, not an hour later.
import crypto from "node:crypto";
import { etagMatches } from "../lib/etag.ts";

export function revalidatedResponse(request: Request, body: string, contentType: string): Response {
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = { "Cache-Control": "public, no-cache", ETag: etag };
  if (etagMatches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, "Content-Type": contentType } });
}
