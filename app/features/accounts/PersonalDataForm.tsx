import { Form, useNavigation } from "react-router";
import type { AccountUser } from "./account-types.ts";
import { profileSchema } from "./account-schemas.ts";
import { checkWith, type FieldErrors } from "../../lib/form-fields.ts";
import { useFieldChecks } from "../../ui/use-field-checks.ts";
import { FormField } from "../../ui/FormField.tsx";
import { FormNotice } from "./AuthCard.tsx";

interface Props {
  user: AccountUser;
  /** the server's answer to the last post */
  errors?: FieldErrors;
  /** what was typed in a refused post, so nothing is lost */
  values?: { name: string; email: string; phone: string };
  saved: boolean;
}

const check = checkWith(profileSchema);

export function PersonalDataForm({ user, errors: serverErrors, values, saved }: Props) {
  const v = values ?? user;
  const { errors, formProps } = useFieldChecks(check, serverErrors);
  const busy = useNavigation().formAction === "/profile/";
  return (
    <section className="profile-card" aria-labelledby="profile-data-title">
      <h2 id="profile-data-title">Личные данные</h2>
      {saved ? <FormNotice tone="ok">Данные сохранены.</FormNotice> : null}
      <Form method="post" action="/profile/" className="auth-form" preventScrollReset {...formProps}>
        <FormField form="profile" name="name" label="Имя" autoComplete="name" required defaultValue={v.name} error={errors.name} />
        <FormField form="profile" name="email" label="E-mail" type="email" autoComplete="email" required defaultValue={v.email} error={errors.email} />
        <FormField form="profile" name="phone" label="Телефон" type="tel" autoComplete="tel" required defaultValue={v.phone} error={errors.phone} />
        <button type="submit" className="button" disabled={busy}>
          Сохранить
        </button>
      </Form>
    </section>
  );
}
