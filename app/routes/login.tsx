import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { clientContext, servicesContext, sessionContext } from "../context.ts";
import { authenticate, mergeAnonymousIntoAccount, admitLogin, loginFailed, loginSucceeded } from "../features/accounts/index.server.ts";
import { loginSchema, MESSAGES } from "../features/accounts/index.ts";
import { fieldErrors, formValues, type FieldErrors, checkWith } from "../lib/form-fields.ts";
import { useFieldChecks } from "../ui/use-field-checks.ts";
import { safeBackPath } from "../lib/safe-back-path.ts";
import { findStaffMember } from "../features/staff/index.server.ts";
import { AuthCard, FormNotice } from "../features/accounts/components.ts";
import { FormField } from "../ui/FormField.tsx";

// a refused attempt's Retry-After must reach the document response, not only the action's data
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = () => [{ title: "Вход — Витрина" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const back = safeBackPath(params.get("back") ?? "/profile/");
  const userId = context.get(sessionContext).userId;
  // a customer sent here by the back office stays to sign in as staff (going back would loop)
  const staffWanted = /^\/admin(\/|$)/.test(back);
  if (userId !== null && (!staffWanted || (await findStaffMember(context.get(servicesContext).db, userId)))) throw redirect(back);
  return { back, passwordReset: params.get("reset") === "done", staffWanted: staffWanted && userId !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, rateLimiter } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const values = formValues(await request.formData());
  const back = safeBackPath(values.back ?? "/profile/");
  const email = values.email ?? "";
  const parsed = loginSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), notice: null as string | null, email }, { status: 400 });

  const address = context.get(clientContext).address;
  const admission = await admitLogin(rateLimiter, parsed.data.email, address);
  if (!admission.allowed) {
    const notice = admission.reason === "backoff" ? MESSAGES.loginBackoff(admission.retryAfter) : MESSAGES.tooManyLogins(Math.ceil(admission.retryAfter / 60));
    return data({ errors: {} as FieldErrors, notice, email }, { status: 429, headers: { "Retry-After": String(admission.retryAfter) } });
  }
  const user = await authenticate(db, parsed.data.email, parsed.data.password);
  // one message for an unknown e-mail and a wrong password: the form does not reveal accounts
  if (!user) {
    await loginFailed(rateLimiter, parsed.data.email);
    return data({ errors: {} as FieldErrors, notice: MESSAGES.badLogin, email }, { status: 401 });
  }
  await loginSucceeded(rateLimiter, parsed.data.email, address);
  await mergeAnonymousIntoAccount(db, user.id, session);
  return redirect(back, { status: 303 });
}

/** the browser checks the form with the schema the action uses */
const check = checkWith(loginSchema);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, formProps } = useFieldChecks(check, actionData?.errors);
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Вход"
      footer={
        <>
          <p>
            <Link to="/password/reset/">Забыли пароль?</Link>
          </p>
          <p>
            Нет аккаунта? <Link to={`/register/?back=${encodeURIComponent(loaderData.back)}`}>Зарегистрироваться</Link>
          </p>
        </>
      }
    >
      {actionData?.notice ? <FormNotice tone="error">{actionData.notice}</FormNotice> : null}
      {loaderData.staffWanted && !actionData ? (
        <FormNotice tone="error">Этот раздел только для сотрудников магазина. Войдите под своей служебной учётной записью.</FormNotice>
      ) : null}
      {loaderData.passwordReset && !actionData ? <FormNotice tone="ok">Пароль изменён. Войдите с новым паролем.</FormNotice> : null}
      <Form method="post" action="/login/" className="auth-form" {...formProps}>
        <input type="hidden" name="back" value={loaderData.back} />
        <FormField
          form="login"
          name="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          required
          defaultValue={actionData?.email}
          error={errors.email}
        />
        <FormField form="login" name="password" label="Пароль" type="password" autoComplete="current-password" required error={errors.password} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Входим…" : "Войти"}
        </button>
      </Form>
    </AuthCard>
  );
}
