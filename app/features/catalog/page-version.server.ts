// What the shared pages are made of, as one number (docs/decisions/091-page-cache.md): the page
// version moves with every write to a table they show (triggers, migration 034), so a page cached
// under an older one is never served again, on this instance or any other reading the same
// database. One primary-key row: a fraction of a millisecond, read once per cacheable request.
import type { CompiledQuery } from "kysely";
import type { Db } from "../../db/database.server.ts";
import { getCatalogIndex } from "./catalog-index.server.ts";

/**
 * `<page version>.<catalogue index generation>`. The listing's order, counts and filters come
 * from this instance's in-memory index, which catches up with the database a moment after a
 * change (catalog-index.server.ts): with its generation in the version, a page rendered from the
 * old index is never kept under the new data's version.
 */
export async function readPageVersion(db: Db): Promise<string> {
  const [{ rows }, index] = await Promise.all([db.kysely.executeQuery(versionQuery(db)), getCatalogIndex(db)]);
  return `${Number(rows[0]?.version ?? 0)}.${index.generation}`;
}

// Built once per database: on a cache hit, building the query each time cost about as much as
// running it (decision 091).
const compiled = new WeakMap<Db, CompiledQuery<{ version: number }>>();
function versionQuery(db: Db): CompiledQuery<{ version: number }> {
  let query = compiled.get(db);
  if (!query) {
    query = db.kysely.selectFrom("page_version").select("version").where("id", "=", 1).compile();
    compiled.set(db, query);
  }
  return query;
}
