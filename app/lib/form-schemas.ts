// One Zod schema per form, used by the browser before sending and by the server on every post,
// so both sides say the same Russian words under the same fields.
import { z } from "zod";
import { isConsentVersion } from "./consent.ts";
import { normalizePhone, PHONE_FORMAT_MESSAGE } from "./phone.ts";

export const FORM_NAMES = ["callback", "feedback"] as const;
export type FormName = (typeof FORM_NAMES)[number];
export const isFormName = (v: unknown): v is FormName => typeof v === "string" && (FORM_NAMES as readonly string[]).includes(v);

/** The field bots fill and people never see. */
export const HONEYPOT_FIELD = "website";

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
export const NAME_MAX = 100;

const name = z
  .string({ error: "Укажите, как к вам обращаться" })
  .trim()
  .min(2, "Укажите, как к вам обращаться: не меньше 2 букв")
  .max(NAME_MAX, `Имя длиннее ${NAME_MAX} символов: сократите его`);

const phone = z
  .string({ error: PHONE_FORMAT_MESSAGE })
  .trim()
  .min(1, "Укажите телефон, чтобы мы могли вам перезвонить")
  .transform((v, ctx) => {
    const normal = normalizePhone(v);
    if (!normal) {
      ctx.addIssue({ code: "custom", message: PHONE_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return normal;
  });

const optionalPhone = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    // the empty mask «+7 (» counts as nothing typed
    if (!v || v.replace(/\D/g, "").length <= 1) return "";
    const normal = normalizePhone(v);
    if (!normal) {
      ctx.addIssue({ code: "custom", message: PHONE_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return normal;
  });

const consent = z.literal(["on", "1", "true"], { error: "Подтвердите согласие на обработку персональных данных" });
const consentVersion = z.string({ error: "Обновите страницу: текст согласия изменился" }).refine(isConsentVersion, "Обновите страницу: текст согласия изменился");

export const callbackSchema = z.object({
  name,
  phone,
  time: z.enum(CALLBACK_SLOTS.map((s) => s.value) as [string, ...string[]], { error: "Выберите удобное время звонка" }).default("any"),
  consent,
  consent_version: consentVersion,
});

export const feedbackSchema = z.object({
  name,
  email: z
    .string({ error: "Укажите электронную почту" })
    .trim()
    .min(1, "Укажите электронную почту, чтобы мы могли ответить")
    .max(200, "Адрес почты слишком длинный")
    .pipe(z.email({ error: "Укажите электронную почту в формате name@example.ru" })),
  phone: optionalPhone,
  message: z
    .string({ error: "Напишите ваш вопрос или отзыв" })
    .trim()
    .min(10, "Напишите сообщение: не меньше 10 символов")
    .max(MESSAGE_MAX, `Сообщение длиннее ${MESSAGE_MAX} символов: сократите его`),
  consent,
  consent_version: consentVersion,
});

export const FORM_SCHEMAS = { callback: callbackSchema, feedback: feedbackSchema } as const;
export type CallbackData = z.infer<typeof callbackSchema>;
export type FeedbackData = z.infer<typeof feedbackSchema>;

/** `{field: message}`; empty when everything is fine (SPEC: Form error response). */
export type FieldErrors = Record<string, string>;

export type ParseResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Validates plain string values; the first message per field wins. */
export function validateForm<N extends FormName>(form: N, values: Record<string, string | undefined>): ParseResult<z.infer<(typeof FORM_SCHEMAS)[N]>> {
  const result = FORM_SCHEMAS[form].safeParse(values);
  if (result.success) return { ok: true, data: result.data as z.infer<(typeof FORM_SCHEMAS)[N]> };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Text fields of a submitted form (files and repeated keys aside), for validation and re-display. */
export function formValues(data: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of data) if (typeof value === "string" && !(key in values)) values[key] = value;
  return values;
}
