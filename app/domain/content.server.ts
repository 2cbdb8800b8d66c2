import type { Db } from "../db/database.server.ts";

export interface NewsTeaser {
  slug: string;
  title: string;
  summary: string;
  image: string;
  publishedAt: number;
}

export async function listLatestNews(db: Db, limit: number): Promise<NewsTeaser[]> {
  const rows = await db.kysely
    .selectFrom("news")
    .select(["slug", "title", "summary", "image", "published_at"])
    .orderBy("published_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ slug: r.slug, title: r.title, summary: r.summary, image: r.image, publishedAt: Number(r.published_at) }));
}

export interface ContentPage {
  slug: string;
  title: string;
  summary: string;
  body: string;
}

export async function findPage(db: Db, slug: string): Promise<ContentPage | null> {
  const row = await db.kysely
    .selectFrom("pages")
    .select(["slug", "title", "summary", "body"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row ?? null;
}
