import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/password-reset-token";
import { clientContext, servicesContext } from "../context.ts";
import { isResetTokenValid, resetPassword, clearLoginLimits } from "../features/accounts/index.server.ts";
import { MESSAGES, PASSWORD_MIN, resetSchema } from "../features/accounts/index.ts";
import { fieldErrors, formValues, type FieldErrors, checkWith } from "../lib/form-fields.ts";
import { useFieldChecks } from "../ui/use-field-checks.ts";
import { AuthCard, FormNotice } from "../features/accounts/components.ts";
import { FormField } from "../ui/FormField.tsx";

export const meta: Route.MetaFunction = () => [
  { title: "Новый пароль — Витрина" },
  { name: "robots", content: "noindex" },
  // the token is in the address: never send it to another site in Referer. Not "no-referrer":
  // that also makes the browser send `Origin: null` with the form post, which is refused.
  { name: "referrer", content: "same-origin" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const valid = await isResetTokenValid(context.get(servicesContext).db, params.token);
  return data({ valid }, { status: valid ? 200 : 410 });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, rateLimiter } = context.get(servicesContext);
  const parsed = resetSchema.safeParse(formValues(await request.formData()));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), expired: false }, { status: 400 });
  const email = await resetPassword(db, params.token, parsed.data.password);
  if (!email) return data({ errors: {} as FieldErrors, expired: true }, { status: 410 });
  // the owner proved access to the mailbox: the slowdown from someone guessing ends now
  await clearLoginLimits(rateLimiter, email, context.get(clientContext).address);
  return redirect("/login/?reset=done", { status: 303 });
}

/** the browser checks the form with the schema the action uses */
const check = checkWith(resetSchema);

export default function PasswordResetToken({ loaderData, actionData, params }: Route.ComponentProps) {
  const { errors, formProps } = useFieldChecks(check, actionData?.errors);
  if (!loaderData.valid || actionData?.expired) {
    return (
      <AuthCard title="Ссылка устарела">
        <FormNotice tone="error">{MESSAGES.resetLinkBad}</FormNotice>
        <Link className="button" to="/password/reset/">
          Запросить новую ссылку
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Новый пароль">
      <Form method="post" action={`/password/reset/${params.token}/`} className="auth-form" {...formProps}>
        <FormField
          form="reset"
          name="password"
          label="Новый пароль"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`Не короче ${PASSWORD_MIN} символов.`}
          error={errors.password}
        />
        <button type="submit" className="button">
          Сохранить пароль
        </button>
      </Form>
    </AuthCard>
  );
}
