// One Zod schema per form, used by the browser before sending and by the server on every post,
// so both sides say the same Russian words under the same fields.
import { z } from "zod";
import { isConsentVersion } from "../../lib/consent.ts";
import { consentGiven, email, FIELD_MESSAGES, optionalPhone, parseFields, personName, phone, type ParseResult } from "../../lib/form-fields.ts";

export const FORM_NAMES = ["callback", "feedback"] as const;
export type FormName = (typeof FORM_NAMES)[number];
export const isFormName = (v: unknown): v is FormName => typeof v === "string" && (FORM_NAMES as readonly string[]).includes(v);

/** Callback time slots inside the shop's working hours (10:00–21:00). */
export const CALLBACK_SLOTS = [
  { value: "any", label: "В любое время" },
  { value: "10-12", label: "10:00–12:00" },
  { value: "12-14", label: "12:00–14:00" },
  { value: "14-16", label: "14:00–16:00" },
  { value: "16-18", label: "16:00–18:00" },
  { value: "18-21", label: "18:00–21:00" },
] as const;

export const MESSAGE_MAX = 2000;

const consentVersion = z.string({ error: FIELD_MESSAGES.consentVersion }).refine(isConsentVersion, FIELD_MESSAGES.consentVersion);

export const callbackSchema = z.object({
  name: personName,
  phone,
  time: z.enum(CALLBACK_SLOTS.map((s) => s.value) as [string, ...string[]], { error: "Выберите удобное время звонка" }).default("any"),
  // «Сообщить о поступлении» on a product made to order: which product the manager calls about
  product: z.string().trim().max(200).optional(),
  consent: consentGiven,
  consent_version: consentVersion,
});

export const feedbackSchema = z.object({
  name: personName,
  email,
  phone: optionalPhone,
  message: z
    .string({ error: "Напишите ваш вопрос или отзыв" })
    .trim()
    .min(10, "Напишите сообщение: не меньше 10 символов")
    .max(MESSAGE_MAX, `Сообщение длиннее ${MESSAGE_MAX} символов: сократите его`),
  consent: consentGiven,
  consent_version: consentVersion,
});

export const FORM_SCHEMAS = { callback: callbackSchema, feedback: feedbackSchema } as const;

/** Validates plain string values; the first message per field wins. */
export function validateForm<N extends FormName>(form: N, values: Record<string, string | undefined>): ParseResult<z.output<(typeof FORM_SCHEMAS)[N]>> {
  return parseFields(FORM_SCHEMAS[form], values) as ParseResult<z.output<(typeof FORM_SCHEMAS)[N]>>;
}
