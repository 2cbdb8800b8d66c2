// One Zod schema per account form, used by the server on every post (and available to the
// browser), so both sides say the same Russian words under the same fields.
import { z } from "zod";
import { normalizePhone, PHONE_FORMAT_MESSAGE } from "./phone.ts";
import { plural } from "./format.ts";

export const PASSWORD_MIN = 8;
/** long passphrases are welcome; the cap only keeps hashing cost bounded */
export const PASSWORD_MAX = 1024;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

export const MESSAGES = {
  name: "Укажите, как к вам обращаться",
  nameLong: `Имя длиннее ${NAME_MAX} символов: сократите его`,
  email: "Укажите e-mail в формате name@example.ru",
  phone: PHONE_FORMAT_MESSAGE,
  password: `Придумайте пароль не короче ${PASSWORD_MIN} символов`,
  passwordLong: `Пароль длиннее ${PASSWORD_MAX} символов: сократите его`,
  passwordRequired: "Введите пароль",
  consent: "Чтобы создать аккаунт, дайте согласие на обработку персональных данных",
  emailTaken: "Этот e-mail уже зарегистрирован. Войдите или восстановите пароль",
  tooManyRegistrations: (minutes: number) => `Слишком много запросов. Попробуйте снова через ${minutes} мин.`,
  confirmLinkBad: "Ссылка для подтверждения регистрации устарела или уже использована. Если вы уже подтвердили регистрацию, войдите; если нет — зарегистрируйтесь ещё раз, и мы пришлём новую ссылку",
  badLogin: "Неверный e-mail или пароль",
  tooManyLogins: (minutes: number) => `Слишком много попыток входа. Попробуйте снова через ${minutes} мин.`,
  loginBackoff: (seconds: number) =>
    `Слишком много неудачных попыток входа в этот аккаунт. Повторите через ${seconds} ${plural(seconds, ["секунду", "секунды", "секунд"])}.`,
  tooManyResets: (minutes: number) => `Слишком много запросов. Попробуйте снова через ${minutes} мин.`,
  currentPassword: "Текущий пароль введён неверно",
  samePassword: "Новый пароль совпадает с текущим: придумайте другой",
  resetLinkBad: "Ссылка для смены пароля устарела или уже использована. Запросите новую",
} as const;

const text = (message: string) => z.string({ error: message });

export const nameField = text(MESSAGES.name).trim().min(1, MESSAGES.name).max(NAME_MAX, MESSAGES.nameLong);

export const emailField = text(MESSAGES.email)
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, MESSAGES.email)
  .pipe(z.email({ error: MESSAGES.email }));

export const phoneField = text(MESSAGES.phone)
  .trim()
  .transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: MESSAGES.phone });
      return z.NEVER;
    }
    return phone;
  });

/** A new password: length only (NIST 800-63B), no composition rules; spaces count. */
export const newPasswordField = text(MESSAGES.password).min(PASSWORD_MIN, MESSAGES.password).max(PASSWORD_MAX, MESSAGES.passwordLong);

const givenPassword = text(MESSAGES.passwordRequired).min(1, MESSAGES.passwordRequired).max(PASSWORD_MAX, MESSAGES.passwordLong);

export const registerSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
  consent: z.literal("on", { error: MESSAGES.consent }),
});

export const loginSchema = z.object({
  email: emailField,
  password: givenPassword,
});

export const profileSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
});

export const passwordChangeSchema = z.object({
  currentPassword: givenPassword,
  newPassword: newPasswordField,
});

export const resetRequestSchema = z.object({ email: emailField });
export const resetSchema = z.object({ password: newPasswordField });

export type FieldErrors = Record<string, string>;

/** The first message per field, keyed by field name (the form error shape of DESIGN.md). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** FormData → plain object of strings (files and repeated keys dropped), for safeParse. */
export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && !(k in out)) out[k] = v;
  return out;
}
