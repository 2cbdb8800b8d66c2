import type { DeliveryType, LiftingPricing, LiftType } from "../delivery/index.ts";

export interface OrderStatusChange {
  /** a code of app/features/orders/order-status.ts */
  status: string;
  note: string;
  /** epoch ms */
  at: number;
  /** a payment or a refund is an entry of its own with its sum in kopecks, not the status again */
  money?: { kind: "payment" | "refund"; amount: number };
}

export interface OrderView {
  number: string;
  /** a code of app/features/orders/order-status.ts */
  status: string;
  createdAt: number;
  name: string;
  phone: string;
  email: string;
  deliveryType: DeliveryType;
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
  /** "to_quote": a product has no weight, the manager prices the lifting (not in the total yet) */
  liftingPricing: LiftingPricing;
  total: number;
  weight: number;
  /** weight 0: unknown (decision 099) */
  lines: { title: string; slug: string; qty: number; price: number; weight: number; items: string[] }[];
  /** every status the order went through, oldest first */
  history: OrderStatusChange[];
}
