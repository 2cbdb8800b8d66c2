import type { Db } from "../db/database.server.ts";
import { formatPrice } from "../lib/format.ts";
import { queryStems, words, stem } from "../lib/russian-words.ts";
import { searchProductIds } from "./search.server.ts";

export interface Suggestions {
  sections: { title: string; href: string }[];
  products: { title: string; href: string; price: string }[];
}

const SECTION_LIMIT = 3;
const PRODUCT_LIMIT = 6;

export async function suggest(db: Db, text: string): Promise<Suggestions> {
  const stems = queryStems(text);
  if (!stems.length) return { sections: [], products: [] };
  const [sections, ids] = await Promise.all([db.kysely.selectFrom("sections").select(["slug", "title"]).orderBy("sort").execute(), searchProductIds(db, text)]);
  // a section matches when every query word starts one of its title's stems
  const matchingSections = sections
    .filter((s) => {
      const titleStems = words(s.title).map(stem);
      return stems.every((q) => titleStems.some((t) => t.startsWith(q) || q.startsWith(t)));
    })
    .slice(0, SECTION_LIMIT);
  const products = ids.length
    ? await db.kysely
        .selectFrom("products")
        .select(["slug", "title", "price"])
        .where("id", "in", ids)
        .orderBy("popularity", "desc")
        .orderBy("id")
        .limit(PRODUCT_LIMIT)
        .execute()
    : [];
  return {
    sections: matchingSections.map((s) => ({ title: s.title, href: `/catalog/${s.slug}/` })),
    products: products.map((p) => ({ title: p.title, href: `/product/${p.slug}/`, price: formatPrice(Number(p.price)) })),
  };
}
