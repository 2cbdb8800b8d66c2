// The back office's feed settings form (/admin/exchange/, decision 090): the shop's name, company,
// courier option and sales note as Yandex Market takes them, with Russian words per field.
import { z } from "zod";
import { parseFields, type ParseResult } from "../../lib/form-fields.ts";
import { YML_SALES_NOTES_MAX, YML_SHOP_NAME_MAX } from "./yml.ts";

export const COMPANY_MAX = 200;
/** Market's courier option: a day count up to this, or a range of at most DAYS_RANGE_MAX days */
const DAYS_MAX = 31;
const DAYS_RANGE_MAX = 3;

export const FEED_FORM_MESSAGES = {
  shopName: `Название магазина — от 1 до ${YML_SHOP_NAME_MAX} символов (так требует Яндекс Маркет)`,
  company: `Укажите компанию — полное наименование, до ${COMPANY_MAX} символов`,
  deliveryCost: "Стоимость доставки — целое число рублей от 0 до 1 000 000, например 990",
  deliveryDays: `Срок доставки — число дней от 0 до ${DAYS_MAX} или период не длиннее ${DAYS_RANGE_MAX} дней, например 1-3`,
  salesNotes: `Условия продажи — не длиннее ${YML_SALES_NOTES_MAX} символов`,
} as const;

export interface FeedShopSettings {
  shopName: string;
  company: string;
  /** whole roubles */
  deliveryCost: number;
  deliveryDays: string;
  salesNotes: string;
}

/** The form's fields as typed (strings), to draw it again after a refusal. */
export type FeedShopFormValues = Record<keyof FeedShopSettings, string>;

const chars = (s: string) => [...s].length;

/** «2», «1-3» (a dash or an en dash typed, a dash stored); null when Market would refuse it. */
export function normalizeDeliveryDays(raw: string): string | null {
  const m = /^(\d{1,2})(?:\s*[-–—]\s*(\d{1,2}))?$/.exec(raw.trim());
  if (!m) return null;
  const from = Number(m[1]);
  if (m[2] === undefined) return from <= DAYS_MAX ? String(from) : null;
  const to = Number(m[2]);
  if (to <= from || to > DAYS_MAX || to - from + 1 > DAYS_RANGE_MAX) return null;
  return `${from}-${to}`;
}

const schema = z.object({
  shopName: z
    .string()
    .trim()
    .default("")
    .refine((s) => chars(s) >= 1 && chars(s) <= YML_SHOP_NAME_MAX, FEED_FORM_MESSAGES.shopName),
  company: z
    .string()
    .trim()
    .default("")
    .refine((s) => chars(s) >= 1 && chars(s) <= COMPANY_MAX, FEED_FORM_MESSAGES.company),
  deliveryCost: z
    .string()
    .default("")
    .transform((s) => s.replace(/[\s\u00A0]/g, ""))
    .refine((s) => /^\d{1,7}$/.test(s) && Number(s) <= 1_000_000, FEED_FORM_MESSAGES.deliveryCost)
    .transform(Number),
  deliveryDays: z
    .string()
    .default("")
    .transform((s, ctx) => {
      const days = normalizeDeliveryDays(s);
      if (days === null) ctx.addIssue({ code: "custom", message: FEED_FORM_MESSAGES.deliveryDays });
      return days ?? "";
    }),
  salesNotes: z
    .string()
    .trim()
    .default("")
    .refine((s) => chars(s) <= YML_SALES_NOTES_MAX, FEED_FORM_MESSAGES.salesNotes),
});

export function parseFeedShopForm(input: Record<string, unknown>): ParseResult<FeedShopSettings> {
  return parseFields(schema, input);
}
