// The back office's order list (app/features/orders/admin-orders.server.ts builds it); one order is
// the OrderRecord of app/features/orders/order-types.ts.
import type { DeliveryType } from "../delivery/index.ts";

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
