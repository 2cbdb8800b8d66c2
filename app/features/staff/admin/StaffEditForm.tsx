import { Form, Link } from "react-router";
import type { FieldErrors } from "../../../lib/form-fields.ts";
import type { StaffRole } from "../staff-roles.ts";
import { FormField } from "../../../ui/FormField.tsx";
import { RoleSelect } from "./RoleSelect.tsx";

interface Props {
  member: { id: number; email: string; role: StaffRole };
  errors?: FieldErrors;
}

/** One staff member's role change or removal (the account itself stays), each with «Ваш пароль». */
export function StaffEditForm({ member, errors = {} }: Props) {
  return (
    <section className="admin-card" aria-labelledby="staff-edit-title">
      <h2 id="staff-edit-title">Сотрудник {member.email}</h2>
      <Form method="post" className="admin-form" noValidate>
        <input type="hidden" name="userId" value={member.id} />
        <RoleSelect form="staff-edit" defaultValue={member.role} error={errors.role} />
        <FormField
          form="staff-edit"
          name="currentPassword"
          label="Ваш пароль"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <div className="admin-form__actions">
          <button type="submit" name="intent" value="role" className="button">
            Сохранить
          </button>
          <button type="submit" name="intent" value="remove" className="button button--ghost">
            Убрать из сотрудников
          </button>
          <Link to="/admin/staff/">Отмена</Link>
        </div>
      </Form>
    </section>
  );
}
