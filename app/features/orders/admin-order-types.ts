// What the back office's order pages show (app/features/orders/admin-orders.server.ts builds them).
import type { DeliveryType, LiftingPricing, LiftType } from "../delivery/index.ts";

export interface AdminOrderRow {
  number: string;
  status: string;
  createdAt: number;
  name: string;
  phone: string;
  email: string;
  deliveryType: DeliveryType;
  total: number;
  /** paid online (orders.paid_at) */
  paid: boolean;
  /** "checkout" or "one_click" («Купить в 1 клик») */
  source: string;
}

export interface AdminOrderList {
  rows: AdminOrderRow[];
  total: number;
  page: number;
  pages: number;
}

export interface AdminOrderLine {
  id: number;
  productId: number;
  kind: string;
  title: string;
  slug: string;
  qty: number;
  price: number;
  /** grams per piece; 0: unknown, the back office flags the line (decision 099) */
  weight: number;
  /** titles of the included set items */
  items: string[];
}

export interface AdminStatusChange {
  /** a status move (or a note), money in, or money back: one timeline, each its own entry */
  kind: "status" | "payment" | "refund";
  /** the order's status (for a payment or a refund: the status it had then) */
  status: string;
  note: string;
  at: number;
  /** the staff member's e-mail; null when the shop itself set it (checkout) */
  by: string | null;
  /** kopecks of a payment or a refund */
  amount: number | null;
}

export interface AdminOrderView {
  number: string;
  status: string;
  version: number;
  createdAt: number;
  name: string;
  phone: string;
  email: string;
  userId: number | null;
  deliveryType: DeliveryType;
  /** "checkout" or "one_click" («Купить в 1 клик») */
  source: string;
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
  /** "to_quote": the manager is to enter the lifting price; "quoted": they did */
  liftingPricing: LiftingPricing;
  total: number;
  weight: number;
  consentVersion: string;
  consentAt: number;
  managerNote: string;
  lines: AdminOrderLine[];
  history: AdminStatusChange[];
}
