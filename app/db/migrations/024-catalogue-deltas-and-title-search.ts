import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect.ts";

// The back office at 100 000 products (docs/decisions/081-catalogue-speed-at-scale.md).
// - catalog_changes: which products each catalogue generation changed, so every app instance can
//   patch its in-memory index for just those products instead of rebuilding it (pruned by
//   catalogChanged; a generation with no rows here means «rebuild everything»).
// - The back office's word search («диван» in 12 000 titles) without scanning every title: a
//   narrow table of title and slug (ё written as е) kept by triggers in the writer's own
//   transaction, so no writer can forget it, with a trigram index. SQLite: an FTS5 trigram table
//   (which folds case, Cyrillic too); PostgreSQL: the text lower-cased, with a pg_trgm GIN index
//   (skipped when the server has no pg_trgm — the narrow table is then scanned).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("catalog_changes")
    .addColumn("generation", "bigint", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("catalog_changes_pk", ["generation", "product_id"])
    .execute();

  // the found ids are then checked against the filters and sorted in this narrow index, not in the
  // wide rows whose stock and price sit behind the description (SQLite: in overflow pages)
  await db.schema.createIndex("products_admin_by_id_idx").on("products").columns(["id", "stock", "published", "section_id", "price", "title"]).execute();

  if (dialect === "postgres") {
    await sql`create table product_title_search (
      product_id integer primary key references products(id) on delete cascade,
      text text not null
    )`.execute(db);
    await sql`create function product_title_search_sync() returns trigger language plpgsql as $$
    begin
      insert into product_title_search (product_id, text) values (new.id, lower(translate(new.title || ' ' || new.slug, 'ёЁ', 'еЕ')))
      on conflict (product_id) do update set text = excluded.text;
      return null;
    end $$`.execute(db);
    await sql`create trigger products_title_search_sync after insert or update of title, slug on products
      for each row execute function product_title_search_sync()`.execute(db);
    await sql`insert into product_title_search (product_id, text) select id, lower(translate(title || ' ' || slug, 'ёЁ', 'еЕ')) from products`.execute(db);
    const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (!available.rows[0]?.n) return;
    // in public, not in this schema: dropping one schema must not take the extension from the others
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create index product_title_search_trgm_idx on product_title_search using gin (text public.gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table product_title_search using fts5(text, tokenize = 'trigram')`.execute(db);
  const text = (row: string) => sql.raw(`replace(replace(${row}.title || ' ' || ${row}.slug, 'ё', 'е'), 'Ё', 'Е')`);
  await sql`create trigger products_title_search_insert after insert on products begin
    insert into product_title_search (rowid, text) values (new.id, ${text("new")});
  end`.execute(db);
  await sql`create trigger products_title_search_update after update of title, slug on products begin
    delete from product_title_search where rowid = old.id;
    insert into product_title_search (rowid, text) values (new.id, ${text("new")});
  end`.execute(db);
  await sql`create trigger products_title_search_delete after delete on products begin
    delete from product_title_search where rowid = old.id;
  end`.execute(db);
  await sql`insert into product_title_search (rowid, text) select id, ${text("products")} from products`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop table if exists product_title_search`.execute(db);
    await sql`drop function if exists product_title_search_sync() cascade`.execute(db);
  } else {
    await sql`drop trigger if exists products_title_search_insert`.execute(db);
    await sql`drop trigger if exists products_title_search_update`.execute(db);
    await sql`drop trigger if exists products_title_search_delete`.execute(db);
    await sql`drop table if exists product_title_search`.execute(db);
  }
  await sql`drop index if exists products_admin_by_id_idx`.execute(db);
  await db.schema.dropTable("catalog_changes").ifExists().execute();
}
