import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/register";
import { servicesContext, sessionContext } from "../context.ts";
import { mergeAnonymousIntoAccount, registerUser } from "../domain/users.server.ts";
import { fieldErrors, formValues, MESSAGES, PASSWORD_MIN, registerSchema, type FieldErrors } from "../lib/account-schemas.ts";
import { safeBackPath } from "../lib/safe-back-path.ts";
import { AuthCard } from "../components/auth/AuthCard.tsx";
import { FormField } from "../components/auth/FormField.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Регистрация — Витрина" }, { name: "robots", content: "noindex" }];

export function loader({ context, request }: Route.LoaderArgs) {
  const back = safeBackPath(new URL(request.url).searchParams.get("back") ?? "/profile/");
  if (context.get(sessionContext).userId !== null) throw redirect(back);
  return { back };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const form = await request.formData();
  const values = formValues(form);
  const back = safeBackPath(values.back ?? "/profile/");
  const kept = { name: values.name ?? "", email: values.email ?? "", phone: values.phone ?? "", consent: values.consent === "on" };
  const parsed = registerSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: kept }, { status: 400 });
  const result = await registerUser(db, parsed.data);
  if (!result.ok) return data({ errors: { email: MESSAGES.emailTaken } as FieldErrors, values: kept }, { status: 409 });
  await mergeAnonymousIntoAccount(db, result.user.id, session);
  return redirect(back, { status: 303 });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const errors: FieldErrors = actionData?.errors ?? {};
  const v = actionData?.values;
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Регистрация"
      footer={
        <p>
          Уже есть аккаунт? <Link to={`/login/?back=${encodeURIComponent(loaderData.back)}`}>Войти</Link>
        </p>
      }
    >
      <Form method="post" action="/register/" className="auth-form" noValidate>
        <input type="hidden" name="back" value={loaderData.back} />
        <FormField form="register" name="name" label="Имя" autoComplete="name" required defaultValue={v?.name} error={errors.name} />
        <FormField form="register" name="email" label="E-mail" type="email" autoComplete="email" required defaultValue={v?.email} error={errors.email} />
        <FormField
          form="register"
          name="phone"
          label="Телефон"
          type="tel"
          autoComplete="tel"
          required
          defaultValue={v?.phone}
          error={errors.phone}
        />
        <FormField
          form="register"
          name="password"
          label="Пароль"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`Не короче ${PASSWORD_MIN} символов. Длинная фраза из нескольких слов надёжнее сложного короткого пароля.`}
          error={errors.password}
        />
        <div className={`form-check${errors.consent ? " form-group--error" : ""}`}>
          <input
            type="checkbox"
            id="register-consent"
            name="consent"
            required
            defaultChecked={v?.consent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? "register-consent-error" : undefined}
          />
          <label htmlFor="register-consent">
            Я даю согласие на обработку персональных данных — для ведения аккаунта и заказов
          </label>
          {errors.consent ? (
            <p className="form-group__error" id="register-consent-error">
              {errors.consent}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Создаём аккаунт…" : "Зарегистрироваться"}
        </button>
      </Form>
    </AuthCard>
  );
}
