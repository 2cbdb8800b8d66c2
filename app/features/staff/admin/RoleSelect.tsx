import { FormGroup } from "../../../ui/FormGroup.tsx";
import { ROLE_TITLES, STAFF_ROLES } from "../staff-roles.ts";

/** The «Роль» combobox of the staff forms. */
export function RoleSelect({ form, defaultValue, error }: { form: string; defaultValue?: string; error?: string }) {
  return (
    <FormGroup id={`${form}-role`} label="Роль" error={error}>
      {(control) => (
        <select {...control} name="role" defaultValue={defaultValue ?? "manager"}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_TITLES[r]}
            </option>
          ))}
        </select>
      )}
    </FormGroup>
  );
}
