// «Купить в 1 клик» (decision 083): name, phone and consent are all the shop asks; the
// manager calls back and agrees delivery. One schema for the browser and the server, built from
// the shared field rules so the words under the fields are the same as in every other form.
import { z } from "zod";
import { isConsentVersion } from "../../lib/consent.ts";
import { consentGiven, FIELD_MESSAGES, parseFields, personName, phone, type FieldErrors, type ParseResult } from "../../lib/form-fields.ts";

export const ONE_CLICK_LABEL = "Купить в 1 клик";
/** the plain page the button leads to without JavaScript, and where the form posts */
export const ONE_CLICK_PATH = "/buy/one-click/";
/** where the dialog posts with JavaScript: the same form, answered in JSON */
export const ONE_CLICK_ENDPOINT = "/buy/one-click/order/";

export const NOTHING_TO_ORDER_MESSAGE = "В корзине нет товаров в наличии: добавьте товары и попробуйте снова.";
export const soldOutMessage = (title: string) => `«${title}» закончился на складе: заказать его сейчас нельзя. Позвоните нам — подскажем похожие товары.`;
export const ONE_CLICK_RATE_LIMIT_MESSAGE = "Слишком много заказов подряд. Попробуйте ещё раз через несколько минут или позвоните нам.";

export const oneClickSchema = z.object({
  name: personName,
  phone,
  consent: consentGiven,
  consent_version: z.string({ error: FIELD_MESSAGES.consentVersion }).refine(isConsentVersion, FIELD_MESSAGES.consentVersion),
  // what is bought: a product's slug, or nothing for the cart's available lines
  product: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || null),
  // the product page's chosen variant (docs/decisions/108-product-variants.md, section 3); junk
  // names none, and the product's only variant is meant (a model with several is refused then)
  v: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v && /^\d{1,12}$/.test(v) ? Number(v) : null)),
});

export type OneClickInput = z.output<typeof oneClickSchema>;

export function parseOneClick(values: Record<string, string | undefined>): ParseResult<OneClickInput> {
  return parseFields(oneClickSchema, values);
}

/** The browser's check before sending: `{field: message}`, empty when fine. */
export function checkOneClick(values: Record<string, string>): FieldErrors {
  const parsed = parseOneClick(values);
  return parsed.ok ? {} : parsed.errors;
}

/** The plain page for one product, or for the cart when no product is named. */
export function oneClickHref(productSlug?: string, variant?: number): string {
  return productSlug ? `${ONE_CLICK_PATH}?product=${encodeURIComponent(productSlug)}${variant ? `&v=${variant}` : ""}` : ONE_CLICK_PATH;
}
