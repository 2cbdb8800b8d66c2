import { describe, expect, it } from "vitest";
import { buildReceipt, receiptForAmount, receiptCustomer, receiptDescription, receiptTotal } from "./payment-receipt.ts";

const settings = { vatCode: 1, paymentMode: "full_prepayment" as const };
const order = {
  email: "anna@example.ru",
  phone: "+7 (916) 123-45-67",
  lines: [
    { title: "Диван «Осло» трёхместный", qty: 1, price: 5_499_000 },
    { title: "Стул «Берн»", qty: 4, price: 499_050 },
  ],
  deliveryCost: 150_000,
  liftingCost: 58_000,
  total: 5_499_000 + 4 * 499_050 + 150_000 + 58_000,
};

describe("the 54-ФЗ receipt of an online payment", () => {
  it("has one goods line per order line and delivery and lifting as services", () => {
    const r = buildReceipt(order, settings);
    expect(r.customer).toEqual({ email: "anna@example.ru" });
    expect(r.items).toEqual([
      { description: "Диван «Осло» трёхместный", quantity: 1, unitPrice: 5_499_000, vatCode: 1, paymentSubject: "commodity", paymentMode: "full_prepayment" },
      { description: "Стул «Берн»", quantity: 4, unitPrice: 499_050, vatCode: 1, paymentSubject: "commodity", paymentMode: "full_prepayment" },
      { description: "Доставка", quantity: 1, unitPrice: 150_000, vatCode: 1, paymentSubject: "service", paymentMode: "full_prepayment" },
      { description: "Подъём на этаж", quantity: 1, unitPrice: 58_000, vatCode: 1, paymentSubject: "service", paymentMode: "full_prepayment" },
    ]);
    expect(receiptTotal(r)).toBe(order.total);
  });
  it("leaves out free delivery and no lifting, and carries the configured VAT code and mode", () => {
    const r = buildReceipt({ ...order, deliveryCost: 0, liftingCost: 0, total: 5_499_000 + 4 * 499_050 }, { vatCode: 4, paymentMode: "full_payment" });
    expect(r.items.map((i) => i.description)).toEqual(["Диван «Осло» трёхместный", "Стул «Берн»"]);
    expect(r.items.every((i) => i.vatCode === 4 && i.paymentMode === "full_payment")).toBe(true);
  });
  it("spreads an order discount over the goods so the items add up to the payment to the kopeck", () => {
    const lines = [
      { title: "Полка", qty: 3, price: 33_333 },
      { title: "Лампа", qty: 7, price: 12_345 },
      { title: "Ковёр", qty: 1, price: 1 },
    ];
    const goods = 3 * 33_333 + 7 * 12_345 + 1;
    for (const discount of [0, 1, 2, 99, 10_001, goods - 1, goods]) {
      const r = buildReceipt({ ...order, lines, total: goods - discount + 208_000 }, settings);
      expect(receiptTotal(r)).toBe(goods - discount + 208_000);
      expect(r.items.every((i) => Number.isInteger(i.unitPrice) && i.unitPrice >= 0 && Number.isInteger(i.quantity) && i.quantity > 0)).toBe(true);
      // every unit of every line is still there
      const units = (title: string) => r.items.filter((i) => i.description === title).reduce((n, i) => n + i.quantity, 0);
      expect([units("Полка"), units("Лампа"), units("Ковёр")]).toEqual([3, 7, 1]);
      // services are never discounted
      expect(r.items.find((i) => i.description === "Доставка")?.unitPrice).toBe(150_000);
    }
  });
  it("refuses a total above the lines or a discount larger than the goods", () => {
    expect(() => buildReceipt({ ...order, total: order.total + 1 }, settings)).toThrow(RangeError);
    expect(() => buildReceipt({ ...order, total: 150_000 }, settings)).toThrow(RangeError);
  });
  it("sends the receipt to the phone when there is no e-mail", () => {
    expect(receiptCustomer({ email: "  ", phone: "+7 (916) 123-45-67" })).toEqual({ phone: "79161234567" });
    expect(() => receiptCustomer({ email: "", phone: "12" })).toThrow();
  });
  it("cuts long titles to 128 characters", () => {
    const long = "Шкаф-купе ".repeat(30);
    const d = receiptDescription(long);
    expect(Array.from(d)).toHaveLength(128);
    expect(d.endsWith("…")).toBe(true);
    expect(receiptDescription("  Кресло\n «Мия» ")).toBe("Кресло «Мия»");
  });
  it("makes a refund receipt that adds up to the refund: the payment's own for a full refund, every line scaled for a part", () => {
    expect(receiptForAmount(order, order.total, settings)).toEqual(buildReceipt(order, settings));
    for (const amount of [1, 99, 58_000, 1_000_001, order.total - 1]) {
      const r = receiptForAmount(order, amount, settings);
      expect(receiptTotal(r)).toBe(amount);
      expect(r.items.every((i) => i.unitPrice > 0 && Number.isInteger(i.unitPrice) && Number.isInteger(i.quantity) && i.quantity > 0)).toBe(true);
    }
    expect(() => receiptForAmount(order, 0, settings)).toThrow(RangeError);
    expect(() => receiptForAmount(order, order.total + 1, settings)).toThrow(RangeError);
    // lines changed since the payment: no part of them can stand for what was paid
    expect(() => receiptForAmount({ ...order, total: order.total + 500 }, 1_000, settings)).toThrow(RangeError);
  });
});
