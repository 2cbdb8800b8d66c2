// The back office's promo code form: one schema with Russian words per field. Money is
// typed in roubles (kopecks after a comma allowed) and stored in kopecks; dates are Moscow days.
import { z } from "zod";
import { formatPrice } from "../../lib/format.ts";
import { normalizePromoCode } from "./promo-discount.ts";

const CODE = /^[A-ZА-ЯЁ0-9_-]{3,40}$/;
const YMD = /^\d{4}-\d{2}-\d{2}$/;
const MONEY = /^\d{1,9}(?:[.,]\d{1,2})?$/;

export const PROMO_FORM_MESSAGES = {
  code: "Промокод — от 3 до 40 букв, цифр, дефисов или подчёркиваний, без пробелов",
  kind: "Выберите вид скидки: процент или рубли",
  percent: "Процент — целое число от 1 до 100",
  fixed: "Укажите скидку в рублях, больше нуля, например 500",
  minSum: "Минимальная сумма — число рублей, например 10000, или пустое поле",
  day: "Дата в формате ГГГГ-ММ-ДД, например 2026-12-31, или пустое поле",
  order: "Дата окончания раньше даты начала",
  limit: "Лимит — целое число больше нуля или пустое поле (без ограничений)",
  sections: "Выберите разделы из списка",
  version: "Обновите страницу и попробуйте снова",
} as const;

/** «1 500,50» → 150050 kopecks; null when it is not a sum of money. */
export function roublesToKopecks(raw: string): number | null {
  const text = raw.replace(/[\s\u00A0]/g, "");
  if (!MONEY.test(text)) return null;
  return Math.round(Number(text.replace(",", ".")) * 100);
}

const day = z
  .string()
  .trim()
  .default("")
  .refine((s) => s === "" || (YMD.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), PROMO_FORM_MESSAGES.day)
  .transform((s) => (s === "" ? null : s));

const limit = z
  .string()
  .trim()
  .default("")
  .refine((s) => s === "" || (/^\d{1,9}$/.test(s) && Number(s) > 0), PROMO_FORM_MESSAGES.limit)
  .transform((s) => (s === "" ? null : Number(s)));

export const promoSchema = z
  .object({
    code: z
      .string({ error: PROMO_FORM_MESSAGES.code })
      .transform(normalizePromoCode)
      .refine((s) => CODE.test(s), PROMO_FORM_MESSAGES.code),
    kind: z.enum(["percent", "fixed"], { error: PROMO_FORM_MESSAGES.kind }),
    amount: z.string().trim().default(""),
    minSum: z
      .string()
      .trim()
      .default("")
      .transform((s, ctx) => {
        if (s === "") return 0;
        const kopecks = roublesToKopecks(s);
        if (kopecks === null) ctx.addIssue({ code: "custom", message: PROMO_FORM_MESSAGES.minSum });
        return kopecks ?? 0;
      }),
    sectionIds: z
      .array(
        z
          .string()
          .regex(/^\d{1,9}$/, PROMO_FORM_MESSAGES.sections)
          .transform(Number),
      )
      .max(500, PROMO_FORM_MESSAGES.sections)
      .default([]),
    validFrom: day,
    validTo: day,
    totalLimit: limit,
    perCustomerLimit: limit,
    enabled: z
      .string()
      .optional()
      .transform((v) => v === "on"),
    version: z.coerce.number({ error: PROMO_FORM_MESSAGES.version }).int().positive(PROMO_FORM_MESSAGES.version),
  })
  .transform((p, ctx) => {
    let amount = 0;
    if (p.kind === "percent") {
      amount = /^\d{1,3}$/.test(p.amount) ? Number(p.amount) : 0;
      if (amount < 1 || amount > 100) ctx.addIssue({ code: "custom", path: ["amount"], message: PROMO_FORM_MESSAGES.percent });
    } else {
      amount = roublesToKopecks(p.amount) ?? 0;
      if (amount <= 0) ctx.addIssue({ code: "custom", path: ["amount"], message: PROMO_FORM_MESSAGES.fixed });
    }
    if (p.validFrom && p.validTo && p.validTo < p.validFrom) ctx.addIssue({ code: "custom", path: ["validTo"], message: PROMO_FORM_MESSAGES.order });
    return { ...p, amount, sectionIds: [...new Set(p.sectionIds)] };
  });
export type PromoInput = z.output<typeof promoSchema>;

/** What the list and the form show of a stored code. */
export interface PromoCodeRow {
  id: number;
  code: string;
  kind: "percent" | "fixed";
  amount: number;
  minSum: number;
  sectionIds: number[];
  validFrom: string | null;
  validTo: string | null;
  totalLimit: number | null;
  perCustomerLimit: number | null;
  uses: number;
  enabled: boolean;
  version: number;
}

const ruDay = (day: string) => day.split("-").reverse().join(".");

/** The list's words for a code: «10 %» or «500 ₽ от 10 000 ₽», «с 01.12.2026 по 31.12.2026», «3 из 100». */
export function describePromo(p: PromoCodeRow): { discount: string; period: string; uses: string } {
  const discount = (p.kind === "percent" ? `${p.amount} %` : formatPrice(p.amount)) + (p.minSum ? ` от ${formatPrice(p.minSum)}` : "");
  const period =
    p.validFrom && p.validTo
      ? `с ${ruDay(p.validFrom)} по ${ruDay(p.validTo)}`
      : p.validFrom
        ? `с ${ruDay(p.validFrom)}`
        : p.validTo
          ? `по ${ruDay(p.validTo)}`
          : "без срока";
  return { discount, period, uses: p.totalLimit === null ? String(p.uses) : `${p.uses} из ${p.totalLimit}` };
}

const TEXT_FIELDS = ["code", "kind", "amount", "minSum", "validFrom", "validTo", "totalLimit", "perCustomerLimit", "enabled", "version"] as const;

/** The form's values as text, the way they are typed and shown again after a refusal. */
export type PromoFormValues = Record<(typeof TEXT_FIELDS)[number], string> & { sectionIds: string[] };

/** A posted form as the form's values (repeated section ids kept, anything else ignored). */
export function promoFormFromPost(form: FormData): PromoFormValues {
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v.slice(0, 200) : "";
  };
  const out = Object.fromEntries(TEXT_FIELDS.map((k) => [k, text(k)])) as Record<(typeof TEXT_FIELDS)[number], string>;
  return { ...out, sectionIds: form.getAll("sectionIds").map(String).slice(0, 501) };
}

/** A stored code as the form's text values (money back in roubles). */
export function promoFormValues(p: PromoCodeRow | null): PromoFormValues {
  const roubles = (k: number) => (k % 100 ? (k / 100).toFixed(2).replace(".", ",") : String(k / 100));
  if (!p)
    return {
      code: "",
      kind: "percent",
      amount: "",
      minSum: "",
      validFrom: "",
      validTo: "",
      totalLimit: "",
      perCustomerLimit: "",
      enabled: "on",
      version: "1",
      sectionIds: [],
    };
  return {
    code: p.code,
    kind: p.kind,
    amount: p.kind === "percent" ? String(p.amount) : roubles(p.amount),
    minSum: p.minSum ? roubles(p.minSum) : "",
    validFrom: p.validFrom ?? "",
    validTo: p.validTo ?? "",
    totalLimit: p.totalLimit === null ? "" : String(p.totalLimit),
    perCustomerLimit: p.perCustomerLimit === null ? "" : String(p.perCustomerLimit),
    enabled: p.enabled ? "on" : "",
    version: String(p.version),
    sectionIds: p.sectionIds.map(String),
  };
}
