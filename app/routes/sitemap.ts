import { data } from "react-router";
import type { Route } from "./+types/sitemap";
import { servicesContext } from "../context.ts";
import { sitemapEntries, sitemapTotal } from "../features/content/index.server.ts";
import { revalidatedResponse } from "../http/revalidated-response.server.ts";
import { parsePartFile, partRange, sitemapIndexXml, sitemapParts, urlsetXml } from "../lib/sitemap-xml.ts";

/**
 * /sitemap.xml lists every address, or — above 50 000 — indexes /sitemap/1.xml, /sitemap/2.xml …
 * Addresses are absolute, built from the request's origin. Read afresh on every request and
 * revalidated by ETag (a hidden product must leave it at once).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const xml = (body: string) => revalidatedResponse(request, body, "application/xml; charset=utf-8");
  const origin = new URL(request.url).origin;
  const total = await sitemapTotal(db, origin);
  const parts = sitemapParts(total);
  if (!("file" in params)) {
    if (!parts) return xml(urlsetXml(await sitemapEntries(db, origin)));
    return xml(sitemapIndexXml(Array.from({ length: parts }, (_, i) => `${origin}/sitemap/${i + 1}.xml`)));
  }
  const n = parsePartFile(params.file);
  if (n === null || n > parts) throw data(null, { status: 404 });
  return xml(urlsetXml(await sitemapEntries(db, origin, partRange(n, total))));
}
