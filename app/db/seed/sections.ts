// Section rows with ids fixed up front (top-level sections first, then their children), so
// products can point at them before anything is inserted.
import type { NewSection } from "../schema.ts";
import { SECTIONS } from "./catalog-data.ts";

export interface SectionIndex {
  rows: (NewSection & { id: number })[];
  idOf(slug: string): number;
  /** top-level slug of a leaf section */
  topOf(leafSlug: string): string;
}

export function buildSections(): SectionIndex {
  const rows: (NewSection & { id: number })[] = [];
  const ids = new Map<string, number>();
  const tops = new Map<string, string>();
  SECTIONS.forEach((top, i) => {
    const id = rows.length + 1;
    rows.push({ id, parent_id: null, slug: top.slug, title: top.title, description: top.description, sort: (i + 1) * 10 });
    ids.set(top.slug, id);
  });
  for (const top of SECTIONS) {
    top.children.forEach((child, j) => {
      const id = rows.length + 1;
      rows.push({ id, parent_id: ids.get(top.slug) as number, slug: child.slug, title: child.title, description: child.description, sort: (j + 1) * 10 });
      ids.set(child.slug, id);
      tops.set(child.slug, top.slug);
    });
  }
  return {
    rows,
    idOf(slug) {
      const id = ids.get(slug);
      if (id === undefined) throw new Error(`unknown section ${slug}`);
      return id;
    },
    topOf(leafSlug) {
      const top = tops.get(leafSlug);
      if (top === undefined) throw new Error(`${leafSlug} is not a leaf section`);
      return top;
    },
  };
}
