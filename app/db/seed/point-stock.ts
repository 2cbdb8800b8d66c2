// Where a variant's units are: a showroom keeps one or two on display for some models, the
// warehouse holds the rest, so the points' quantities always add up to the variant's stock.
import type { Insertable } from "kysely";
import type { ContactPointKind, VariantPointStockTable } from "../schema.ts";
import { createRandom } from "./random.ts";

export function pointStockRows(
  variantId: number,
  stock: number,
  points: readonly { id: number; kind: ContactPointKind }[],
): Insertable<VariantPointStockTable>[] {
  if (stock <= 0) return [];
  const rng = createRandom(0x570c ^ Math.imul(variantId, 2246822519));
  const rows: Insertable<VariantPointStockTable>[] = [];
  let left = stock;
  for (const point of points) {
    if (point.kind !== "showroom" || left <= 0 || !rng.chance(0.5)) continue;
    const qty = Math.min(left, rng.int(1, 2));
    rows.push({ variant_id: variantId, point_id: point.id, qty });
    left -= qty;
  }
  const warehouse = points.find((p) => p.kind === "warehouse");
  if (left > 0 && warehouse) rows.push({ variant_id: variantId, point_id: warehouse.id, qty: left });
  else if (left > 0 && rows[0]) rows[0].qty = Number(rows[0].qty) + left;
  return rows;
}

/** «Под заказ, 2–4 недели»: how long a product takes when it is out of stock (weeks, min and max). */
export function leadWeeks(productId: number): { lead_weeks_min: number; lead_weeks_max: number } {
  const rng = createRandom(0x1ead ^ Math.imul(productId, 3266489917));
  const min = rng.pick([1, 2, 3, 4]);
  return { lead_weeks_min: min, lead_weeks_max: min + rng.pick([1, 2, 2, 3]) };
}
