// Shapes the profile components render; no server code here (components import this module).

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
  status: string;
  delivery: string;
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
