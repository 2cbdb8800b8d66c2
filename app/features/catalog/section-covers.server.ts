// A picture for each catalogue section's tile (/catalog/ and the home page): the illustration of
// the section's most popular product that has one. Found in the catalogue index's popularity
// order, so it costs one query for the few products chosen.
import type { Db } from "../../db/database.server.ts";
import type { ProductImage } from "../../db/schema.ts";
import { firstProductImage } from "../../lib/json-columns.ts";
import { getCatalogIndex } from "./catalog-index.server.ts";

/** How many of a section's most popular products are tried for a picture. */
const CANDIDATES = 5;

export async function loadSectionCovers(db: Db, sectionIds: readonly number[]): Promise<Record<number, ProductImage>> {
  const index = await getCatalogIndex(db);
  const candidates = new Map<number, number[]>();
  for (const id of sectionIds) {
    const members = index.sections.get(id);
    if (!members) continue;
    const ids: number[] = [];
    for (let i = 0; i < index.orders.popular.length && ids.length < CANDIDATES; i++) {
      const pos = index.orders.popular[i]!;
      if (members.has(pos)) ids.push(index.ids[pos]!);
    }
    if (ids.length) candidates.set(id, ids);
  }
  const all = [...new Set([...candidates.values()].flat())];
  if (!all.length) return {};
  const rows = await db.kysely.selectFrom("products").select(["id", "images"]).where("id", "in", all).execute();
  const images = new Map(rows.map((r) => [r.id, firstProductImage(r.images)]));
  const covers: Record<number, ProductImage> = {};
  for (const [section, ids] of candidates) {
    const image = ids.map((id) => images.get(id)).find((i) => i);
    if (image) covers[section] = image;
  }
  return covers;
}
