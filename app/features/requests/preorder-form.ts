// The two forms of a product made to order: «Оформить предзаказ» (an order the manager
// confirms once the goods arrive) and «Сообщить о поступлении» (a letter when the stock is back).
// One schema each for the browser and the server.
import { z } from "zod";
import { isConsentVersion } from "../../lib/consent.ts";
import { consentGiven, email, FIELD_MESSAGES, optionalEmail, parseFields, personName, phone, type ParseResult } from "../../lib/form-fields.ts";

export const PREORDER_MAX_QTY = 99;

export const PREORDER_MESSAGES = {
  qty: `Укажите количество от 1 до ${PREORDER_MAX_QTY}`,
  inStock: "Этот товар снова в наличии: добавьте его в корзину и оформите обычный заказ.",
  gone: "Этот товар больше не продаётся.",
  stale: "Обновите страницу и отправьте предзаказ ещё раз",
  tooMany: (minutes: number) => `Слишком много заявок с этого адреса: попробуйте через ${minutes} мин.`,
} as const;

const consentVersion = z.string({ error: FIELD_MESSAGES.consentVersion }).refine(isConsentVersion, FIELD_MESSAGES.consentVersion);

export const preorderSchema = z.object({
  name: personName,
  phone,
  email: optionalEmail,
  qty: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : 1))
    .pipe(z.number({ error: PREORDER_MESSAGES.qty }).int(PREORDER_MESSAGES.qty).min(1, PREORDER_MESSAGES.qty).max(PREORDER_MAX_QTY, PREORDER_MESSAGES.qty)),
  comment: z
    .string()
    .trim()
    .max(1000, "Комментарий длиннее 1000 символов")
    .optional()
    .transform((v) => v ?? ""),
  consent: consentGiven,
  consentVersion,
  idempotencyKey: z.string({ error: PREORDER_MESSAGES.stale }).regex(/^[A-Za-z0-9_-]{16,64}$/, PREORDER_MESSAGES.stale),
});

export type PreorderInput = z.output<typeof preorderSchema>;

export const parsePreorder = (values: Record<string, string>): ParseResult<PreorderInput> => parseFields(preorderSchema, values);

export const stockNoticeSchema = z.object({ email, consent: consentGiven, consentVersion });

export type StockNoticeInput = z.output<typeof stockNoticeSchema>;

export const parseStockNotice = (values: Record<string, string>): ParseResult<StockNoticeInput> => parseFields(stockNoticeSchema, values);
