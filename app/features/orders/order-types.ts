// One read model of an order (app/features/orders/order-record.server.ts reads it in one place)
// and what each audience is shown of it: the back office and its print sheet everything, the
// customer an allow-list (customerOrder), 1C its CommerceML document built from the same record.
import type { VariantValue } from "../../lib/variant-values.ts";
import type { DeliveryType, LiftingPricing, LiftType } from "../delivery/index.ts";

export interface OrderLine {
  id: number;
  productId: number;
  /** "product" or "set" */
  kind: string;
  title: string;
  slug: string;
  qty: number;
  /** kopecks a piece, as the customer was quoted */
  price: number;
  /** grams per piece; 0: unknown, the back office flags the line (decision 099) */
  weight: number;
  /** titles of the included set items («Стул × 2») */
  items: string[];
  /** the variant sold; null on lines older than variants */
  variantId: number | null;
  /** the variant's values as sold («Цвет обивки: Зелёный»); none for a model with one variant */
  values: VariantValue[];
  /** the article as sold; "" on older lines */
  article: string;
}

/** One entry of an order's timeline: a status move (or a note), money in, or money back, each its own entry (decision 101). */
export interface OrderTimelineEntry {
  kind: "status" | "payment" | "refund";
  /** a code of app/features/orders/order-status.ts; for a payment or a refund the status the order had then */
  status: string;
  note: string;
  /** epoch ms */
  at: number;
  /** who acted: the staff member's e-mail or a system's label («1С»); null when the shop itself did (checkout, ЮKassa) */
  by: string | null;
  /** kopecks of a payment or a refund */
  amount: number | null;
}

/** An order as the shop keeps it: its lines, its timeline oldest first, its pickup point. */
export interface OrderRecord {
  number: string;
  /** a code of app/features/orders/order-status.ts */
  status: string;
  /** bumped by every back-office edit: a save carrying an older one is refused */
  version: number;
  createdAt: number;
  name: string;
  phone: string;
  email: string;
  userId: number | null;
  deliveryType: DeliveryType;
  /** "checkout" or "one_click" («Купить в 1 клик») */
  source: string;
  /** «title, address» of the pickup point */
  pickupPoint: string | null;
  address: string;
  floor: number | null;
  lift: LiftType | null;
  date: string;
  time: string;
  comment: string;
  itemsTotal: number;
  discount: number;
  /** the promo code the order was placed with, and the kopecks it took off the goods */
  promoCode: string | null;
  promoDiscount: number;
  deliveryCost: number;
  liftingCost: number;
  /** "to_quote": a product has no weight, the manager prices the lifting (not in the total yet); "quoted": they did */
  liftingPricing: LiftingPricing;
  /** the amount to pay */
  total: number;
  /** grams; with a line of weight 0 the order's weight is unknown (decision 099) */
  weight: number;
  /** "on_receipt" or "online" */
  paymentMethod: string;
  /** when an online payment succeeded (epoch ms) */
  paidAt: number | null;
  consentVersion: string;
  consentAt: number;
  /** the manager's own note, never shown to the customer */
  managerNote: string;
  lines: OrderLine[];
  /** oldest first */
  history: OrderTimelineEntry[];
}

/** What the customer sees of an order (its page, the account's history, the order letter): never the back office's own. */
const CUSTOMER_FIELDS = [
  "number",
  "status",
  "createdAt",
  "name",
  "phone",
  "email",
  "deliveryType",
  "pickupPoint",
  "address",
  "floor",
  "lift",
  "date",
  "time",
  "comment",
  "itemsTotal",
  "discount",
  "promoCode",
  "promoDiscount",
  "deliveryCost",
  "liftingCost",
  "liftingPricing",
  "total",
  "weight",
] as const satisfies readonly (keyof OrderRecord)[];

/** a line without the shop's own ids (line ids would tell how many orders the shop has) */
export type CustomerOrderLine = Omit<OrderLine, "id" | "productId" | "kind">;
/** an entry without who acted: staff e-mails stay in the back office */
export type CustomerTimelineEntry = Omit<OrderTimelineEntry, "by">;

export type CustomerOrder = Pick<OrderRecord, (typeof CUSTOMER_FIELDS)[number]> & {
  lines: CustomerOrderLine[];
  history: CustomerTimelineEntry[];
};

/**
 * The customer's projection, copied field by field from an allow-list: a field the record gains
 * stays out of the customer's page (and its loader data) until it is listed here.
 */
export function customerOrder(order: OrderRecord): CustomerOrder {
  const picked = Object.fromEntries(CUSTOMER_FIELDS.map((k) => [k, order[k]])) as Pick<OrderRecord, (typeof CUSTOMER_FIELDS)[number]>;
  return {
    ...picked,
    lines: order.lines.map((l) => ({
      title: l.title,
      slug: l.slug,
      qty: l.qty,
      price: l.price,
      weight: l.weight,
      items: l.items,
      variantId: l.variantId,
      values: l.values,
      article: l.article,
    })),
    history: order.history.map((h) => ({ kind: h.kind, status: h.status, note: h.note, at: h.at, amount: h.amount })),
  };
}
