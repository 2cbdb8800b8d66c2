// A set's price, old price and weight follow from its items (decision 078). set_items
// keeps each item's price and weight as the set last counted them (the storefront's set page and
// the cart price partial sets from them), and products.price / old_price / weight hold the totals
// of the whole set. Whoever changes an item's price or weight calls recomputeSetsContaining in the
// same transaction, so a set never shows a sum its items no longer add up to.
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { setNumbersOf } from "./set-price.ts";
import type { SetInput } from "./set-form.ts";
import { recordAudit, type StaffActor } from "../audit/index.server.ts";
import { writeFirstVariant } from "../variants/index.server.ts";

type Trx = Transaction<Database>;

/** Keeps IN lists far below both dialects' bound-parameter limits. */
const CHUNK = 500;

/** A set's composition refused by the catalogue, with the Russian reason for the items list. */
export class SetCompositionError extends Error {}

/**
 * Checks the items against the catalogue (each a plain product, not the set itself) and counts the
 * set from their current prices and weights. Returns the product fields and the set_items rows.
 */
export async function composeSet(trx: Trx, setId: number, set: SetInput) {
  const ids = set.items.map((i) => i.id);
  const found = await trx.selectFrom("products").select(["id", "kind", "price", "weight"]).where("id", "in", ids).execute();
  const byId = new Map(found.map((p) => [p.id, p]));
  for (const item of set.items) {
    const article = String(item.id).padStart(6, "0");
    const p = byId.get(item.id);
    if (item.id === setId) throw new SetCompositionError("Комплект не может входить сам в себя.");
    if (!p) throw new SetCompositionError(`Товара ${article} нет в каталоге.`);
    if (p.kind !== "product") throw new SetCompositionError(`${article} — это комплект; в комплект входят только обычные товары.`);
  }
  const lines = set.items.map((i) => ({ ...i, price: Number(byId.get(i.id)!.price), weight: byId.get(i.id)!.weight }));
  return {
    fields: { ...setNumbersOf(lines, set.discount), set_discount: set.discount },
    rows: lines.map((l, sort) => ({ item_id: l.id, price: l.price, weight: l.weight, qty: l.qty, optional: l.optional ? 1 : 0, sort })),
  };
}

export type SetItemRow = Awaited<ReturnType<typeof composeSet>>["rows"][number];

/** The set's items as stored, in order: the audit's «before». */
export async function storedSetItems(trx: Trx, setId: number): Promise<SetItemRow[]> {
  const rows = await trx
    .selectFrom("set_items")
    .select(["item_id", "price", "weight", "qty", "optional", "sort"])
    .where("set_id", "=", setId)
    .orderBy("sort")
    .execute();
  return rows.map((r) => ({ ...r, price: Number(r.price) }));
}

export async function writeSetItems(trx: Trx, setId: number, rows: readonly SetItemRow[]): Promise<void> {
  await trx.deleteFrom("set_items").where("set_id", "=", setId).execute();
  if (rows.length)
    await trx
      .insertInto("set_items")
      .values(
        rows.map((r) => ({
          ...r,
          set_id: setId,
          // the set includes the item's first variant (docs/decisions/108-product-variants.md, 1.4)
          variant_id: trx
            .selectFrom("product_variants")
            .select("id")
            .where("product_id", "=", r.item_id)
            .orderBy("published", "desc")
            .orderBy("position")
            .orderBy("id")
            .limit(1),
        })),
      )
      .execute();
}

/** what the audit shows of a composition: item, quantity, optional */
export const auditedItems = (rows: readonly SetItemRow[]) => rows.map((r) => ({ id: r.item_id, qty: r.qty, optional: r.optional === 1 }));

/**
 * Recounts every set that contains one of `productIds` (and any of `productIds` that is itself a
 * set, so an import or bulk change cannot leave a set's price off its items) from the items'
 * current prices and weights. Returns the ids of the sets whose numbers changed, for catalogChanged.
 * The sets' version is left alone: a set's own form recounts on save anyway, so an editor who has
 * it open loses nothing and need not be refused.
 */
export async function recomputeSetsContaining(trx: Trx, productIds: readonly number[], actor: StaffActor, now = Date.now()): Promise<number[]> {
  const setIds = new Set<number>();
  for (let i = 0; i < productIds.length; i += CHUNK) {
    const chunk = productIds.slice(i, i + CHUNK);
    const containing = await trx.selectFrom("set_items").select("set_id").distinct().where("item_id", "in", chunk).execute();
    for (const r of containing) setIds.add(r.set_id);
    const sets = await trx.selectFrom("products").select("id").where("kind", "=", "set").where("id", "in", chunk).execute();
    for (const r of sets) setIds.add(r.id);
  }
  const ids = [...setIds].sort((a, b) => a - b);
  const changed: number[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const sets = await trx.selectFrom("products").select(["id", "price", "old_price", "weight", "set_discount"]).where("id", "in", chunk).execute();
    const items = await trx
      .selectFrom("set_items")
      // the item's price and weight are its variant's (docs/decisions/108-product-variants.md, 1.4)
      .innerJoin("product_variants", "product_variants.id", "set_items.variant_id")
      .select([
        "set_items.set_id",
        "set_items.item_id",
        "set_items.qty",
        "set_items.optional",
        "set_items.price as counted_price",
        "set_items.weight as counted_weight",
        "product_variants.price",
        "product_variants.weight",
      ])
      .where("set_items.set_id", "in", chunk)
      .orderBy("set_items.set_id")
      .orderBy("set_items.sort")
      .execute();
    const itemsOf = new Map<number, typeof items>();
    for (const r of items) itemsOf.set(r.set_id, [...(itemsOf.get(r.set_id) ?? []), r]);
    for (const set of sets) {
      const own = itemsOf.get(set.id) ?? [];
      for (const r of own) {
        if (Number(r.counted_price) === Number(r.price) && r.counted_weight === r.weight) continue;
        await trx
          .updateTable("set_items")
          .set({ price: Number(r.price), weight: r.weight })
          .where("set_id", "=", set.id)
          .where("item_id", "=", r.item_id)
          .execute();
      }
      const next = setNumbersOf(
        own.map((r) => ({ id: r.item_id, price: Number(r.price), weight: r.weight, qty: r.qty, optional: r.optional === 1 })),
        set.set_discount,
      );
      const before = { price: Number(set.price), old_price: set.old_price === null ? null : Number(set.old_price), weight: set.weight };
      if (before.price === next.price && before.old_price === next.old_price && before.weight === next.weight) continue;
      // a set is a model with one variant: its figures go there, the model's follow by trigger
      await writeFirstVariant(trx, set.id, next, now);
      await trx.updateTable("products").set({ updated_at: now }).where("id", "=", set.id).execute();
      await recordAudit(trx, actor, { action: "product.set-recount", entity: "product", entityId: set.id, before, after: next }, now);
      changed.push(set.id);
    }
  }
  return changed;
}
