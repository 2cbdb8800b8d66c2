// What every form of the shop has in common, in one place: the field rules that recur (name,
// e-mail, phone, consent) with one wording each, the honeypot, and the one way a Zod result becomes
// the `{field: message}` answer (docs/behaviour.md «Forms»). Feature schemas (accounts, checkout,
// the callback and feedback forms, reviews) are built from these, so the same rule always says the
// same words.
import { z } from "zod";
import { normalizePhone, PHONE_FORMAT_MESSAGE } from "./phone.ts";

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/** The words under a field, shared by every form that has the field. */
export const FIELD_MESSAGES = {
  name: "Укажите имя",
  nameShort: `Укажите имя: не меньше ${NAME_MIN} букв`,
  nameLong: `Имя длиннее ${NAME_MAX} символов: сократите его`,
  email: "Укажите e-mail в формате name@example.ru",
  emailOptional: "Укажите e-mail в формате name@example.ru или оставьте поле пустым",
  phone: PHONE_FORMAT_MESSAGE,
  consent: "Подтвердите согласие на обработку персональных данных",
  consentVersion: "Обновите страницу: текст согласия изменился",
} as const;

/** The field bots fill and people never see (hidden from people and from assistive technology). */
export const HONEYPOT_FIELD = "website";

/** `{field: message}`; empty when everything is fine (docs/behaviour.md «Forms»). */
export type FieldErrors = Record<string, string>;

export type ParseResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

const text = (message: string) => z.string({ error: message });

export const personName = text(FIELD_MESSAGES.name)
  .trim()
  .min(1, FIELD_MESSAGES.name)
  .min(NAME_MIN, FIELD_MESSAGES.nameShort)
  .max(NAME_MAX, FIELD_MESSAGES.nameLong);

export const email = text(FIELD_MESSAGES.email)
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, FIELD_MESSAGES.email)
  .pipe(z.email({ error: FIELD_MESSAGES.email }));

/** An e-mail that may be left empty (checkout): "" when empty. */
export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((v) => v ?? "")
  .refine((v) => v === "" || (v.length <= EMAIL_MAX && z.email().safeParse(v).success), FIELD_MESSAGES.emailOptional);

/** A Russian phone number, normalised to «+7 (XXX) XXX-XX-XX». */
export const phone = text(FIELD_MESSAGES.phone)
  .trim()
  .transform((v, ctx) => {
    const normal = normalizePhone(v);
    if (!normal) {
      ctx.addIssue({ code: "custom", message: FIELD_MESSAGES.phone });
      return z.NEVER;
    }
    return normal;
  });

/** A phone that may be left empty: "" when nothing (or only the mask's «+7») was typed. */
export const optionalPhone = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v || v.replace(/\D/g, "").length <= 1) return "";
    const normal = normalizePhone(v);
    if (!normal) {
      ctx.addIssue({ code: "custom", message: FIELD_MESSAGES.phone });
      return z.NEVER;
    }
    return normal;
  });

/** The consent checkbox, as a browser sends a ticked box (or a JSON caller says yes). */
export const consentGiven = z.literal(["on", "1", "true"], { error: FIELD_MESSAGES.consent });

/** Zod issues → `{field: message}`, the first message per field (docs/behaviour.md «Forms»). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** Validates with a schema and answers in the forms' shape. */
export function parseFields<S extends z.ZodType>(schema: S, values: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** The schema as a check for the browser: values → `{field: message}`, empty when fine. */
export function checkWith(schema: z.ZodType): (values: Record<string, string>) => FieldErrors {
  return (values) => {
    const result = parseFields(schema, values);
    return result.ok ? {} : result.errors;
  };
}

/** Text fields of a submitted form (files and repeated keys aside), for validation and re-display. */
export function formValues(data: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of data) if (typeof value === "string" && !(key in values)) values[key] = value;
  return values;
}
