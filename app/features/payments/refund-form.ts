// The back office's refund form (decision 101) read into what the manager asks to return: per
// sold line a number of units («refund-line:<id>»), delivery and lifting as checkboxes
// («refund-delivery», «refund-lifting»), an optional goodwill sum in roubles with its reason,
// and the refund's number the page was shown. Pure, so the route stays thin; the quantities are
// checked against what was sold by planRefund (app/features/payments/payment-receipt.ts).
import { parseRoubles } from "./payment-amount.ts";
import type { RefundRequest } from "./payment-receipt.ts";

/** what was typed, to show the form again exactly as it was */
export type RefundFormValues = Record<string, string>;

export type ParsedRefundForm =
  | { ok: true; request: RefundRequest; expectedRefund: number | undefined; values: RefundFormValues }
  | { ok: false; field: string; message: string; values: RefundFormValues };

const PREFIX = "refund-";
/** a line key as the form names it: line:<id>, delivery, lifting */
const KEY = /^(?:line:\d{1,12}|delivery|lifting)$/;
/** more fields than any order has lines: a forged form, read no further */
const MAX_FIELDS = 200;
const MAX_REASON = 100;

/** The form's fields of refund units (`refund-…`) from a form or a URL's query: key → text. */
function refundFields(entries: Iterable<[string, FormDataEntryValue]>): Map<string, string> {
  const out = new Map<string, string>();
  let n = 0;
  for (const [name, value] of entries) {
    if (++n > MAX_FIELDS) break;
    if (!name.startsWith(PREFIX) || typeof value !== "string") continue;
    const key = name.slice(PREFIX.length);
    if (KEY.test(key)) out.set(key, value.trim().slice(0, 10));
  }
  return out;
}

/** Units to pre-fill from a link («Вернуть переплату» sends ?refund-line:7=1): only whole numbers. */
export function refundPrefill(params: URLSearchParams): RefundFormValues {
  const out: RefundFormValues = {};
  for (const [key, text] of refundFields(params.entries())) if (/^\d{1,3}$/.test(text)) out[`${PREFIX}${key}`] = text;
  return out;
}

export function parseRefundForm(form: FormData): ParsedRefundForm {
  const fields = refundFields(form.entries());
  const values: RefundFormValues = {};
  for (const [key, text] of fields) values[`${PREFIX}${key}`] = text;
  const goodwillText = String(form.get("goodwill") ?? "")
    .trim()
    .slice(0, 20);
  const reason = String(form.get("goodwillReason") ?? "")
    .replace(/\s+/g, " ")
    .trim();
  values.goodwill = goodwillText;
  values.goodwillReason = reason.slice(0, 200);
  const refundNo = String(form.get("refundNo") ?? "").trim();
  if (refundNo) values.refundNo = refundNo.slice(0, 6);
  const qty: Record<string, number> = {};
  for (const [key, text] of fields) {
    // an unticked checkbox is simply absent; a ticked one says "1"
    if (text === "" || text === "0") continue;
    if (!/^\d{1,3}$/.test(text)) return { ok: false, field: `refund-${key}`, message: "Укажите количество целым числом, например 1", values };
    qty[key] = Number(text);
  }
  let goodwill = 0;
  if (goodwillText) {
    const kopecks = parseRoubles(goodwillText);
    if (kopecks === null) return { ok: false, field: "goodwill", message: "Укажите сумму в рублях, например 1500 или 1500,50", values };
    goodwill = kopecks;
  }
  if (reason.length > MAX_REASON) return { ok: false, field: "goodwillReason", message: `Причина длиннее ${MAX_REASON} знаков: сократите её.`, values };
  const expected = /^\d{1,6}$/.test(refundNo) ? Number(refundNo) : undefined;
  return { ok: true, request: { qty, goodwill, goodwillReason: reason }, expectedRefund: expected, values };
}
