// The /admin/staff/ forms: add a staff member, change a role, remove one. Each carries the owner's
// own password again («Ваш пароль»); the roles come from a fixed list, anything else is refused.
import { z } from "zod";
import { email, personName } from "../../lib/form-fields.ts";
import { newPasswordField } from "../accounts/index.ts";
import { STAFF_ROLES } from "./staff-roles.ts";

export const STAFF_MESSAGES = {
  role: "Выберите роль из списка",
  currentPassword: "Введите ваш пароль",
  wrongPassword: "Пароль не подошёл. Введите пароль, с которым вы вошли",
  tooManyTries: "Слишком много неверных попыток. Попробуйте снова через 15 минут",
  passwordNeeded: "Для новой учётной записи задайте временный пароль (не короче 8 символов)",
  lastOwner: "Нельзя убрать или понизить последнего владельца: сначала назначьте другого",
  sameRole: "У сотрудника уже эта роль",
  member: "Такого сотрудника нет. Обновите страницу",
} as const;

const role = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.role });
const currentPassword = z.string({ error: STAFF_MESSAGES.currentPassword }).min(1, STAFF_MESSAGES.currentPassword).max(200, STAFF_MESSAGES.currentPassword);
const memberId = z.coerce.number({ error: STAFF_MESSAGES.member }).int(STAFF_MESSAGES.member).positive(STAFF_MESSAGES.member);

export const staffAddSchema = z.object({
  email,
  name: z.union([z.literal(""), personName]).default(""),
  role,
  password: z.union([z.literal(""), newPasswordField]).default(""),
  currentPassword,
});

export const staffRoleSchema = z.object({ userId: memberId, role, currentPassword });

export const staffRemoveSchema = z.object({ userId: memberId, currentPassword });
