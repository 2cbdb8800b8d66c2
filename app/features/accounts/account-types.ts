// Shapes the profile components render; no server code here (components import this module).
import type { CustomerTimelineEntry } from "../orders/index.ts";

export interface AccountUser {
  id: number;
  email: string;
  name: string;
  phone: string;
}

export interface OrderLineSummary {
  title: string;
  qty: number;
  /** kopecks */
  price: number;
}

export interface OrderSummary {
  number: string;
  createdAt: number;
  /** a code of app/features/orders/order-status.ts */
  status: string;
  /** the delivery type's Russian name */
  delivery: string;
  /** every status the order went through, oldest first */
  history: CustomerTimelineEntry[];
  /** kopecks */
  total: number;
  lines: OrderLineSummary[];
}

export interface ProfileFileInfo {
  id: string;
  name: string;
  size: number;
  filePath: string;
}
