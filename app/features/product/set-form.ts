// The «Состав комплекта» part of the product form (decision 078): what staff post for a
// set, read into items and a discount. The set's price, old price and weight are never typed: they
// follow from the items (app/features/product/set-price.ts), so only the composition is checked here; whether
// each item exists and is a plain product is the domain's business.
//
// Field names: `setItem` (item ids, repeated, in the set's order), `setQty.<id>`, `setOptional.<id>`,
// `setDiscount`; `setAdd` (article or id to add) and `setOp` (the pressed list button) let the list
// be edited without JavaScript: each button posts the form and the server answers with the new list.

export const SET_DISCOUNT_MAX = 90;
export const SET_QTY_MAX = 99;
export const SET_ITEMS_MIN = 2;
export const SET_ITEMS_MAX = 20;

export interface SetItemInput {
  id: number;
  qty: number;
  optional: boolean;
}

export interface SetInput {
  /** whole percent, 0..SET_DISCOUNT_MAX */
  discount: number;
  items: SetItemInput[];
}

/** one item row as typed, to show again */
export interface SetRowTyped {
  id: number;
  qty: string;
  optional: boolean;
}

export type SetOp = { kind: "add" } | { kind: "up" | "down" | "remove"; id: number };

const positiveId = (raw: string): number | null => (/^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** The rows and discount as posted (ids that are not ids are dropped: only forged forms carry them). */
export function readSetRows(form: FormData): { rows: SetRowTyped[]; discount: string } {
  const rows: SetRowTyped[] = [];
  for (const raw of form.getAll("setItem")) {
    const id = positiveId(String(raw).trim());
    if (id === null) continue;
    rows.push({ id, qty: String(form.get(`setQty.${id}`) ?? "1").trim(), optional: form.has(`setOptional.${id}`) });
  }
  return { rows: rows.slice(0, SET_ITEMS_MAX + 1), discount: String(form.get("setDiscount") ?? "0").trim() };
}

/** «000123», «123», «#123», «арт. 000123» → 123 */
export function parseItemReference(raw: string): number | null {
  const text = raw
    .trim()
    .replace(/^(арт(\.|икул)?|id)\s*:?\s*/i, "")
    .replace(/^#/, "");
  return positiveId(text);
}

export function parseSetOp(raw: FormDataEntryValue | null): SetOp | null {
  if (typeof raw !== "string") return null;
  if (raw === "add") return { kind: "add" };
  const m = /^(up|down|remove):(\d{1,9})$/.exec(raw);
  return m ? { kind: m[1] as "up" | "down" | "remove", id: Number(m[2]) } : null;
}

/** The list after an up, down or remove button (add needs the catalogue and is done by the domain). */
export function reorderSetRows<T extends { id: number }>(rows: readonly T[], op: SetOp): T[] {
  const out = [...rows];
  if (op.kind === "add") return out;
  const at = out.findIndex((r) => r.id === op.id);
  if (at < 0) return out;
  if (op.kind === "remove") out.splice(at, 1);
  else {
    const to = op.kind === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= out.length) return out;
    [out[at], out[to]] = [out[to]!, out[at]!];
  }
  return out;
}

export function parseSetDiscount(raw: string): number | null {
  const text = raw.replace(/\s|%/g, "").replace(",", ".");
  if (text === "") return 0;
  if (!/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n <= SET_DISCOUNT_MAX ? n : null;
}

/** The set part of a posted product form; errors keyed by field name, Russian. */
export function parseSetFields(form: FormData): { ok: true; set: SetInput } | { ok: false; errors: Record<string, string> } {
  const { rows, discount: discountText } = readSetRows(form);
  const errors: Record<string, string> = {};
  const discount = parseSetDiscount(discountText);
  if (discount === null) errors.setDiscount = `Скидка — целое число от 0 до ${SET_DISCOUNT_MAX} %.`;

  const items: SetItemInput[] = [];
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.id)) {
      errors.setItems = `Товар ${String(row.id).padStart(6, "0")} добавлен в комплект дважды: оставьте одну строку и укажите количество.`;
      continue;
    }
    seen.add(row.id);
    const qty = /^\d{1,2}$/.test(row.qty) ? Number(row.qty) : 0;
    if (qty < 1 || qty > SET_QTY_MAX) errors[`setQty.${row.id}`] = `Количество — целое число от 1 до ${SET_QTY_MAX}.`;
    items.push({ id: row.id, qty, optional: row.optional });
  }
  if (!errors.setItems) {
    if (rows.length > SET_ITEMS_MAX) errors.setItems = `В комплекте — не больше ${SET_ITEMS_MAX} предметов.`;
    else if (items.length < SET_ITEMS_MIN) errors.setItems = "В комплекте должно быть не меньше двух предметов.";
    else if (items.every((i) => i.optional)) errors.setItems = "Хотя бы один предмет комплекта должен быть обязательным.";
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, set: { discount: discount!, items } };
}
