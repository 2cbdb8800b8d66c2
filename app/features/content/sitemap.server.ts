// Addresses for /sitemap.xml: home, catalogue, sections, content pages, news and every product,
// in a stable order so numbered parts never overlap. Products are read one part at a time; hidden
// ones (published = 0) are left out, read afresh on every request so a change shows at once.
import type { Db } from "../../db/database.server.ts";
import type { SitemapEntry } from "../../lib/sitemap-xml.ts";

async function fixedEntries(db: Db, origin: string): Promise<SitemapEntry[]> {
  const [sections, pages, news] = await Promise.all([
    db.kysely.selectFrom("sections").select("slug").orderBy("sort").orderBy("id").execute(),
    db.kysely.selectFrom("pages").select(["slug", "updated_at"]).orderBy("sort").orderBy("id").execute(),
    db.kysely.selectFrom("news").select(["slug", "published_at"]).orderBy("published_at", "desc").orderBy("id").execute(),
  ]);
  return [
    { loc: `${origin}/` },
    { loc: `${origin}/catalog/` },
    ...sections.map((s) => ({ loc: `${origin}/catalog/${s.slug}/` })),
    ...pages.map((p) => ({ loc: `${origin}/${p.slug}/`, lastmod: Number(p.updated_at) })),
    ...(news.length ? [{ loc: `${origin}/news/`, lastmod: Number(news[0]!.published_at) }] : []),
    ...news.map((n) => ({ loc: `${origin}/news/${n.slug}/`, lastmod: Number(n.published_at) })),
  ];
}

async function productCount(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("published", "=", 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function sitemapTotal(db: Db, origin: string): Promise<number> {
  const [fixed, products] = await Promise.all([fixedEntries(db, origin), productCount(db)]);
  return fixed.length + products;
}

/** The addresses in [start, end) of the whole list (all of them without a range). */
export async function sitemapEntries(db: Db, origin: string, range?: { start: number; end: number }): Promise<SitemapEntry[]> {
  const fixed = await fixedEntries(db, origin);
  const start = range?.start ?? 0;
  const end = range?.end ?? Number.MAX_SAFE_INTEGER;
  const out = fixed.slice(start, Math.min(end, fixed.length));
  const offset = Math.max(0, start - fixed.length);
  const limit = end - Math.max(start, fixed.length);
  if (limit > 0) {
    const rows = await db.kysely
      .selectFrom("products")
      .select("slug")
      .where("published", "=", 1)
      .orderBy("id")
      .limit(Math.min(limit, 1_000_000))
      .offset(offset)
      .execute();
    for (const p of rows) out.push({ loc: `${origin}/product/${p.slug}/` });
  }
  return out;
}
