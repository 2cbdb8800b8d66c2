// The 54-ФЗ receipt that goes with an online payment: one line per order line (goods), delivery
// and lifting as lines of their own (services). The gateway refuses a receipt whose lines do not
// add up to the payment to the kopeck, so an order-level discount is spread over the goods in
// whole kopecks, splitting a line in two where a per-unit price would need a fraction.
import { phoneDigits } from "./phone.ts";

/** 54-ФЗ: what is being sold (tag 1212); we sell goods and services (delivery, lifting). */
export type PaymentSubject = "commodity" | "service";
/** 54-ФЗ: how it is settled (tag 1214): paid in full before the goods are handed over, or on handover. */
export type PaymentMode = "full_prepayment" | "full_payment";

export interface ReceiptItem {
  /** at most 128 characters */
  description: string;
  quantity: number;
  /** price of one unit, kopecks */
  unitPrice: number;
  /** the gateway's VAT code (ЮKassa: 1 — без НДС, 4 — 20 %, …) */
  vatCode: number;
  paymentSubject: PaymentSubject;
  paymentMode: PaymentMode;
}

/** The fiscal receipt sent along with a payment or a refund. */
export interface Receipt {
  /** where the receipt goes: an e-mail when we have one, otherwise the phone (digits, 7XXXXXXXXXX) */
  customer: { email: string } | { phone: string };
  items: ReceiptItem[];
}

/** ЮKassa's limit for an item's description */
export const RECEIPT_DESCRIPTION_MAX = 128;

export interface ReceiptOrder {
  email: string;
  phone: string;
  lines: readonly { title: string; qty: number; price: number }[];
  /** kopecks */
  deliveryCost: number;
  liftingCost: number;
  /** what the buyer pays, kopecks: the payment's amount */
  total: number;
}

export interface ReceiptSettings {
  vatCode: number;
  /** full_prepayment while the goods are not yet handed over (paying online before delivery) */
  paymentMode: PaymentMode;
}

/** The receipt item's name: the order line's title, cut to the gateway's limit at a character boundary. */
export function receiptDescription(title: string): string {
  const clean = title.replace(/\s+/g, " ").trim() || "Товар";
  const chars = Array.from(clean);
  return chars.length <= RECEIPT_DESCRIPTION_MAX ? clean : chars.slice(0, RECEIPT_DESCRIPTION_MAX - 1).join("") + "…";
}

/** Where the receipt is sent: the e-mail when the order has one, otherwise the phone as 7XXXXXXXXXX. */
export function receiptCustomer(order: Pick<ReceiptOrder, "email" | "phone">): Receipt["customer"] {
  const email = order.email.trim();
  if (email) return { email };
  const ten = phoneDigits(order.phone);
  if (!ten) throw new Error("the order has neither an e-mail nor a Russian phone for the receipt");
  return { phone: `7${ten}` };
}

/**
 * Line totals less `discount`, spread in proportion to each line's total (largest remainders
 * get the leftover kopecks), so the results add up to exactly sum − discount.
 */
function spreadDiscount(totals: readonly number[], discount: number): number[] {
  const sum = totals.reduce((a, b) => a + b, 0);
  if (discount === 0) return [...totals];
  const shares = totals.map((t) => Math.floor((discount * t) / sum));
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const order = totals.map((t, i) => ({ i, rest: (discount * t) % sum })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    if (shares[i]! < totals[i]!) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return totals.map((t, i) => t - shares[i]!);
}

/** The receipt for paying `order.total`; its items always add up to exactly that amount. */
export function buildReceipt(order: ReceiptOrder, settings: ReceiptSettings): Receipt {
  const goods = order.lines.filter((l) => l.qty > 0);
  const services = [
    { description: "Доставка", amount: order.deliveryCost },
    { description: "Подъём на этаж", amount: order.liftingCost },
  ].filter((s) => s.amount > 0);
  const goodsTotals = goods.map((l) => l.price * l.qty);
  const goodsSum = goodsTotals.reduce((a, b) => a + b, 0);
  const servicesSum = services.reduce((a, s) => a + s.amount, 0);
  const discount = goodsSum + servicesSum - order.total;
  // a total above the lines would be money for nothing; one below the services, a discount on delivery
  if (discount < 0 || discount > goodsSum) throw new RangeError(`order total ${order.total} does not fit its lines (${goodsSum} + ${servicesSum})`);
  const lineTotals = spreadDiscount(goodsTotals, discount);

  const item = (description: string, quantity: number, unitPrice: number, subject: ReceiptItem["paymentSubject"]): ReceiptItem => ({
    description,
    quantity,
    unitPrice,
    vatCode: settings.vatCode,
    paymentSubject: subject,
    paymentMode: settings.paymentMode,
  });
  const items: ReceiptItem[] = [];
  goods.forEach((line, i) => {
    const total = lineTotals[i]!;
    const unit = Math.floor(total / line.qty);
    const rest = total - unit * line.qty; // 0 ≤ rest < qty: that many units cost one kopeck more
    const description = receiptDescription(line.title);
    if (line.qty - rest > 0) items.push(item(description, line.qty - rest, unit, "commodity"));
    if (rest > 0) items.push(item(description, rest, unit + 1, "commodity"));
  });
  for (const s of services) items.push(item(s.description, 1, s.amount, "service"));
  return { customer: receiptCustomer(order), items };
}

/**
 * A receipt for `amount` kopecks of what the order cost: a refund, or the settlement receipt of a
 * partly refunded prepayment. All of it is the order's own receipt; a part is spread over every
 * line, services included, since the gateway needs lines that add up to the amount and nobody
 * says which goods it was for.
 */
export function receiptForAmount(order: ReceiptOrder, amount: number, settings: ReceiptSettings): Receipt {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > order.total) throw new RangeError(`${amount} does not fit the payment ${order.total}`);
  if (amount === order.total) return buildReceipt(order, settings);
  const lines = [
    ...order.lines.filter((l) => l.qty > 0).map((l) => ({ title: l.title, qty: l.qty, price: l.price, subject: "commodity" as const })),
    { title: "Доставка", qty: 1, price: order.deliveryCost, subject: "service" as const },
    { title: "Подъём на этаж", qty: 1, price: order.liftingCost, subject: "service" as const },
  ].filter((l) => l.price > 0);
  const sum = lines.reduce((acc, l) => acc + l.price * l.qty, 0);
  // lines edited since the payment: a part of them is not a part of what was paid
  if (sum !== order.total) throw new RangeError(`the lines (${sum}) are not what was paid (${order.total})`);
  const totals = spreadDiscount(
    lines.map((l) => l.price * l.qty),
    sum - amount,
  );
  const items: ReceiptItem[] = [];
  lines.forEach((line, i) => {
    const total = totals[i]!;
    if (total === 0) return;
    const unit = Math.floor(total / line.qty);
    const rest = total - unit * line.qty;
    const base = { description: receiptDescription(line.title), vatCode: settings.vatCode, paymentSubject: line.subject, paymentMode: settings.paymentMode };
    if (unit > 0 && line.qty - rest > 0) items.push({ ...base, quantity: line.qty - rest, unitPrice: unit });
    if (rest > 0) items.push({ ...base, quantity: rest, unitPrice: unit + 1 });
  });
  return { customer: receiptCustomer(order), items };
}

/** What the receipt's items add up to, kopecks. */
export function receiptTotal(receipt: Receipt): number {
  return receipt.items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0);
}
