// The 54-ФЗ receipt that goes with an online payment: one line per order line (goods), delivery
// and lifting as lines of their own (services). The gateway refuses a receipt whose lines do not
// add up to the payment to the kopeck, so an order-level discount is spread over the goods in
// whole kopecks, splitting a line in two where a per-unit price would need a fraction.
import { z } from "zod";
import { phoneDigits } from "../../lib/phone.ts";

/** 54-ФЗ: what is being sold (tag 1212): goods and services (delivery, lifting); «another» for a goodwill refund. */
export type PaymentSubject = "commodity" | "service" | "another";
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
  /** `id`: the order line's, for the sold line's key */
  lines: readonly { id?: number; title: string; qty: number; price: number }[];
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

/**
 * What a payment sells, line by line: each order line's goods at what they cost after an order
 * discount (spread in whole kopecks), then delivery and lifting as services. Stored with the
 * payment, this is what refunds and the settlement receipt are measured against, whatever
 * happens to the order's lines later (decision 101).
 */
export interface SoldLine {
  /** "line:<order line id>", "delivery" or "lifting" */
  key: string;
  title: string;
  qty: number;
  /** kopecks the payment takes for all the line's units */
  total: number;
  subject: PaymentSubject;
}

/** `payments.sold_lines` as written with the payment */
export const SoldLinesSchema = z.array(
  z.object({
    key: z.string(),
    title: z.string(),
    qty: z.int().positive(),
    total: z.int().nonnegative(),
    subject: z.enum(["commodity", "service", "another"]),
  }) satisfies z.ZodType<SoldLine>,
);

/** The lines paying `order.total` sells; a RangeError when the total does not fit the lines. */
export function soldLines(order: ReceiptOrder): SoldLine[] {
  const goods = order.lines.map((l, i) => ({ ...l, key: `line:${l.id ?? i}` })).filter((l) => l.qty > 0);
  const services = [
    { key: "delivery", title: "Доставка", total: order.deliveryCost },
    { key: "lifting", title: "Подъём на этаж", total: order.liftingCost },
  ].filter((s) => s.total > 0);
  const goodsTotals = goods.map((l) => l.price * l.qty);
  const goodsSum = goodsTotals.reduce((a, b) => a + b, 0);
  const servicesSum = services.reduce((a, s) => a + s.total, 0);
  const discount = goodsSum + servicesSum - order.total;
  // a total above the lines would be money for nothing; one below the services, a discount on delivery
  if (discount < 0 || discount > goodsSum) throw new RangeError(`order total ${order.total} does not fit its lines (${goodsSum} + ${servicesSum})`);
  const lineTotals = spreadDiscount(goodsTotals, discount);
  return [
    ...goods.map((l, i) => ({ key: l.key, title: l.title, qty: l.qty, total: lineTotals[i]!, subject: "commodity" as const })),
    ...services.map((s) => ({ ...s, qty: 1, subject: "service" as const })),
  ];
}

/**
 * A line's units are priced in whole kopecks: the first `qty − rest` at ⌊total / qty⌋, the last
 * `rest` one kopeck more, so all of them add up to the line's total. Units are returned from the
 * first on, so units [from, from + count) are what a refund takes after `from` went back before.
 */
function unitRuns(line: SoldLine, from: number, count: number): { quantity: number; unitPrice: number }[] {
  const unit = Math.floor(line.total / line.qty);
  const rest = line.total - unit * line.qty;
  const cheap = Math.max(0, Math.min(from + count, line.qty - rest) - from);
  return [
    { quantity: cheap, unitPrice: unit },
    { quantity: count - cheap, unitPrice: unit + 1 },
  ].filter((r) => r.quantity > 0);
}

/** kopecks of units [from, from + count) of a sold line */
export function unitsValue(line: SoldLine, from: number, count: number): number {
  return unitRuns(line, from, count).reduce((sum, r) => sum + r.quantity * r.unitPrice, 0);
}

/** receipt items of units [from, from + count); units given away free are left out of a refund (`paidOnly`), as there is nothing to return */
function itemsOf(line: SoldLine, from: number, count: number, settings: ReceiptSettings, paidOnly = false): ReceiptItem[] {
  const runs = unitRuns(line, from, count).filter((r) => !paidOnly || r.unitPrice > 0);
  return runs.map((r) => ({
    description: receiptDescription(line.title),
    quantity: r.quantity,
    unitPrice: r.unitPrice,
    vatCode: settings.vatCode,
    paymentSubject: line.subject,
    paymentMode: settings.paymentMode,
  }));
}

/** The receipt for paying `order.total`; its items always add up to exactly that amount. */
export function buildReceipt(order: ReceiptOrder, settings: ReceiptSettings): Receipt {
  return { customer: receiptCustomer(order), items: soldLines(order).flatMap((l) => itemsOf(l, 0, l.qty, settings)) };
}

/** what the manager asks to return: units of sold lines, and perhaps a goodwill sum */
export interface RefundRequest {
  /** line key → units to return; 0 or absent: none */
  qty: Readonly<Record<string, number>>;
  /** kopecks returned as a goodwill gesture, with no goods behind them */
  goodwill: number;
  goodwillReason: string;
}

export interface RefundLine {
  key: string;
  title: string;
  qty: number;
  /** kopecks */
  amount: number;
}

/** 54-ФЗ has no goods behind a goodwill sum: its receipt line names what it is for */
export const GOODWILL_KEY = "goodwill";

/**
 * The refund's lines and its receipt, or why it cannot be made (Russian, for the form). Units
 * of each line are returned in order after those returned before (`returned`: line key → units),
 * never more than were sold; a goodwill sum is a line of its own. The amount follows from the
 * lines; the caller checks it against the money left.
 */
export function planRefund(
  sold: readonly SoldLine[],
  returned: ReadonlyMap<string, number>,
  request: RefundRequest,
  customer: Receipt["customer"],
  settings: ReceiptSettings,
): { ok: true; lines: RefundLine[]; amount: number; receipt: Receipt } | { ok: false; field: string; message: string } {
  const lines: RefundLine[] = [];
  const items: ReceiptItem[] = [];
  for (const key of Object.keys(request.qty)) {
    if (!sold.some((l) => l.key === key)) return { ok: false, field: "refundLines", message: "Такой позиции в оплате нет: обновите страницу." };
  }
  for (const line of sold) {
    const want = request.qty[line.key] ?? 0;
    if (want === 0) continue;
    const before = returned.get(line.key) ?? 0;
    const left = line.qty - before;
    if (!Number.isInteger(want) || want < 0 || want > left) {
      const message =
        left === 0
          ? `«${line.title}» уже возвращено полностью.`
          : `«${line.title}»: можно вернуть от 0 до ${left} ${line.subject === "service" ? "" : "шт."}`.trim();
      return { ok: false, field: `refund-${line.key}`, message };
    }
    lines.push({ key: line.key, title: line.title, qty: want, amount: unitsValue(line, before, want) });
    items.push(...itemsOf(line, before, want, settings, true));
  }
  if (request.goodwill > 0) {
    const reason = request.goodwillReason.replace(/\s+/g, " ").trim();
    if (!reason) return { ok: false, field: "goodwillReason", message: "Напишите, за что компенсация: это попадёт в чек." };
    const title = `Компенсация: ${reason}`;
    lines.push({ key: GOODWILL_KEY, title, qty: 1, amount: request.goodwill });
    // no goods or service stands behind it: «иной предмет расчёта» in 54-ФЗ terms
    items.push({
      description: receiptDescription(title),
      quantity: 1,
      unitPrice: request.goodwill,
      vatCode: settings.vatCode,
      paymentSubject: "another",
      paymentMode: settings.paymentMode,
    });
  }
  if (!lines.length) return { ok: false, field: "refundLines", message: "Выберите, что возвращаете: количество товара, доставку или сумму компенсации." };
  const amount = lines.reduce((sum, l) => sum + l.amount, 0);
  return { ok: true, lines, amount, receipt: { customer, items } };
}

/**
 * The settlement receipt («полный расчёт») of a prepayment after refunds: the units not returned,
 * settled by `left` kopecks of the prepayment. A goodwill sum that went back lowers what the goods
 * are settled for; it is spread over them like an order discount. A RangeError when `left` is
 * more than the goods left are worth.
 */
export function settlementReceipt(
  sold: readonly SoldLine[],
  returned: ReadonlyMap<string, number>,
  left: number,
  customer: Receipt["customer"],
  settings: ReceiptSettings,
): Receipt {
  const rest = sold
    .map((l) => {
      const from = returned.get(l.key) ?? 0;
      return { ...l, from, count: l.qty - from, total: unitsValue(l, from, l.qty - from) };
    })
    .filter((l) => l.count > 0 && l.total > 0);
  const worth = rest.reduce((sum, l) => sum + l.total, 0);
  if (left > worth || left <= 0) throw new RangeError(`${left} does not fit what is left of the goods (${worth})`);
  const totals = spreadDiscount(
    rest.map((l) => l.total),
    worth - left,
  );
  const items = rest.flatMap((l, i) => itemsOf({ ...l, qty: l.count, total: totals[i]! }, 0, l.count, settings, true));
  return { customer, items };
}

/** What the receipt's items add up to, kopecks. */
export function receiptTotal(receipt: Receipt): number {
  return receipt.items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0);
}
