import type { DeliveryType, LiftType } from "../lib/delivery-pricing.ts";

export interface OrderView {
  number: string;
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
  deliveryCost: number;
  liftingCost: number;
  total: number;
  weight: number;
  lines: { title: string; slug: string; qty: number; price: number; weight: number; items: string[] }[];
}
