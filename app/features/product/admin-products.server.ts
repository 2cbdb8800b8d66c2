// The back office's products (decision 073): the searchable list at 100 000 products and
// the bulk actions on checked rows. Every bulk change is one transaction with an audit entry per
// product, so the journal shows each product's before and after, and nothing lands half-done.
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import {
  classifyProductSearch,
  LOW_STOCK_MAX,
  type ProductSearchWord,
  PRODUCT_PAGE_SIZE,
  scalePrice,
  type BulkCommand,
  type ProductListFilter,
} from "./product-list-query.ts";
import type { AdminProductList, SectionOption } from "./admin-product-types.ts";
import { catalogChanged } from "../catalog/index.server.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { recomputeSetsContaining } from "./set-totals.server.ts";
import { FieldRefusal } from "../../lib/field-refusal.ts";
import { countedPage } from "../../db/counted-page.ts";

/** A refusal the route turns into a status and a Russian message under `field`. */
export class AdminProductError extends FieldRefusal {}

interface SectionRow {
  id: number;
  parent_id: number | null;
  title: string;
  sort: number;
}

async function loadSections(db: Db | Transaction<Database>): Promise<SectionRow[]> {
  const kysely = "kysely" in db ? db.kysely : db;
  return kysely.selectFrom("sections").select(["id", "parent_id", "title", "sort"]).orderBy("sort").orderBy("id").execute();
}

/** The sections as a tree flattened for a <select>, parents before their children. */
export async function sectionOptions(db: Db): Promise<SectionOption[]> {
  const rows = await loadSections(db);
  const out: SectionOption[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const s of rows.filter((r) => r.parent_id === parent)) {
      out.push({ id: s.id, label: `${"— ".repeat(depth)}${s.title}` });
      walk(s.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** a section and everything under it: filtering by «Гостиная» shows its sofas too */
function subtreeOf(rows: SectionRow[], root: number): number[] {
  const ids = [root];
  for (let i = 0; i < ids.length; i++) for (const r of rows) if (r.parent_id === ids[i]) ids.push(r.id);
  return ids;
}

/** The trigram index needs three letters; shorter words are looked for in the titles themselves. */
const TRIGRAM = 3;

/**
 * «title or slug holds this word», answered by the title index (migration 024) rather than by
 * reading 100 000 titles: SQLite's FTS5 trigram table folds case for Cyrillic too; PostgreSQL's
 * table holds the text lower-cased, and its pg_trgm index serves the LIKE.
 */
function wordMatches(db: Db, word: ProductSearchWord): Expression<SqlBool> {
  if (db.dialect === "postgres") return sql<SqlBool>`id in (select product_id from product_title_search where text like ${`%${word.folded}%`})`;
  if ([...word.folded].length >= TRIGRAM)
    return sql<SqlBool>`id in (select rowid from product_title_search where product_title_search match ${`"${word.folded}"`})`;
  // SQLite's LIKE folds Latin case only: try the spellings titles use
  const like = [...word.spellings.map((s) => sql<SqlBool>`title like ${`%${s}%`}`), sql<SqlBool>`slug like ${`%${word.folded}%`}`];
  return sql<SqlBool>`(${sql.join(like, sql` or `)})`;
}

export async function listAdminProducts(db: Db, filter: ProductListFilter): Promise<AdminProductList> {
  const sections = await loadSections(db);
  let query = db.kysely.selectFrom("products");
  const search = classifyProductSearch(filter.q);
  if (search.kind === "text") {
    // digits alone are an id: one primary-key look-up, not a search of every title; one word may
    // also be a product's own article (an exact look-up by its index, decision 099)
    const byArticle = (eb: ExpressionBuilder<Database, "products">) => eb("article", "in", [search.article!, search.article!.toUpperCase()]);
    if (search.id) {
      const id = search.id;
      query = query.where((eb) => eb.or([eb("id", "=", id), byArticle(eb)]));
    } else if (search.article) query = query.where((eb) => eb.or([eb.and(search.words.map((word) => wordMatches(db, word))), byArticle(eb)]));
    else query = query.where((eb) => eb.and(search.words.map((word) => wordMatches(db, word))));
  }
  if (filter.section) query = query.where("section_id", "in", subtreeOf(sections, filter.section));
  if (filter.status) query = query.where("published", "=", filter.status === "published" ? 1 : 0);
  if (filter.stock === "in") query = query.where("stock", ">", 0);
  else if (filter.stock === "low") query = query.where("stock", ">", 0).where("stock", "<=", LOW_STOCK_MAX);
  else if (filter.stock === "none") query = query.where("stock", "<=", 0);

  const { total, page, pages, limit, offset } = await countedPage(query, filter.page, PRODUCT_PAGE_SIZE);
  // first the page's ids from the indexes alone, then only those rows
  let ordered = query.select("id");
  if (filter.sort === "title") ordered = ordered.orderBy("title").orderBy("id");
  else if (filter.sort === "price_asc") ordered = ordered.orderBy("price").orderBy("id");
  else if (filter.sort === "price_desc") ordered = ordered.orderBy("price", "desc").orderBy("id", "desc");
  else if (filter.sort === "stock") ordered = ordered.orderBy("stock").orderBy("id");
  else ordered = ordered.orderBy("id", "desc");
  const ids = (await ordered.limit(limit).offset(offset).execute()).map((r) => r.id);
  const rows = ids.length
    ? await db.kysely
        .selectFrom("products")
        .select(["id", "title", "slug", "section_id", "kind", "price", "old_price", "stock", "published", "article", "weight"])
        .where("id", "in", ids)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const titles = new Map(sections.map((s) => [s.id, s.title]));
  return {
    total,
    page,
    pages,
    rows: ids
      .map((id) => byId.get(id)!)
      .map((r) => ({
        id: r.id,
        title: r.title,
        slug: r.slug,
        sectionTitle: titles.get(r.section_id) ?? "",
        kind: r.kind,
        price: Number(r.price),
        oldPrice: r.old_price === null ? null : Number(r.old_price),
        stock: r.stock,
        published: r.published === 1,
        article: r.article,
        noWeight: r.kind === "product" && Number(r.weight) <= 0,
      })),
  };
}

/** What a bulk action changed: how many products (the rest of the checked ids no longer exist). */
export async function applyBulkAction(db: Db, actor: StaffActor, command: BulkCommand, now = Date.now()): Promise<number> {
  const touched: number[] = [];
  const changed = await db.kysely.transaction().execute(async (trx) => {
    if (command.action === "move") {
      const section = await trx.selectFrom("sections").select("id").where("id", "=", command.sectionId).executeTakeFirst();
      if (!section) throw new AdminProductError(422, "Такого раздела нет: выберите раздел из списка.", "sectionId");
    }
    const products = await trx
      .selectFrom("products")
      .select(["id", "kind", "published", "section_id", "price", "old_price"])
      .where("id", "in", command.ids)
      .orderBy("id")
      .execute();
    let changed = 0;
    for (const p of products) {
      let before: Record<string, unknown>;
      let after: Record<string, unknown>;
      if (command.action === "publish" || command.action === "hide") {
        const published = command.action === "publish" ? 1 : 0;
        if (p.published === published) continue;
        before = { published: p.published === 1 };
        after = { published: published === 1 };
        await trx
          .updateTable("products")
          .set((eb) => ({ published, version: eb("version", "+", 1), updated_at: now }))
          .where("id", "=", p.id)
          .execute();
      } else if (command.action === "move") {
        if (p.section_id === command.sectionId) continue;
        before = { sectionId: p.section_id };
        after = { sectionId: command.sectionId };
        await trx
          .updateTable("products")
          .set((eb) => ({ section_id: command.sectionId, version: eb("version", "+", 1), updated_at: now }))
          .where("id", "=", p.id)
          .execute();
      } else if (command.action === "price") {
        // a set's price follows its items (decision 078): it moves with them, not by itself
        if (p.kind === "set") continue;
        const oldPrice = p.old_price === null ? null : Number(p.old_price);
        const next = scalePrice(Number(p.price), oldPrice, command.percent);
        before = { price: Number(p.price), oldPrice };
        after = { price: next.price, oldPrice: next.oldPrice, percent: command.percent };
        // every variant of the model moves by the percent; the model's price follows by trigger
        // (docs/decisions/108-product-variants.md)
        const variants = await trx.selectFrom("product_variants").select(["id", "price", "old_price"]).where("product_id", "=", p.id).execute();
        for (const v of variants) {
          const scaled = scalePrice(Number(v.price), v.old_price === null ? null : Number(v.old_price), command.percent);
          await trx.updateTable("product_variants").set({ price: scaled.price, old_price: scaled.oldPrice, updated_at: now }).where("id", "=", v.id).execute();
        }
        await trx
          .updateTable("products")
          .set((eb) => ({ version: eb("version", "+", 1), updated_at: now }))
          .where("id", "=", p.id)
          .execute();
      } else continue;
      await recordAudit(trx, actor, { action: `product.bulk.${command.action}`, entity: "product", entityId: p.id, before, after }, now);
      touched.push(p.id);
      changed++;
    }
    // the sets containing the repriced products follow them in this same transaction
    if (command.action === "price") touched.push(...(await recomputeSetsContaining(trx, [...touched], actor, now)));
    return changed;
  });
  // the storefront shows the change within a second (decision 074)
  if (touched.length) await catalogChanged(db, touched);
  return changed;
}
