import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// Full-text search over pre-stemmed words (the same Russian stemmer in our code for both
// dialects, so both find the same products): FTS5 on SQLite, a tsvector with a GIN index on
// PostgreSQL. See docs/decisions/006-catalog-search.md.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") {
    await sql`create table search_documents (
      product_id integer primary key references products(id) on delete cascade,
      stems text not null,
      tsv tsvector generated always as (to_tsvector('simple', stems)) stored
    )`.execute(db);
    await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
  } else {
    await sql`create virtual table search_documents using fts5(stems, product_id unindexed, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists search_documents`.execute(db);
}
