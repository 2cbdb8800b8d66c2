// Catalogue sections in the back office («Разделы», decision 079): the tree, adding,
// renaming, moving among siblings or under another parent, deleting an empty section, and the
// filters each section's listing offers. Every write is one transaction that checks the version
// the editor saw (the conditional update is the lock), writes its audit entry with before and
// after, and calls catalogChanged once committed, so the menu, the catalogue pages and the facet
// index show it within a second. A refusal throws SectionEditError before anything is written.
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.server.ts";
import type { Database } from "../../db/schema.ts";
import { BRAND_OPTION, facetFormRows, inheritedChoice, PRICE_OPTION, type FacetChoice, type FacetOption } from "./section-facets.ts";
import { SECTION_MESSAGES, type SectionAddInput, type SectionEditInput } from "./section-form.ts";
import { ancestorChain, flattenTree, moveAmongSiblings, siblingsOf, subtreeIds, type SectionRow, type TreeEntry } from "./section-tree.ts";
import { sectionProperties } from "./section-properties.server.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { catalogChanged } from "./catalog-changes.server.ts";
import { refreshSearchDocuments } from "./search-documents.server.ts";
import { loadFacetChoices } from "./section-facets.server.ts";
import { FieldRefusal } from "../../lib/field-refusal.ts";
import { updateAtVersion } from "../../db/versioned-update.ts";

type Executor = Db["kysely"] | Transaction<Database>;

/** A refused change: the HTTP status, the Russian message and the form field it belongs to. */
export class SectionEditError extends FieldRefusal {}

const NOT_FOUND = "Такого раздела нет.";

async function loadRows(k: Executor): Promise<SectionRow[]> {
  const [sections, counts] = await Promise.all([
    k.selectFrom("sections").select(["id", "parent_id", "slug", "title", "sort", "version"]).execute(),
    k
      .selectFrom("products")
      .select(["section_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("section_id")
      .execute(),
  ]);
  const countOf = new Map(counts.map((c) => [c.section_id, Number(c.n)]));
  return sections.map((s) => ({
    id: s.id,
    parentId: s.parent_id,
    slug: s.slug,
    title: s.title,
    sort: Number(s.sort),
    version: Number(s.version),
    ownProducts: countOf.get(s.id) ?? 0,
  }));
}

/** Every section in display order with its depth and product count (subsections included). */
export async function loadSectionTree(db: Db): Promise<TreeEntry[]> {
  return flattenTree(await loadRows(db.kysely));
}

export interface SectionFacetsView {
  /** the rows of the facet form: the section's own choice, else the inherited one, else all shown */
  rows: (FacetOption & { shown: boolean })[];
  /** the section whose choice applies when it is not this one's own; null: own, or none anywhere */
  inheritedFrom: { id: number; title: string } | null;
  own: boolean;
}

export interface SectionEditView {
  section: TreeEntry;
  /** from the top level down to the parent */
  ancestors: { id: number; title: string }[];
  /** where it may move: every section outside its own subtree, indented by depth */
  parentOptions: { id: number; title: string; depth: number }[];
  facets: SectionFacetsView;
}

export async function loadSectionForEdit(db: Db, id: number): Promise<SectionEditView | null> {
  const rows = await loadRows(db.kysely);
  const tree = flattenTree(rows);
  const section = tree.find((s) => s.id === id);
  if (!section) return null;
  const inside = subtreeIds(rows, id);
  const chain = ancestorChain(rows, id);
  const [choices, properties] = await Promise.all([loadFacetChoices(db.kysely, chain), sectionProperties(db.kysely, id)]);
  const applied = inheritedChoice(chain, choices);
  const options: FacetOption[] = [PRICE_OPTION, BRAND_OPTION, ...properties.map((p) => ({ code: p.code, title: p.title }))];
  const titleOf = new Map(rows.map((r) => [r.id, r.title]));
  return {
    section,
    ancestors: chain
      .slice(1)
      .reverse()
      .map((a) => ({ id: a, title: titleOf.get(a) ?? "" })),
    parentOptions: tree.filter((s) => !inside.has(s.id)).map((s) => ({ id: s.id, title: s.title, depth: s.depth })),
    facets: {
      rows: facetFormRows(options, applied?.choice ?? null),
      inheritedFrom: applied && applied.from !== id ? { id: applied.from, title: titleOf.get(applied.from) ?? "" } : null,
      own: applied?.from === id,
    },
  };
}

async function checkParent(trx: Transaction<Database>, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const parent = await trx.selectFrom("sections").select("id").where("id", "=", parentId).executeTakeFirst();
  if (!parent) throw new SectionEditError(422, SECTION_MESSAGES.parentUnknown, "parentId");
}

/** The sort number that puts a section last among a parent's children. */
async function nextSort(trx: Transaction<Database>, parentId: number | null): Promise<number> {
  const row = await trx
    .selectFrom("sections")
    .select((eb) => eb.fn.max("sort").as("top"))
    .where("parent_id", parentId === null ? "is" : "=", parentId)
    .executeTakeFirst();
  return row?.top == null ? 10 : Number(row.top) + 10;
}

/** Adds a section, last among its siblings; returns its id. */
export async function addSection(db: Db, actor: StaffActor, input: SectionAddInput, now = Date.now()): Promise<number> {
  const id = await db.kysely.transaction().execute(async (trx) => {
    await checkParent(trx, input.parentId);
    const taken = await trx.selectFrom("sections").select("id").where("slug", "=", input.slug).executeTakeFirst();
    if (taken) throw new SectionEditError(422, SECTION_MESSAGES.slugTaken, "slug");
    const sort = await nextSort(trx, input.parentId);
    const row = await trx
      .insertInto("sections")
      .values({ parent_id: input.parentId, slug: input.slug, title: input.title, description: "", sort, version: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      {
        action: "section.add",
        entity: "section",
        entityId: row.id,
        before: null,
        after: { title: input.title, slug: input.slug, parentId: input.parentId, sort },
      },
      now,
    );
    return row.id;
  });
  await catalogChanged(db, []);
  return id;
}

/** Bumps the version the editor saw, or refuses: another save came first. */
async function claimVersion(trx: Transaction<Database>, id: number, version: number, field = "version"): Promise<void> {
  if (!(await updateAtVersion(trx, "sections", { column: "id", id }, version, {}))) throw new SectionEditError(409, SECTION_MESSAGES.conflict, field);
}

async function currentRow(trx: Transaction<Database>, id: number) {
  const row = await trx.selectFrom("sections").select(["id", "parent_id", "slug", "title", "sort"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new SectionEditError(404, NOT_FOUND, "section");
  return row;
}

/**
 * Renames a section and/or puts it under another parent (last among its new siblings). The
 * address stays as it is: links to the section keep working (decision 079).
 */
export async function editSection(db: Db, actor: StaffActor, id: number, input: SectionEditInput, now = Date.now()): Promise<void> {
  const renamed = await db.kysely.transaction().execute(async (trx) => {
    const before = await currentRow(trx, id);
    await checkParent(trx, input.parentId);
    if (input.parentId !== null) {
      const rows = await trx.selectFrom("sections").select(["id", "parent_id as parentId"]).execute();
      if (subtreeIds(rows, id).has(input.parentId)) throw new SectionEditError(422, SECTION_MESSAGES.parentInside, "parentId");
    }
    await claimVersion(trx, id, input.version);
    const moved = before.parent_id !== input.parentId;
    const sort = moved ? await nextSort(trx, input.parentId) : Number(before.sort);
    await trx.updateTable("sections").set({ title: input.title, parent_id: input.parentId, sort }).where("id", "=", id).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "section.edit",
        entity: "section",
        entityId: id,
        before: { title: before.title, parentId: before.parent_id, sort: Number(before.sort) },
        after: { title: input.title, parentId: input.parentId, sort },
      },
      now,
    );
    return before.title !== input.title;
  });
  // a product's search document carries its own section's title
  const products = renamed ? await db.kysely.selectFrom("products").select("id").where("section_id", "=", id).execute() : [];
  if (products.length)
    await refreshSearchDocuments(
      db,
      products.map((p) => p.id),
    );
  // no product list: the section tree changed, so every instance rebuilds its index (decision 081)
  await catalogChanged(db, []);
}

/**
 * «Выше» / «Ниже»: swaps the section with its neighbour among its siblings. The siblings are
 * renumbered 10, 20, 30… so equal or gapless sort numbers from the seed or an import still move.
 * At either end nothing changes (and nothing is written).
 */
export async function moveSection(db: Db, actor: StaffActor, id: number, direction: "up" | "down", version: number, now = Date.now()): Promise<void> {
  const moved = await db.kysely.transaction().execute(async (trx) => {
    const before = await currentRow(trx, id);
    const rows = await trx
      .selectFrom("sections")
      .select(["id", "parent_id", "slug", "title", "sort", "version"])
      .where("parent_id", before.parent_id === null ? "is" : "=", before.parent_id)
      .execute();
    const siblings = siblingsOf(
      rows.map((r) => ({ id: r.id, parentId: r.parent_id, slug: r.slug, title: r.title, sort: Number(r.sort), version: Number(r.version), ownProducts: 0 })),
      before.parent_id,
    );
    const order = moveAmongSiblings(siblings, id, direction);
    if (!order) return false;
    await claimVersion(trx, id, version, `move-${id}`);
    const sortOf = new Map(siblings.map((s) => [s.id, s.sort]));
    for (const [i, sibling] of order.entries()) {
      const sort = (i + 1) * 10;
      if (sortOf.get(sibling) !== sort) await trx.updateTable("sections").set({ sort }).where("id", "=", sibling).execute();
    }
    await recordAudit(
      trx,
      actor,
      {
        action: "section.move",
        entity: "section",
        entityId: id,
        before: { position: siblings.findIndex((s) => s.id === id) + 1 },
        after: { position: order.indexOf(id) + 1 },
      },
      now,
    );
    return true;
  });
  if (moved) await catalogChanged(db, []);
}

/** Deletes a section that holds no products (hidden ones count) and no subsections. */
export async function deleteSection(db: Db, actor: StaffActor, id: number, version: number, now = Date.now()): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await currentRow(trx, id);
    const child = await trx.selectFrom("sections").select("id").where("parent_id", "=", id).limit(1).executeTakeFirst();
    if (child) throw new SectionEditError(422, "В разделе есть подразделы: сначала перенесите или удалите их.", "delete");
    const products = await trx
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("section_id", "=", id)
      .executeTakeFirstOrThrow();
    if (Number(products.n) > 0)
      throw new SectionEditError(422, `В разделе товаров: ${Number(products.n)}. Перенесите их в другой раздел, затем удалите раздел.`, "delete");
    await claimVersion(trx, id, version, "delete");
    await trx.deleteFrom("section_facets").where("section_id", "=", id).execute();
    await trx.deleteFrom("sections").where("id", "=", id).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "section.delete",
        entity: "section",
        entityId: id,
        before: { title: before.title, slug: before.slug, parentId: before.parent_id },
        after: null,
      },
      now,
    );
  });
  await catalogChanged(db, []);
}

/**
 * Saves the section's own filter choice (`choice` null: drop it, the parent's applies again).
 * Codes the section's products do not carry are refused.
 */
export async function saveSectionFacets(db: Db, actor: StaffActor, id: number, choice: FacetChoice[] | null, version: number, now = Date.now()): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await currentRow(trx, id);
    if (choice) {
      const known = new Set([PRICE_OPTION.code, BRAND_OPTION.code, ...(await sectionProperties(trx, id)).map((p) => p.code)]);
      if (choice.some((c) => !known.has(c.code))) throw new SectionEditError(422, "У товаров раздела нет такого свойства: обновите страницу.", "facets");
    }
    await claimVersion(trx, id, version, "facets");
    const before = await trx.selectFrom("section_facets").select(["code", "shown"]).where("section_id", "=", id).orderBy("sort").execute();
    await trx.deleteFrom("section_facets").where("section_id", "=", id).execute();
    if (choice?.length)
      await trx
        .insertInto("section_facets")
        .values(choice.map((c, i) => ({ section_id: id, code: c.code, sort: (i + 1) * 10, shown: c.shown ? 1 : 0 })))
        .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "section.facets",
        entity: "section",
        entityId: id,
        before: before.length ? before.map((b) => ({ code: b.code, shown: Number(b.shown) === 1 })) : null,
        after: choice?.length ? choice : null,
      },
      now,
    );
  });
  await catalogChanged(db, []);
}
