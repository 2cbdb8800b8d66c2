import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/profile-password";
import { servicesContext, sessionContext } from "../context.ts";
import { changePassword } from "../features/accounts/index.server.ts";
import { MESSAGES, PASSWORD_MIN, passwordChangeSchema } from "../features/accounts/index.ts";
import { requireUserId } from "../http/require-user.ts";
import { fieldErrors, formValues, type FieldErrors, checkWith } from "../lib/form-fields.ts";
import { useFieldChecks } from "../ui/use-field-checks.ts";
import { AuthCard } from "../features/accounts/components.ts";
import { FormField } from "../ui/FormField.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Смена пароля — Витрина" }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requireUserId(context.get(sessionContext), request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const userId = requireUserId(session, request);
  const parsed = passwordChangeSchema.safeParse(formValues(await request.formData()));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const result = await changePassword(db, userId, parsed.data, session.id);
  if (result === "wrong-current") return data({ errors: { currentPassword: MESSAGES.currentPassword } as FieldErrors }, { status: 400 });
  if (result === "same") return data({ errors: { newPassword: MESSAGES.samePassword } as FieldErrors }, { status: 400 });
  return redirect("/profile/?password=changed", { status: 303 });
}

/** the browser checks the form with the schema the action uses */
const check = checkWith(passwordChangeSchema);

export default function ProfilePassword({ actionData }: Route.ComponentProps) {
  const { errors, formProps } = useFieldChecks(check, actionData?.errors);
  return (
    <AuthCard
      title="Смена пароля"
      footer={
        <p>
          <Link to="/profile/">Вернуться в личный кабинет</Link>
        </p>
      }
    >
      <Form method="post" action="/profile/password/" className="auth-form" {...formProps}>
        <FormField
          form="password"
          name="currentPassword"
          label="Текущий пароль"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <FormField
          form="password"
          name="newPassword"
          label="Новый пароль"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`Не короче ${PASSWORD_MIN} символов. После смены на других устройствах нужно будет войти заново.`}
          error={errors.newPassword}
        />
        <button type="submit" className="button">
          Сменить пароль
        </button>
      </Form>
    </AuthCard>
  );
}
