// The set editor of the back office's product form (decision 078): the items a set shows
// (from the catalogue as it is now), what was typed shown again, and the list buttons (add, up,
// down, remove) answered by the server so the editor works without JavaScript.
import type { Db } from "../../db/database.server.ts";
import { parseItemReference, reorderSetRows, SET_ITEMS_MAX, type SetOp, type SetRowTyped } from "./set-form.ts";
import type { SetFormValues, SetItemValue } from "./admin-set-types.ts";

export function emptySetForm(): SetFormValues {
  return { discount: "0", items: [] };
}

/** The editor's list for a stored set. */
export async function loadSetForm(db: Db, setId: number, discount: number): Promise<SetFormValues> {
  const rows = await db.kysely
    .selectFrom("set_items")
    .innerJoin("products", "products.id", "set_items.item_id")
    .select(["set_items.item_id", "set_items.qty", "set_items.optional", "products.title", "products.price", "products.weight"])
    .where("set_items.set_id", "=", setId)
    .orderBy("set_items.sort")
    .execute();
  return {
    discount: String(discount),
    items: rows.map((r) => ({ id: r.item_id, title: r.title, price: Number(r.price), weight: r.weight, qty: String(r.qty), optional: r.optional === 1 })),
  };
}

/** What was typed, with each item's title, price and weight from the catalogue (unknown ids stay, marked). */
export async function typedSetForm(db: Db, typed: { rows: SetRowTyped[]; discount: string }): Promise<SetFormValues> {
  const ids = [...new Set(typed.rows.map((r) => r.id))];
  const found = ids.length ? await db.kysely.selectFrom("products").select(["id", "title", "price", "weight"]).where("id", "in", ids).execute() : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  return {
    discount: typed.discount,
    items: typed.rows.map((r): SetItemValue => {
      const p = byId.get(r.id);
      return { id: r.id, title: p?.title ?? "Нет в каталоге", price: p ? Number(p.price) : 0, weight: p?.weight ?? 0, qty: r.qty, optional: r.optional };
    }),
  };
}

/**
 * One press of a list button: the new list, or the Russian reason an item cannot be added
 * (shown under the «Добавить предмет» field).
 */
export async function editSetItems(
  db: Db,
  setId: number,
  typed: SetFormValues,
  op: SetOp,
  addText: string,
): Promise<{ values: SetFormValues; error?: string }> {
  if (op.kind !== "add") return { values: { ...typed, items: reorderSetRows(typed.items, op) } };
  // a refused article stays in the field to be corrected
  const values = { ...typed, add: addText.slice(0, 100) };
  const id = parseItemReference(addText);
  if (id === null) return { values, error: "Введите артикул или id товара, например 000123." };
  const article = String(id).padStart(6, "0");
  if (id === setId) return { values, error: "Комплект не может входить сам в себя." };
  if (values.items.some((i) => i.id === id)) return { values, error: `Товар ${article} уже в комплекте: измените количество в его строке.` };
  if (values.items.length >= SET_ITEMS_MAX) return { values, error: `В комплекте — не больше ${SET_ITEMS_MAX} предметов.` };
  const p = await db.kysely.selectFrom("products").select(["id", "kind", "title", "price", "weight"]).where("id", "=", id).executeTakeFirst();
  if (!p) return { values, error: `Товара ${article} нет в каталоге.` };
  if (p.kind !== "product") return { values, error: `${article} — это комплект; в комплект входят только обычные товары.` };
  const item: SetItemValue = { id: p.id, title: p.title, price: Number(p.price), weight: p.weight, qty: "1", optional: false };
  return { values: { ...typed, items: [...typed.items, item] } };
}
