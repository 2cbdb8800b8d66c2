// Answers for a feed kept as a file (the YML feed, decision 090): robots fetch it again and again,
// so each copy is revalidated (`no-cache`) and an unchanged one costs a 304 without a body, by ETag
// or by date; a changed one streams from the file, never read into memory whole.
import { etagMatches } from "../../lib/etag.ts";
import type { StoredFile } from "../../lib/ports.ts";

interface FeedFileInfo {
  etag: string;
  size: number;
  /** epoch ms the file was built */
  modifiedAt: number;
  contentType: string;
  /** "gzip": the file is the gzipped form of contentType (Content-Encoding), chosen by Accept-Encoding */
  encoding?: "gzip";
  /** the answer depends on Accept-Encoding (caches must keep one copy per encoding) */
  negotiated?: boolean;
}

export async function feedFileResponse(request: Request, file: FeedFileInfo, open: () => Promise<StoredFile | null>): Promise<Response> {
  // HTTP dates have whole seconds: a copy from the same second is as fresh as this one
  const lastModified = new Date(Math.floor(file.modifiedAt / 1000) * 1000);
  const headers: Record<string, string> = {
    // no-transform: the compression middleware must not gzip the file again
    "Cache-Control": "public, no-cache, no-transform",
    ETag: file.etag,
    "Last-Modified": lastModified.toUTCString(),
    ...(file.negotiated ? { Vary: "Accept-Encoding" } : {}),
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  const since = Date.parse(request.headers.get("if-modified-since") ?? "");
  const fresh = ifNoneMatch ? etagMatches(ifNoneMatch, file.etag) : Number.isFinite(since) && since >= lastModified.getTime();
  if (fresh) return new Response(null, { status: 304, headers });
  const full = {
    ...headers,
    "Content-Type": file.contentType,
    "Content-Length": String(file.size),
    ...(file.encoding ? { "Content-Encoding": file.encoding } : {}),
  };
  if (request.method === "HEAD") return new Response(null, { headers: full });
  const stored = await open();
  // removed under us (a newer build two builds on): a moment later the newer one is served
  if (!stored)
    return new Response("Фид обновляется, повторите запрос через минуту.", {
      status: 503,
      headers: { "Retry-After": "60", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(stored.stream, { headers: full });
}
