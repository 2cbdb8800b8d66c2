import { describe, expect, it } from "vitest";
import { customerOrder, type OrderRecord } from "./order-types.ts";

const record: OrderRecord = {
  number: "26-000321",
  status: "confirmed",
  version: 3,
  createdAt: 1_790_000_000_000,
  name: "Анна Петрова",
  phone: "+7 (916) 123-45-67",
  email: "anna@example.ru",
  userId: 12,
  deliveryType: "courier",
  source: "checkout",
  pickupPoint: null,
  address: "Москва, ул. Тверская, д. 1, кв. 5",
  floor: null,
  lift: null,
  date: "",
  time: "",
  comment: "",
  itemsTotal: 1_000_000,
  discount: 0,
  promoCode: null,
  promoDiscount: 0,
  deliveryCost: 0,
  liftingCost: 0,
  liftingPricing: "tariff",
  total: 1_000_000,
  weight: 12_000,
  paymentMethod: "online",
  paidAt: 1_790_000_100_000,
  consentVersion: "2026-11-22",
  consentAt: 1_790_000_000_000,
  managerNote: "Позвонить после 18:00",
  lines: [
    {
      id: 901,
      productId: 31,
      kind: "product",
      title: "Стул",
      slug: "stul",
      qty: 2,
      price: 500_000,
      weight: 6_000,
      items: [],
      variantId: 31,
      values: [],
      article: "",
    },
  ],
  history: [
    { kind: "status", status: "new", note: "", at: 1_790_000_000_000, by: null, amount: null },
    { kind: "status", status: "confirmed", note: "Ждём вас", at: 1_790_000_050_000, by: "manager@example.ru", amount: null },
    { kind: "payment", status: "confirmed", note: "Оплачен онлайн", at: 1_790_000_100_000, by: null, amount: 1_000_000 },
  ],
};

/** the back office's own: the version, the account, the source, the payment, the consent and the manager's note */
const STAFF_ONLY = ["version", "userId", "source", "paymentMethod", "paidAt", "consentVersion", "consentAt", "managerNote"];

describe("customerOrder", () => {
  it("keeps the order, its lines and its timeline without the back office's own", () => {
    const seen = customerOrder(record);
    const shown = Object.fromEntries(Object.entries(record).filter(([key]) => !STAFF_ONLY.includes(key) && key !== "lines" && key !== "history"));
    expect(seen).toEqual({
      ...shown,
      lines: [{ title: "Стул", slug: "stul", qty: 2, price: 500_000, weight: 6_000, items: [], variantId: 31, values: [], article: "" }],
      history: [
        { kind: "status", status: "new", note: "", at: 1_790_000_000_000, amount: null },
        { kind: "status", status: "confirmed", note: "Ждём вас", at: 1_790_000_050_000, amount: null },
        { kind: "payment", status: "confirmed", note: "Оплачен онлайн", at: 1_790_000_100_000, amount: 1_000_000 },
      ],
    });
    expect(JSON.stringify(seen)).not.toContain("manager@example.ru");
  });

  it("leaves out a field the record gains until it is listed for the customer", () => {
    const grown = { ...record, staffOnly: "секрет" } as OrderRecord;
    expect(JSON.stringify(customerOrder(grown))).not.toContain("секрет");
  });
});
