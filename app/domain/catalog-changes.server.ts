// How a catalogue write reaches the storefront (docs/decisions/074-live-storefront.md). Every
// writer calls catalogChanged after its transaction commits: the search documents of the changed
// products are rewritten, the catalogue generation in the database moves on (so every app
// instance notices within its next check), and this instance starts building a fresh facet and
// search index in the background. Product pages, cards, the cart and the sitemap read the
// database on each request and need nothing more.
import type { Db } from "../db/database.server.ts";
import { refreshCatalogIndex } from "./catalog-index.server.ts";
import { rebuildSearchIndex, refreshSearchDocuments } from "./search.server.ts";

/**
 * @param productIds the products created, edited, hidden or deleted; omit when too many changed
 *   to list (an import), and every search document is rebuilt.
 */
export async function catalogChanged(db: Db, productIds?: readonly number[]): Promise<void> {
  if (productIds) await refreshSearchDocuments(db, productIds);
  else await rebuildSearchIndex(db);
  await db.kysely
    .updateTable("catalog_generation")
    .set((eb) => ({ generation: eb("generation", "+", 1) }))
    .where("id", "=", 1)
    .execute();
  refreshCatalogIndex(db);
}
