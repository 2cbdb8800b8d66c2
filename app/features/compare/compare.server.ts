// The comparison list lives in the session data (a short list of product ids), so it needs no
// table and moves with the session at login.
import type { Db } from "../../db/database.server.ts";
import type { SessionHandle } from "../../context.ts";
import { formatWeight } from "../../lib/format.ts";
import { firstProductImage } from "../../lib/json-columns.ts";
import type { ComparisonTable } from "./compare-types.ts";

export const MAX_COMPARED = 50;

export function comparedIds(data: Readonly<Record<string, unknown>>): number[] {
  const list = data.compare;
  return Array.isArray(list) ? list.filter((v): v is number => Number.isInteger(v) && v > 0).slice(0, MAX_COMPARED) : [];
}

/** Adds or removes a product; returns whether it is now compared. Unknown products are refused. */
export async function toggleCompared(db: Db, session: SessionHandle, productId: number): Promise<{ compared: boolean; count: number } | null> {
  const exists = await db.kysely.selectFrom("products").select("id").where("id", "=", productId).where("published", "=", 1).executeTakeFirst();
  if (!exists) return null;
  const ids = comparedIds(session.data);
  const compared = !ids.includes(productId);
  const next = compared ? [...ids, productId].slice(-MAX_COMPARED) : ids.filter((id) => id !== productId);
  await session.update({ compare: next });
  return { compared, count: next.length };
}

export async function removeCompared(session: SessionHandle, productId: number | "all"): Promise<void> {
  if (!session.id) return;
  const ids = comparedIds(session.data);
  await session.update({ compare: productId === "all" ? [] : ids.filter((id) => id !== productId) });
}

/** One table per section: the compared products and every property any of them has. */
export async function loadComparison(db: Db, ids: number[]): Promise<ComparisonTable[]> {
  if (!ids.length) return [];
  const rows = await db.kysely
    .selectFrom("products")
    .select([
      "id",
      "slug",
      "title",
      "kind",
      "price",
      "old_price",
      "brand",
      "stock",
      "lead_weeks_min",
      "lead_weeks_max",
      "rating",
      "rating_count",
      "weight",
      "images",
      "section_id",
    ])
    .where("id", "in", ids)
    .where("published", "=", 1)
    .execute();
  // one table per top-level section, so a sofa and a corner sofa stand side by side
  const sections = await db.kysely.selectFrom("sections").select(["id", "parent_id", "title"]).execute();
  const byId = new Map(sections.map((x) => [x.id, x]));
  const rootOf = (id: number) => {
    let s = byId.get(id);
    for (let guard = 0; s?.parent_id != null && guard < 32; guard++) s = byId.get(s.parent_id) ?? s;
    return s;
  };
  const products = rows.map((r) => ({ ...r, section_id: rootOf(r.section_id)?.id ?? r.section_id, section_title: rootOf(r.section_id)?.title ?? "" }));
  const values = await db.kysely
    .selectFrom("product_values")
    .innerJoin("properties", "properties.id", "product_values.property_id")
    .select([
      "product_values.product_id",
      "properties.code",
      "properties.title",
      "properties.unit",
      "properties.sort",
      "product_values.value_text",
      "product_values.value_num",
    ])
    .where("product_values.product_id", "in", ids)
    .orderBy("properties.sort")
    .execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  products.sort((a, b) => order.get(a.id)! - order.get(b.id)!);

  const tables = new Map<number, ComparisonTable>();
  for (const p of products) {
    let t = tables.get(p.section_id);
    if (!t) tables.set(p.section_id, (t = { sectionTitle: p.section_title, products: [], rows: [] }));
    t.products.push({
      id: p.id,
      slug: p.slug,
      title: p.title,
      kind: p.kind,
      price: Number(p.price),
      oldPrice: p.old_price === null ? null : Number(p.old_price),
      stock: p.stock,
      lead: { min: Number(p.lead_weeks_min), max: Number(p.lead_weeks_max) },
      rating: p.rating,
      ratingCount: Number(p.rating_count),
      image: firstProductImage(p.images),
    });
  }
  for (const t of tables.values()) {
    const cell = (productId: number, code: string) => {
      const own = values.filter((v) => v.product_id === productId && v.code === code);
      return own.map((v) => v.value_text ?? `${String(v.value_num).replace(".", ",")}${v.unit ? ` ${v.unit}` : ""}`).join(", ");
    };
    const codes = [...new Map(values.filter((v) => t.products.some((p) => p.id === v.product_id)).map((v) => [v.code, v])).values()].sort(
      (a, b) => a.sort - b.sort,
    );
    const productOf = new Map(products.map((p) => [p.id, p]));
    t.rows = [
      { title: "Бренд", values: t.products.map((p) => productOf.get(p.id)!.brand) },
      { title: "Вес", values: t.products.map((p) => formatWeight(productOf.get(p.id)!.weight)) },
      ...codes.map((c) => ({ title: c.title, values: t.products.map((p) => cell(p.id, c.code) || "—") })),
    ];
  }
  return [...tables.values()];
}
