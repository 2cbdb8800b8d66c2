import { describe, expect, it } from "vitest";
import { buildReceipt, planRefund, receiptCustomer, receiptDescription, receiptTotal, settlementReceipt, soldLines } from "./payment-receipt.ts";

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
  it("refunds the units the manager picks, priced as the payment sold them, never more than were sold", () => {
    const lines = [
      { id: 7, title: "Кровать «Сон»", qty: 3, price: 1_000_000 },
      { id: 8, title: "Тумба", qty: 2, price: 333_333 },
    ];
    const paid = { ...order, lines, total: 3 * 1_000_000 + 2 * 333_333 - 100 + 208_000 };
    const sold = soldLines(paid);
    expect(sold.map((l) => [l.key, l.qty, l.subject])).toEqual([
      ["line:7", 3, "commodity"],
      ["line:8", 2, "commodity"],
      ["delivery", 1, "service"],
      ["lifting", 1, "service"],
    ]);
    const customer = receiptCustomer(order);
    const returned = new Map<string, number>();
    let refunded = 0;
    // two beds, then one, then the tumbas one by one and the services: the receipts name exactly that
    const steps: Record<string, number>[] = [{ "line:7": 2 }, { "line:7": 1 }, { "line:8": 1 }, { "line:8": 1, delivery: 1, lifting: 1 }];
    for (const qty of steps) {
      const plan = planRefund(sold, returned, { qty, goodwill: 0, goodwillReason: "" }, customer, settings);
      if (!plan.ok) throw new Error(plan.message);
      expect(receiptTotal(plan.receipt)).toBe(plan.amount);
      for (const [key, n] of Object.entries(qty)) {
        const title = sold.find((l) => l.key === key)!.title;
        expect(plan.receipt.items.filter((i) => i.description === title).reduce((a, i) => a + i.quantity, 0)).toBe(n);
        returned.set(key, (returned.get(key) ?? 0) + n);
      }
      expect(plan.receipt.items.every((i) => i.paymentMode === "full_prepayment" && i.unitPrice > 0)).toBe(true);
      refunded += plan.amount;
    }
    // everything returned adds up to the payment to the kopeck
    expect(refunded).toBe(paid.total);
    const over = planRefund(sold, returned, { qty: { "line:7": 1 }, goodwill: 0, goodwillReason: "" }, customer, settings);
    expect(over).toEqual({ ok: false, field: "refund-line:7", message: "«Кровать «Сон»» уже возвращено полностью." });
  });
  it("refuses more units than are left, an unknown line, nothing at all, and a goodwill sum without a reason", () => {
    const sold = soldLines({ ...order, lines: [{ id: 1, title: "Стул", qty: 4, price: 100_00 }], total: 400_00 + 208_000 });
    const customer = receiptCustomer(order);
    const plan = (qty: Record<string, number>, goodwill = 0, goodwillReason = "") =>
      planRefund(sold, new Map([["line:1", 1]]), { qty, goodwill, goodwillReason }, customer, settings);
    expect(plan({ "line:1": 4 })).toMatchObject({ ok: false, message: "«Стул»: можно вернуть от 0 до 3 шт." });
    expect(plan({ "line:99": 1 })).toMatchObject({ ok: false, field: "refundLines" });
    expect(plan({})).toMatchObject({ ok: false, field: "refundLines" });
    expect(plan({}, 500_00)).toMatchObject({ ok: false, field: "goodwillReason" });
    const goodwill = plan({ "line:1": 1 }, 500_00, "царапина на ножке");
    expect(goodwill).toMatchObject({ ok: true, amount: 600_00 });
    if (goodwill.ok)
      expect(goodwill.receipt.items.at(-1)).toEqual({
        description: "Компенсация: царапина на ножке",
        quantity: 1,
        unitPrice: 500_00,
        vatCode: 1,
        paymentSubject: "another",
        paymentMode: "full_prepayment",
      });
  });
  it("settles the units not returned by what is left of the prepayment", () => {
    const sold = soldLines({ ...order, lines: [{ id: 1, title: "Стул", qty: 4, price: 100_00 }], total: 400_00 + 208_000 });
    const customer = receiptCustomer(order);
    const full = settlementReceipt(sold, new Map(), 400_00 + 208_000, customer, { vatCode: 1, paymentMode: "full_payment" });
    expect(full.items).toEqual(
      buildReceipt({ ...order, lines: [{ title: "Стул", qty: 4, price: 100_00 }], total: 400_00 + 208_000 }, { vatCode: 1, paymentMode: "full_payment" }).items,
    );
    const r = settlementReceipt(
      sold,
      new Map([
        ["line:1", 1],
        ["delivery", 1],
      ]),
      300_00 + 58_000 - 1_000,
      customer,
      settings,
    );
    expect(receiptTotal(r)).toBe(300_00 + 58_000 - 1_000);
    expect(r.items.filter((i) => i.description === "Стул").reduce((a, i) => a + i.quantity, 0)).toBe(3);
    expect(r.items.some((i) => i.description === "Доставка")).toBe(false);
    expect(() => settlementReceipt(sold, new Map(), 400_00 + 208_001, customer, settings)).toThrow(RangeError);
  });
});
