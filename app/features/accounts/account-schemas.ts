// One Zod schema per account form, used by the server on every post (and available to the
// browser), so both sides say the same Russian words under the same fields. Name, e-mail, phone
// and consent follow the rules every form shares (form-fields.ts).
import { z } from "zod";
import { plural } from "../../lib/format.ts";
import { consentGiven, email, FIELD_MESSAGES, personName, phone } from "../../lib/form-fields.ts";

export const PASSWORD_MIN = 8;
/** long passphrases are welcome; the cap only keeps hashing cost bounded */
export const PASSWORD_MAX = 1024;

/** The account pages' own words; the shared fields' words are FIELD_MESSAGES. */
export const MESSAGES = {
  email: FIELD_MESSAGES.email,
  password: `Придумайте пароль не короче ${PASSWORD_MIN} символов`,
  passwordLong: `Пароль длиннее ${PASSWORD_MAX} символов: сократите его`,
  passwordRequired: "Введите пароль",
  emailTaken: "Этот e-mail уже зарегистрирован. Войдите или восстановите пароль",
  tooManyRegistrations: (minutes: number) => `Слишком много запросов. Попробуйте снова через ${minutes} мин.`,
  confirmLinkBad:
    "Ссылка для подтверждения регистрации устарела или уже использована. Если вы уже подтвердили регистрацию, войдите; если нет — зарегистрируйтесь ещё раз, и мы пришлём новую ссылку",
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

/** A new password: length only (NIST 800-63B), no composition rules; spaces count. */
export const newPasswordField = text(MESSAGES.password).min(PASSWORD_MIN, MESSAGES.password).max(PASSWORD_MAX, MESSAGES.passwordLong);

const givenPassword = text(MESSAGES.passwordRequired).min(1, MESSAGES.passwordRequired).max(PASSWORD_MAX, MESSAGES.passwordLong);

export const registerSchema = z.object({
  name: personName,
  email,
  phone,
  password: newPasswordField,
  consent: consentGiven,
});

export const loginSchema = z.object({
  email,
  password: givenPassword,
});

export const profileSchema = z.object({
  name: personName,
  email,
  phone,
});

export const passwordChangeSchema = z.object({
  currentPassword: givenPassword,
  newPassword: newPasswordField,
});

export const resetRequestSchema = z.object({ email });
export const resetSchema = z.object({ password: newPasswordField });
