// The filters a section's storefront listing offers (decision 079): the section's own choice
// from the back office, else its nearest ancestor's, else null (the usual panel). Read on every
// listing request (two small queries), so a saved choice shows on the next page without waiting
// for the facet index to be rebuilt.
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import { inheritedChoice, type FacetChoice } from "./section-facets.ts";
import { ancestorChain } from "./section-tree.ts";

type Executor = Db["kysely"] | Transaction<Database>;

/** The saved choices of these sections, in their order (sections without one are absent). */
export async function loadFacetChoices(k: Executor, sectionIds: readonly number[]): Promise<Map<number, FacetChoice[]>> {
  const choices = new Map<number, FacetChoice[]>();
  if (!sectionIds.length) return choices;
  const rows = await k
    .selectFrom("section_facets")
    .select(["section_id", "code", "shown"])
    .where("section_id", "in", sectionIds)
    .orderBy("section_id")
    .orderBy("sort")
    .execute();
  for (const r of rows) {
    const list = choices.get(r.section_id) ?? [];
    list.push({ code: r.code, shown: Number(r.shown) === 1 });
    choices.set(r.section_id, list);
  }
  return choices;
}

/** The choice that applies to a section's listing, or null: offer every filter as usual. */
export async function sectionFacetChoice(db: Db, sectionId: number): Promise<FacetChoice[] | null> {
  const sections = await db.kysely.selectFrom("sections").select(["id", "parent_id as parentId"]).execute();
  const chain = ancestorChain(sections, sectionId);
  return inheritedChoice(chain, await loadFacetChoices(db.kysely, chain))?.choice ?? null;
}
