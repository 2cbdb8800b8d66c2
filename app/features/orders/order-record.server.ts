// The one read of an order (docs/architecture.md, «The orders' read model»): the order with its
// pickup point, its lines and its timeline, for any number of orders in three queries. The
// customer's page, the account's history, the order letter, the back office, its print sheet and
// the 1C export all start from this record; each audience's projection lives beside its type
// (app/features/orders/order-types.ts) or, for 1C, in the exchange.
import { readVariantValues } from "../../lib/variant-values.ts";
import type { Db } from "../../db/database.server.ts";
import type { DeliveryType, LiftingPricing, LiftType } from "../delivery/index.ts";
import { isNonEmptyString, parseJsonList } from "../../lib/json-columns.ts";
import type { OrderLine, OrderRecord, OrderTimelineEntry } from "./order-types.ts";

/** Who asks for an order on the storefront: the session's cart owner and the signed-in account. */
export interface OrderViewer {
  owner: string | null;
  userId: number | null;
}

export type OrderSelection =
  /** one order by its number; with a viewer, only if it belongs to their session or account */
  | { number: string; viewer?: OrderViewer }
  /** an account's orders, newest first, at most `newest` */
  | { userId: number; newest: number }
  /** these orders (1C's page of orders due), by id */
  | { ids: readonly number[] };

/** The storefront's access rule: the session that placed the order, or the account it was placed under. */
const belongsTo = (order: { owner: string; user_id: number | null }, viewer: OrderViewer) =>
  (viewer.owner !== null && order.owner === viewer.owner) || (viewer.userId !== null && order.user_id === viewer.userId);

/** The orders selected, each whole; in the selection's order. */
export async function readOrders(db: Db, which: OrderSelection): Promise<OrderRecord[]> {
  let query = db.kysely
    .selectFrom("orders")
    .leftJoin("contact_points", "contact_points.id", "orders.pickup_point_id")
    .selectAll("orders")
    .select(["contact_points.title as point_title", "contact_points.address as point_address"]);
  let viewer: OrderViewer | undefined;
  if ("number" in which) {
    query = query.where("orders.number", "=", which.number);
    viewer = which.viewer;
  } else if ("userId" in which)
    query = query.where("orders.user_id", "=", which.userId).orderBy("orders.created_at", "desc").orderBy("orders.id", "desc").limit(which.newest);
  else if (which.ids.length) query = query.where("orders.id", "in", which.ids).orderBy("orders.id");
  else return [];
  const rows = await query.execute();
  const orders = viewer ? rows.filter((o) => belongsTo(o, viewer)) : rows;
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [lineRows, historyRows] = await Promise.all([
    db.kysely.selectFrom("order_lines").selectAll().where("order_id", "in", ids).orderBy("id").execute(),
    db.kysely
      .selectFrom("order_status_history")
      .leftJoin("users", "users.id", "order_status_history.actor_id")
      .select([
        "order_status_history.order_id",
        "order_status_history.status",
        "order_status_history.note",
        "order_status_history.created_at",
        "order_status_history.actor_label",
        "order_status_history.kind",
        "order_status_history.amount",
        "users.email as actor_email",
      ])
      .where("order_status_history.order_id", "in", ids)
      .orderBy("order_status_history.created_at")
      .orderBy("order_status_history.id")
      .execute(),
  ]);
  const lines = groupBy(
    lineRows,
    (l) => l.order_id,
    (l): OrderLine => ({
      id: l.id,
      productId: l.product_id,
      kind: l.kind,
      title: l.title,
      slug: l.slug,
      qty: l.qty,
      price: Number(l.price),
      weight: l.weight,
      items: parseJsonList(l.items, isNonEmptyString),
      variantId: l.variant_id,
      values: readVariantValues(l.variant_values),
      article: l.article,
    }),
  );
  const history = groupBy(
    historyRows,
    (h) => h.order_id,
    (h): OrderTimelineEntry => ({
      kind: h.kind === "payment" || h.kind === "refund" ? h.kind : "status",
      status: h.status,
      note: h.note,
      at: Number(h.created_at),
      by: h.actor_label ?? h.actor_email ?? null,
      amount: h.amount === null ? null : Number(h.amount),
    }),
  );
  return orders.map((o) => ({
    number: o.number,
    status: o.status,
    version: o.version,
    createdAt: Number(o.created_at),
    name: o.name,
    phone: o.phone,
    email: o.email,
    userId: o.user_id,
    deliveryType: o.delivery_type as DeliveryType,
    source: o.source,
    pickupPoint: o.point_title !== null ? `${o.point_title}, ${o.point_address}` : null,
    address: o.address,
    floor: o.floor,
    lift: o.lift as LiftType | null,
    date: o.delivery_date,
    time: o.delivery_time,
    comment: o.comment,
    itemsTotal: Number(o.items_total),
    discount: Number(o.discount),
    promoCode: o.promo_code,
    promoDiscount: Number(o.promo_discount),
    deliveryCost: Number(o.delivery_cost),
    liftingCost: Number(o.lifting_cost),
    liftingPricing: o.lifting_pricing as LiftingPricing,
    total: Number(o.total),
    weight: o.weight,
    paymentMethod: o.payment_method,
    paidAt: o.paid_at === null ? null : Number(o.paid_at),
    consentVersion: o.consent_version,
    consentAt: Number(o.consent_at),
    managerNote: o.manager_note,
    lines: lines.get(o.id) ?? [],
    history: history.get(o.id) ?? [],
  }));
}

function groupBy<R, T>(rows: readonly R[], key: (row: R) => number, map: (row: R) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(map(row));
    else out.set(key(row), [map(row)]);
  }
  return out;
}
