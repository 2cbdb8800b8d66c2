// How a catalogue write reaches the storefront (docs/decisions/074-live-storefront.md, 081). Every
// writer calls catalogChanged after its transaction commits: the search documents of the changed
// products are rewritten, the catalogue generation in the database moves on and the changed ids
// are listed under it (catalog_changes), so every app instance notices within its next check and
// patches its facet and search index for just those products; this instance starts at once.
// With several instances sharing Redis, the server also announces each new generation
// (announceCatalogChanges, decision 094), so the others catch up at once instead of at their
// next check; the generation in the database stays what they go by.
// Product pages, cards, the cart and the sitemap read the database on each request and need
// nothing more.
import type { Db } from "../../db/database.server.ts";
import { PATCH_MAX_PRODUCTS, refreshCatalogIndex } from "./catalog-index.server.ts";
import { rebuildSearchIndex, refreshSearchDocuments } from "./search-documents.server.ts";

/** Generations listed in catalog_changes: an instance further behind rebuilds its index. */
const KEEP_GENERATIONS = 1000;
const BATCH = 500;

const announcers = new WeakMap<Db, (generation: number) => void>();

/**
 * Calls `announce` with the new generation after each catalogChanged on `db` has committed
 * (server/app.ts publishes it to the other instances). A lost announcement costs only time: every
 * instance still finds the generation in the database on its next check.
 */
export function announceCatalogChanges(db: Db, announce: (generation: number) => void): void {
  announcers.set(db, announce);
}

/**
 * @param productIds the products created, edited, hidden or deleted; omit when too many changed
 *   to list (an import) or when sections or properties changed: every search document and every
 *   instance's index is then rebuilt. An empty list rebuilds every index too, but rewrites no
 *   search document (a section moved or its filters changed).
 * @param searchRebuilt every search document was already rewritten (by the import's worker thread)
 */
export async function catalogChanged(db: Db, productIds?: readonly number[], { searchRebuilt = false } = {}): Promise<void> {
  if (productIds) await refreshSearchDocuments(db, productIds);
  // a CSV import's worker thread rebuilds them itself, off the server's connection (decision 103)
  else if (!searchRebuilt) await rebuildSearchIndex(db);
  // too many to patch: no list, which tells every instance to rebuild
  const listed = productIds && productIds.length <= PATCH_MAX_PRODUCTS ? [...new Set(productIds)] : [];
  const generation = await db.kysely.transaction().execute(async (trx) => {
    const { generation } = await trx
      .updateTable("catalog_generation")
      .set((eb) => ({ generation: eb("generation", "+", 1) }))
      .where("id", "=", 1)
      .returning("generation")
      .executeTakeFirstOrThrow();
    for (let i = 0; i < listed.length; i += BATCH)
      await trx
        .insertInto("catalog_changes")
        .values(listed.slice(i, i + BATCH).map((product_id) => ({ generation, product_id })))
        .execute();
    await trx
      .deleteFrom("catalog_changes")
      .where("generation", "<=", Number(generation) - KEEP_GENERATIONS)
      .execute();
    return Number(generation);
  });
  void refreshCatalogIndex(db);
  announcers.get(db)?.(generation);
}
