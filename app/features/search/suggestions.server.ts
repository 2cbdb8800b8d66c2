// Predictive search under the header box: a few sections and the best products for what is
// typed so far, with typos and the wrong keyboard layout corrected like on the search page.
import type { Db } from "../../db/database.server.ts";
import { formatPrice } from "../../lib/format.ts";
import { firstProductImage } from "../../lib/json-columns.ts";
import { buildListingSearch } from "../catalog/index.ts";
import { queryStems, stem, words } from "../../lib/russian-words.ts";
import { getCatalogIndex } from "../catalog/index.server.ts";
import { findProducts } from "./search.server.ts";
import type { Suggestions } from "./search-types.ts";

const SECTION_LIMIT = 3;
const PRODUCT_LIMIT = 6;
/** the smallest width the product images are made in (ProductPicture) */
const THUMBNAIL_WIDTH = 320;

export const NO_SUGGESTIONS: Suggestions = { correction: null, sections: [], products: [] };

export async function suggest(db: Db, text: string): Promise<Suggestions> {
  if (!queryStems(text).length) return NO_SUGGESTIONS;
  const index = await getCatalogIndex(db);
  const [sections, found] = await Promise.all([
    db.kysely.selectFrom("sections").select(["slug", "title"]).orderBy("sort").execute(),
    findProducts(db, index, text, { typing: true }),
  ]);
  // a section matches when every query word starts one of its title's stems
  const stems = queryStems(found.text);
  const matchingSections = sections
    .filter((s) => {
      const titleStems = words(s.title).map(stem);
      return stems.every((q) => titleStems.some((t) => t.startsWith(q) || q.startsWith(t)));
    })
    .slice(0, SECTION_LIMIT);
  const ids = found.positions.slice(0, PRODUCT_LIMIT).map((pos) => index.ids[pos]!);
  const rows = ids.length
    ? await db.kysely
        .selectFrom("products")
        .innerJoin("sections", "sections.id", "products.section_id")
        .select(["products.id", "products.slug", "products.title", "products.price", "products.images", "sections.title as section"])
        .where("products.id", "in", ids)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    correction: found.suggestion ? { text: found.suggestion, href: `/search/${buildListingSearch({ q: found.suggestion })}` } : null,
    sections: matchingSections.map((s) => ({ title: s.title, href: `/catalog/${s.slug}/` })),
    products: ids.flatMap((id) => {
      const p = byId.get(id);
      if (!p) return [];
      const image = firstProductImage(p.images);
      return [
        {
          title: p.title,
          href: `/product/${p.slug}/`,
          price: formatPrice(Number(p.price)),
          section: p.section,
          thumbnail: image ? `${image.src}-${THUMBNAIL_WIDTH}.webp` : null,
        },
      ];
    }),
  };
}
