// The products' search documents: their words pre-stemmed (app/lib/russian-words.ts) into
// search_documents, which FTS5 indexes on SQLite and tsvector + GIN on PostgreSQL
// (docs/decisions/006-catalog-search.md). Every catalogue writer rewrites them through
// catalogChanged (catalog-changes.server.ts); the search feature queries them.
import type { Kysely } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import { documentStems } from "../../lib/russian-words.ts";

const BATCH = 500;

/** Products a rebuild reads and writes the documents of at a time (see rebuildSearchIndex). */
const REBUILD_SLICE = 2000;

/** Search documents (title, article, brand, section, properties, description) of the given products, or of an id range. */
async function searchDocuments(k: Kysely<Database>, ids: readonly number[] | { from: number; to: number }): Promise<{ product_id: number; stems: string }[]> {
  let products = k.selectFrom("products").select(["id", "section_id", "title", "article", "brand", "description"]);
  let valueRows = k.selectFrom("product_values").select(["product_id", "value_text"]).where("value_text", "is not", null);
  if ("from" in ids) {
    products = products.where("id", ">=", ids.from).where("id", "<=", ids.to);
    valueRows = valueRows.where("product_id", ">=", ids.from).where("product_id", "<=", ids.to);
  } else {
    products = products.where("id", "in", ids);
    valueRows = valueRows.where("product_id", "in", ids);
  }
  const [rows, sections, values] = await Promise.all([products.execute(), k.selectFrom("sections").select(["id", "title"]).execute(), valueRows.execute()]);
  const sectionTitle = new Map(sections.map((s) => [s.id, s.title]));
  const valuesOf = new Map<number, string[]>();
  for (const v of values) {
    const list = valuesOf.get(v.product_id) ?? [];
    list.push(v.value_text!);
    valuesOf.set(v.product_id, list);
  }
  return rows.map((p) => ({
    product_id: p.id,
    stems: documentStems([p.title, p.article, p.brand, sectionTitle.get(p.section_id) ?? "", ...(valuesOf.get(p.id) ?? []), p.description].join(" ")),
  }));
}

/**
 * Rebuilds every product's search document, a slice of products at a time inside the one
 * transaction: every document at once took more heap than the server has at 100 000 products
 * (descriptions and values for all of them), and an import or a section edit runs this in the
 * server (decision 093).
 */
export async function rebuildSearchIndex(db: Db): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("search_documents").execute();
    let written = 0;
    for (let after = 0; ;) {
      const slice = await trx.selectFrom("products").select("id").where("id", ">", after).orderBy("id").limit(REBUILD_SLICE).execute();
      if (!slice.length) return written;
      after = slice.at(-1)!.id;
      const docs = await searchDocuments(trx, { from: slice[0]!.id, to: after });
      for (let i = 0; i < docs.length; i += BATCH)
        await trx
          .insertInto("search_documents")
          .values(docs.slice(i, i + BATCH))
          .execute();
      written += docs.length;
    }
  });
}

/** Rewrites the documents of these products after an edit; a deleted product's document goes. */
export async function refreshSearchDocuments(db: Db, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH);
    const docs = await searchDocuments(db.kysely, chunk);
    await db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom("search_documents").where("product_id", "in", chunk).execute();
      if (docs.length) await trx.insertInto("search_documents").values(docs).execute();
    });
  }
}

/** Builds the index when it is missing or out of step with the products (first start, new seed). */
export async function ensureSearchIndex(db: Db): Promise<void> {
  const [docs, products] = await Promise.all([
    db.kysely
      .selectFrom("search_documents")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db.kysely
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(docs.n) !== Number(products.n)) await rebuildSearchIndex(db);
}
