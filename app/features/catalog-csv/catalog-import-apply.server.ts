// «Применить» of a catalogue CSV (decisions 098 and 103): the session's planned rows written in ONE
// transaction, or nothing. Kept apart from the planning so that a worker thread can run it with
// its own SQLite connection (catalog-import.worker.ts) while the server's connection goes on
// serving visitors' reads; on PostgreSQL the server runs it itself through the pool.
import { setImmediate as nextTurn } from "node:timers/promises";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { FieldChange } from "./catalog-import-types.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { recomputeSetsContaining } from "../product/index.server.ts";

type Reader = Kysely<Database> | Transaction<Database>;
type StagedRow = Database["import_rows"];

/** lines written per statement by «Применить» (the event loop gets a turn between them) */
const APPLY_RANGE = 5_000;

export const STALE_IMPORT =
  "Каталог изменился после просмотра файла (товары из него изменили, удалили или создали): ничего не применено. Загрузите файл ещё раз.";

/** what the writes need of the session: its counts and the property columns of the file */
export interface ApplyPlan {
  id: string;
  counts: { create: number; change: number; unchanged: number };
  propertyIds: number[];
}

export type WriteResult = { ok: true; created: number; changed: number; unchanged: number } | { ok: false; message: string };

/** Line ranges of a session, APPLY_RANGE lines each, for statements that must stay short. */
export async function lineRanges(db: Reader, id: string): Promise<[number, number][]> {
  const { max } = await db
    .selectFrom("import_rows")
    .select((eb) => eb.fn.max("line").as("max"))
    .where("session_id", "=", id)
    .executeTakeFirstOrThrow();
  const ranges: [number, number][] = [];
  for (let lo = 0; lo <= Number(max ?? 0); lo += APPLY_RANGE) ranges.push([lo, lo + APPLY_RANGE]);
  return ranges;
}

/**
 * Writes the planned rows in one transaction. Refused (nothing written) when a product of the file
 * changed (its version), vanished, or a new slug got taken since the preview: the staff member
 * applies exactly what they saw. Writes are set-based statements of APPLY_RANGE lines.
 */
export async function writeCatalogImport(db: Kysely<Database>, actor: StaffActor, plan: ApplyPlan, now: number): Promise<WriteResult> {
  const { id } = plan;
  const summary = plan;
  const ranges = await lineRanges(db, id);
  return db.transaction().execute(async (trx): Promise<WriteResult> => {
    if (await isStale(trx, id)) return { ok: false, message: STALE_IMPORT };
    const perProduct = summary.counts.create + summary.counts.change <= 1000;
    const propIds = summary.propertyIds;
    for (const [lo, hi] of ranges) {
      const staged = (kind: StagedRow["kind"]) =>
        trx.selectFrom("import_rows as r").where("r.session_id", "=", id).where("r.kind", "=", kind).where("r.line", ">=", lo).where("r.line", "<", hi);
      if (summary.counts.create > 0) {
        await trx.deleteFrom("deleted_products").where("slug", "in", staged("create").select("r.slug")).execute();
        await trx
          .insertInto("products")
          .columns([
            "slug",
            "title",
            "section_id",
            "price",
            "old_price",
            "stock",
            "published",
            "kind",
            "description",
            "brand",
            "weight",
            "images",
            "videos",
            "set_discount",
            "rating",
            "rating_count",
            "popularity",
            "created_at",
            "updated_at",
          ])
          .expression(
            staged("create")
              .select([
                "r.slug",
                "r.title",
                "r.section_id",
                "r.price",
                "r.old_price",
                "r.stock",
                "r.published",
                sql.lit("product").as("kind"),
                sql.lit("").as("description"),
                sql.lit("").as("brand"),
                sql.lit(0).as("weight"),
                sql.lit("[]").as("images"),
                sql.lit("[]").as("videos"),
                sql.lit(0).as("set_discount"),
                sql.lit(0).as("rating"),
                sql.lit(0).as("rating_count"),
                sql.lit(0).as("popularity"),
                sql.lit(now).as("created_at"),
                sql.lit(now).as("updated_at"),
              ])
              .orderBy("r.line"),
          )
          .execute();
        // each new model gets its one variant, which holds what is sold (docs/decisions/108-product-variants.md)
        await trx
          .insertInto("product_variants")
          .columns(["product_id", "price", "old_price", "stock", "created_at", "updated_at"])
          .expression(
            staged("create")
              .innerJoin("products as p", "p.slug", "r.slug")
              .select(["p.id", "r.price", "r.old_price", "r.stock", sql.lit(now).as("created_at"), sql.lit(now).as("updated_at")])
              .orderBy("r.line"),
          )
          .execute();
        await trx
          .insertInto("product_values")
          .columns(["product_id", "property_id", "value_text", "value_num"])
          .expression(
            staged("create")
              .innerJoin("import_values as v", (j) => j.onRef("v.session_id", "=", "r.session_id").onRef("v.line", "=", "r.line"))
              .innerJoin("products as p", "p.slug", "r.slug")
              .select(["p.id", "v.property_id", "v.value_text", "v.value_num"]),
          )
          .execute();
      }
      if (summary.counts.change > 0) {
        await trx
          .updateTable("products")
          .from("import_rows as r")
          .set((eb) => ({
            slug: eb.ref("r.slug").$castTo<string>(),
            title: eb.ref("r.title").$castTo<string>(),
            section_id: eb.ref("r.section_id").$castTo<number>(),
            published: eb.ref("r.published").$castTo<number>(),
            version: eb("products.version", "+", 1),
            updated_at: now,
          }))
          .whereRef("r.product_id", "=", "products.id")
          .where("r.session_id", "=", id)
          .where("r.kind", "=", "change")
          .where("r.line", ">=", lo)
          .where("r.line", "<", hi)
          .execute();
        // price and stock go to the model's first variant, its only one until the CSV names
        // variants (WP-C); the model's figures follow by trigger
        await trx
          .updateTable("product_variants")
          .from("import_rows as r")
          .set((eb) => ({
            price: eb.ref("r.price").$castTo<number>(),
            old_price: eb.ref("r.old_price"),
            stock: eb.ref("r.stock").$castTo<number>(),
            updated_at: now,
          }))
          .whereRef("r.product_id", "=", "product_variants.product_id")
          .where("r.session_id", "=", id)
          .where("r.kind", "=", "change")
          .where("r.line", ">=", lo)
          .where("r.line", "<", hi)
          .where((eb) =>
            eb(
              "product_variants.id",
              "=",
              eb
                .selectFrom("product_variants as f")
                .select("f.id")
                .whereRef("f.product_id", "=", "r.product_id")
                .orderBy("f.position")
                .orderBy("f.id")
                .limit(1),
            ),
          )
          .execute();
        if (propIds.length > 0) {
          await trx
            .deleteFrom("product_values")
            .where("property_id", "in", propIds)
            .where("product_id", "in", staged("change").select("r.product_id"))
            .execute();
          await trx
            .insertInto("product_values")
            .columns(["product_id", "property_id", "value_text", "value_num"])
            .expression(
              staged("change")
                .innerJoin("import_values as v", (j) => j.onRef("v.session_id", "=", "r.session_id").onRef("v.line", "=", "r.line"))
                .select([(eb) => eb.ref("r.product_id").$castTo<number>().as("product_id"), "v.property_id", "v.value_text", "v.value_num"]),
            )
            .execute();
        }
      }
      await nextTurn();
    }
    if (perProduct) {
      const rows = await trx
        .selectFrom("import_rows as r")
        .leftJoin("products as p", (j) => j.onRef("p.slug", "=", "r.slug").on("r.kind", "=", "create"))
        .select([
          "r.kind",
          "r.product_id",
          "p.id as created_id",
          "r.slug",
          "r.title",
          "r.section_id",
          "r.price",
          "r.old_price",
          "r.stock",
          "r.published",
          "r.detail",
        ])
        .where("r.session_id", "=", id)
        .where("r.kind", "in", ["create", "change"])
        .orderBy("r.line")
        .execute();
      for (const r of rows) {
        if (r.kind === "create") {
          const after = {
            slug: r.slug,
            title: r.title,
            section_id: r.section_id,
            price: r.price,
            old_price: r.old_price,
            stock: r.stock,
            published: r.published,
          };
          await recordAudit(trx, actor, { action: "product.import", entity: "product", entityId: r.created_id!, before: null, after }, now);
        } else {
          const fields = JSON.parse(r.detail!) as FieldChange[];
          const before = Object.fromEntries(fields.map((f) => [f.field, f.before]));
          const after = Object.fromEntries(fields.map((f) => [f.field, f.after]));
          await recordAudit(trx, actor, { action: "product.import", entity: "product", entityId: r.product_id!, before, after }, now);
        }
      }
    }
    // sets follow their items' new prices, and a set's own row cannot set a price its items do not add up to (decision 078)
    if (summary.counts.change > 0) {
      const changed = await trx.selectFrom("import_rows").select("product_id").where("session_id", "=", id).where("kind", "=", "change").execute();
      await recomputeSetsContaining(
        trx,
        changed.map((r) => r.product_id!),
        actor,
        now,
      );
    }
    const counts = { created: summary.counts.create, changed: summary.counts.change, unchanged: summary.counts.unchanged };
    await recordAudit(trx, actor, { action: "catalog.import", entity: "catalog", entityId: "csv", before: null, after: counts }, now);
    return { ok: true, ...counts };
  });
}

/** a product of the file changed or vanished, or a slug it creates or takes got taken, since the preview */
async function isStale(trx: Transaction<Database>, id: string): Promise<boolean> {
  const moved = await trx
    .selectFrom("import_rows as r")
    .leftJoin("products as p", "p.id", "r.product_id")
    .select("r.line")
    .where("r.session_id", "=", id)
    .where("r.kind", "in", ["change", "unchanged"])
    .where((eb) => eb.or([eb("p.id", "is", null), eb("p.version", "<>", eb.ref("r.version"))]))
    .limit(1)
    .executeTakeFirst();
  if (moved) return true;
  const taken = await trx
    .selectFrom("import_rows as r")
    .innerJoin("products as p", "p.slug", "r.slug")
    .select("r.line")
    .where("r.session_id", "=", id)
    .where((eb) => eb.or([eb("r.kind", "=", "create"), eb.and([eb("r.kind", "=", "change"), eb("p.id", "<>", eb.ref("r.product_id"))])]))
    .limit(1)
    .executeTakeFirst();
  return taken !== undefined;
}
