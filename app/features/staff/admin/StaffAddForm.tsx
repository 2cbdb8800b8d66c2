import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "../../../lib/form-fields.ts";
import { FormField } from "../../../ui/FormField.tsx";
import { RoleSelect } from "./RoleSelect.tsx";

/** «Добавить сотрудника»: an existing account by e-mail, or a new one with a temporary password. */
export function StaffAddForm({ errors = {}, values = {} }: { errors?: FieldErrors; values?: Record<string, string> }) {
  const busy = useNavigation().formData?.get("intent") === "add";
  return (
    <section className="admin-card" aria-labelledby="staff-add-title">
      <h2 id="staff-add-title">Добавить сотрудника</h2>
      <p className="admin-card__hint">Если учётной записи с этим e-mail нет, она будет создана с временным паролем.</p>
      <Form method="post" className="admin-form" noValidate>
        <input type="hidden" name="intent" value="add" />
        <FormField form="staff-add" name="email" label="E-mail" type="email" autoComplete="off" required defaultValue={values.email} error={errors.email} />
        <FormField form="staff-add" name="name" label="Имя" autoComplete="off" defaultValue={values.name} error={errors.name} />
        <RoleSelect form="staff-add" defaultValue={values.role} error={errors.role} />
        <FormField form="staff-add" name="password" label="Временный пароль" type="password" autoComplete="new-password" error={errors.password} />
        <FormField
          form="staff-add"
          name="currentPassword"
          label="Ваш пароль"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <button type="submit" className="button" disabled={busy}>
          Добавить
        </button>
      </Form>
    </section>
  );
}
