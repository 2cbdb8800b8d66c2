import type { Db } from "../../db/database.server.ts";
import { fillShopFacts, hasShopFactTokens } from "../settings/index.ts";
import { loadShopCounts } from "../settings/index.server.ts";
import type { ContactPoint, GalleryEntry, NewsArticle, NewsListItem } from "./content-types.ts";
import { pageWindow } from "../../lib/paging.ts";

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
    .orderBy("id", "desc")
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

/** A shop-written page, its {{tokens}} filled with the shop's facts (app/features/settings/shop-facts.ts). */
export async function findPage(db: Db, slug: string, now = Date.now()): Promise<ContentPage | null> {
  const row = await db.kysely.selectFrom("pages").select(["slug", "title", "summary", "body"]).where("slug", "=", slug).executeTakeFirst();
  if (!row) return null;
  if (!hasShopFactTokens(row.body)) return row;
  return { ...row, body: fillShopFacts(row.body, await loadShopCounts(db), now) };
}

const parseList = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
};

export async function listContactPoints(db: Db): Promise<ContactPoint[]> {
  const rows = await db.kysely.selectFrom("contact_points").selectAll().orderBy("sort").orderBy("id").execute();
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    city: r.city,
    address: r.address,
    phones: parseList(r.phones),
    emails: parseList(r.emails),
    hours: r.hours,
    lat: Number(r.lat),
    lon: Number(r.lon),
  }));
}

/** True when `id` is one of the showrooms (contact points), the only places an order can be picked up. */
export async function isPickupPoint(db: Db, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  return (await db.kysely.selectFrom("contact_points").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export const NEWS_PER_PAGE = 6;

export async function listNewsPage(
  db: Db,
  page: number,
  perPage = NEWS_PER_PAGE,
): Promise<{ items: NewsListItem[]; total: number; pages: number; page: number }> {
  const totalRow = await db.kysely
    .selectFrom("news")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  const { page: current, pages, limit, offset } = pageWindow(total, page, perPage);
  const rows = await db.kysely
    .selectFrom("news")
    .select(["slug", "title", "summary", "image", "image_alt", "published_at"])
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    items: rows.map((r) => ({ slug: r.slug, title: r.title, summary: r.summary, image: r.image, imageAlt: r.image_alt, publishedAt: Number(r.published_at) })),
    total,
    pages,
    page: current,
  };
}

function parseGallery(json: string): GalleryEntry[] {
  try {
    const v: unknown = JSON.parse(json);
    if (!Array.isArray(v)) return [];
    return v.filter(
      (g): g is GalleryEntry =>
        typeof g === "object" && g !== null && ["image", "video", "embed"].includes((g as GalleryEntry).type) && typeof (g as GalleryEntry).src === "string",
    );
  } catch {
    return [];
  }
}

export async function findNews(db: Db, slug: string): Promise<NewsArticle | null> {
  const r = await db.kysely.selectFrom("news").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!r) return null;
  return {
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    image: r.image,
    imageAlt: r.image_alt,
    publishedAt: Number(r.published_at),
    body: r.body,
    gallery: parseGallery(r.gallery),
  };
}
