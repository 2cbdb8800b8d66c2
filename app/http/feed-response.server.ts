// Answers for a feed kept as bytes (the YML feed): robots fetch it again and again, so each copy is
// revalidated (`no-cache`) and an unchanged one costs a 304 without a body, by ETag or by date.
import crypto from "node:crypto";
import { etagMatches } from "../lib/etag.ts";

export function feedResponse(request: Request, body: Buffer, contentType: string, modifiedAt: number): Response {
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  // HTTP dates have whole seconds: a copy from the same second is as fresh as this one
  const lastModified = new Date(Math.floor(modifiedAt / 1000) * 1000);
  const headers: Record<string, string> = { "Cache-Control": "public, no-cache", ETag: etag, "Last-Modified": lastModified.toUTCString() };
  const ifNoneMatch = request.headers.get("if-none-match");
  const since = Date.parse(request.headers.get("if-modified-since") ?? "");
  const fresh = ifNoneMatch ? etagMatches(ifNoneMatch, etag) : Number.isFinite(since) && since >= lastModified.getTime();
  if (fresh) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(body), { headers: { ...headers, "Content-Type": contentType, "Content-Length": String(body.length) } });
}
