// sitemaps.org XML: one urlset up to 50 000 addresses, otherwise an index of numbered parts.
export const SITEMAP_LIMIT = 50_000;

export interface SitemapEntry {
  loc: string;
  /** epoch ms */
  lastmod?: number;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function urlsetXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ""}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(locs: readonly string[]): string {
  const items = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** How many part files `total` addresses need (0 when one urlset is enough). */
export function sitemapParts(total: number, limit = SITEMAP_LIMIT): number {
  return total > limit ? Math.ceil(total / limit) : 0;
}

/** The half-open range [start, end) of addresses in part `n` (1-based). */
export function partRange(n: number, total: number, limit = SITEMAP_LIMIT): { start: number; end: number } {
  const start = (n - 1) * limit;
  return { start, end: Math.min(total, start + limit) };
}

/** `/sitemap/<n>.xml` → n, or null for anything else. */
export function parsePartFile(file: string | undefined): number | null {
  const m = /^([1-9]\d{0,5})\.xml$/.exec(file ?? "");
  return m ? Number(m[1]) : null;
}
