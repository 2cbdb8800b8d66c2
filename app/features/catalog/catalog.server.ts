import type { Db } from "../../db/database.server.ts";
import type { ProductCardData, SectionNode } from "./catalog-types.ts";
import { loadProductCards } from "./listing.server.ts";

/** The section tree for the menu: top-level sections in order, each with its subsections. */
export async function listSectionTree(db: Db): Promise<SectionNode[]> {
  const rows = await db.kysely.selectFrom("sections").select(["id", "parent_id", "slug", "title"]).orderBy("sort").orderBy("id").execute();
  const nodes = new Map<number, SectionNode>();
  for (const r of rows) nodes.set(r.id, { id: r.id, slug: r.slug, title: r.title, children: [] });
  const roots: SectionNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Products in stock for a home-page shelf: the most popular, or the newest. */
export async function listShelfProducts(db: Db, shelf: "popular" | "new", limit: number): Promise<ProductCardData[]> {
  const rows = await db.kysely
    .selectFrom("products")
    .select("id")
    .where("stock", ">", 0)
    .orderBy(shelf === "popular" ? "popularity" : "created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return loadProductCards(
    db,
    rows.map((r) => r.id),
  );
}

export interface SectionPage {
  id: number;
  slug: string;
  title: string;
  description: string;
  /** from the top level down to the parent */
  ancestors: { slug: string; title: string }[];
  children: { slug: string; title: string }[];
}

export async function findSectionBySlug(db: Db, slug: string): Promise<SectionPage | null> {
  const rows = await db.kysely
    .selectFrom("sections")
    .select(["id", "parent_id", "slug", "title", "description", "sort"])
    .orderBy("sort")
    .orderBy("id")
    .execute();
  const section = rows.find((r) => r.slug === slug);
  if (!section) return null;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ancestors: { slug: string; title: string }[] = [];
  for (let p = section.parent_id, guard = 0; p !== null && guard < 32; guard++) {
    const parent = byId.get(p);
    if (!parent) break;
    ancestors.unshift({ slug: parent.slug, title: parent.title });
    p = parent.parent_id;
  }
  return {
    id: section.id,
    slug: section.slug,
    title: section.title,
    description: section.description,
    ancestors,
    children: rows.filter((r) => r.parent_id === section.id).map((r) => ({ slug: r.slug, title: r.title })),
  };
}
