// The checkout form, one schema for the browser and the server.
import { shopToday } from "../../lib/shop-calendar.ts";
import { z } from "zod";
import { isConsentVersion } from "../../lib/consent.ts";
import { DELIVERY_TYPES, LIFT_TYPES, PICKUP_POINT_MESSAGES, type DeliveryType, type LiftType } from "../delivery/index.ts";
import { consentGiven, FIELD_MESSAGES, fieldErrors, optionalEmail, personName, phone } from "../../lib/form-fields.ts";

export const DELIVERY_SLOTS = ["10:00–14:00", "14:00–18:00", "18:00–22:00"] as const;
export const MAX_DELIVERY_DAYS_AHEAD = 60;

const deliveryTypes = Object.keys(DELIVERY_TYPES) as [DeliveryType, ...DeliveryType[]];
const liftTypes = Object.keys(LIFT_TYPES) as [LiftType, ...LiftType[]];

/** The fields on their own; parseCheckout adds the checks that depend on the delivery type. */
export function checkoutSchema(_now = Date.now()) {
  return z
    .object({
      name: personName,
      phone,
      email: optionalEmail,
      delivery: z.enum(deliveryTypes, { error: "Выберите способ получения" }),
      // a showroom id as the select sends it; whether it exists is checked against the database
      pickupPoint: z
        .string()
        .trim()
        .regex(/^[1-9]\d{0,8}$/)
        .transform(Number)
        .optional()
        .catch(undefined),
      address: z
        .string()
        .trim()
        .max(500, "Адрес длиннее 500 символов")
        .optional()
        .transform((v) => v ?? ""),
      floor: z.string().trim().optional(),
      lift: z.enum(liftTypes).optional().catch(undefined),
      date: z
        .string()
        .trim()
        .optional()
        .transform((v) => v ?? ""),
      time: z
        .string()
        .trim()
        .optional()
        .transform((v) => v ?? ""),
      comment: z
        .string()
        .trim()
        .max(1000, "Комментарий длиннее 1000 символов")
        .optional()
        .transform((v) => v ?? ""),
      consent: consentGiven,
      consentVersion: z.string({ error: FIELD_MESSAGES.consentVersion }).refine(isConsentVersion, FIELD_MESSAGES.consentVersion),
      idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Обновите страницу и отправьте заказ ещё раз"),
    })
    .transform((v) => ({ ...v, floor: v.delivery === "floor" ? Number(v.floor) : null, lift: v.delivery === "floor" ? (v.lift ?? "none") : null }));
}

export type CheckoutInput = z.output<ReturnType<typeof checkoutSchema>>;

/**
 * The checks that depend on the delivery type. They run on the raw fields, so the visitor sees
 * them together with the other field errors instead of only after fixing those.
 */
export function deliveryErrors(raw: Record<string, string | undefined>, now = Date.now()): Record<string, string> {
  const errors: Record<string, string> = {};
  const delivery = raw.delivery;
  const text = (k: string) => (raw[k] ?? "").trim();
  if (delivery === "pickup" && !/^[1-9]\d{0,8}$/.test(text("pickupPoint"))) errors.pickupPoint = PICKUP_POINT_MESSAGES.missing;
  if ((delivery === "courier" || delivery === "floor") && text("address").length < 5) errors.address = "Укажите адрес доставки: улицу, дом и квартиру";
  if (delivery === "floor") {
    const floor = Number(text("floor"));
    if (!text("floor") || !Number.isInteger(floor) || floor < 1 || floor > 100) errors.floor = "Укажите этаж числом от 1 до 100";
    if (!text("lift") || !Object.hasOwn(LIFT_TYPES, text("lift"))) errors.lift = "Укажите, есть ли лифт";
  }
  const date = text("date");
  const today = shopToday(now);
  const last = shopToday(now + MAX_DELIVERY_DAYS_AHEAD * 86_400_000);
  if (date && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < today || date > last)) {
    errors.date = `Выберите дату с ${today.split("-").reverse().join(".")} по ${last.split("-").reverse().join(".")}`;
  }
  if (text("time") && !(DELIVERY_SLOTS as readonly string[]).includes(text("time"))) errors.time = "Выберите интервал из списка";
  return errors;
}

/** Validates the whole form: `{data}` when it can become an order, else `{errors}` keyed by field. */
export function parseCheckout(
  raw: Record<string, string | undefined>,
  now = Date.now(),
): { data: CheckoutInput; errors?: undefined } | { data?: undefined; errors: Record<string, string> } {
  const parsed = checkoutSchema(now).safeParse(raw);
  const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...deliveryErrors(raw, now) };
  if (parsed.success && Object.keys(errors).length === 0) return { data: parsed.data };
  return { errors };
}
