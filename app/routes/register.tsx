import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/register";
import { clientContext, servicesContext, sessionContext } from "../context.ts";
import { hitRegistrationLimits, requestRegistration } from "../features/accounts/index.server.ts";
import { MESSAGES, PASSWORD_MIN, registerSchema } from "../features/accounts/index.ts";
import { fieldErrors, formValues, type FieldErrors, checkWith } from "../lib/form-fields.ts";
import { useFieldChecks } from "../ui/use-field-checks.ts";
import { safeBackPath } from "../lib/safe-back-path.ts";
import { AuthCard, FormNotice } from "../features/accounts/components.ts";
import { FormField } from "../ui/FormField.tsx";

// a refused attempt's Retry-After must reach the document response, not only the action's data
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = () => [{ title: "Регистрация — Витрина" }, { name: "robots", content: "noindex" }];

export function loader({ context, request }: Route.LoaderArgs) {
  const back = safeBackPath(new URL(request.url).searchParams.get("back") ?? "/profile/");
  if (context.get(sessionContext).userId !== null) throw redirect(back);
  return { back };
}

type Kept = { name: string; email: string; phone: string; consent: boolean };

/**
 * Double opt-in: a new address gets a confirmation link, an address that already has an account
 * gets a note to its owner; the visitor sees the same page either way, so the form reveals no
 * accounts (docs/decisions/046-registration-confirmed-by-email.md).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, rateLimiter, mailer, logger, publicUrl } = context.get(servicesContext);
  const values = formValues(await request.formData());
  const kept: Kept = { name: values.name ?? "", email: values.email ?? "", phone: values.phone ?? "", consent: values.consent === "on" };
  const refuse = (status: number, errors: FieldErrors, notice: string | null, headers?: HeadersInit) =>
    data({ errors, notice, values: kept, sentTo: null as string | null }, { status, headers });
  const parsed = registerSchema.safeParse(values);
  if (!parsed.success) return refuse(400, fieldErrors(parsed.error), null);
  const limit = await hitRegistrationLimits(rateLimiter, parsed.data.email, context.get(clientContext).address);
  if (!limit.allowed) return refuse(429, {}, MESSAGES.tooManyRegistrations(Math.ceil(limit.retryAfter / 60)), { "Retry-After": String(limit.retryAfter) });

  const outcome = await requestRegistration(db, parsed.data);
  // links come from the configured PUBLIC_URL: a forged Host header must never choose where they point
  const mail =
    outcome.kind === "new"
      ? {
          to: outcome.email,
          subject: "Подтвердите регистрацию в «Витрине»",
          text:
            `Здравствуйте, ${outcome.name}!\n\n` +
            `Чтобы завершить регистрацию в «Витрине», откройте ссылку (она действует 24 часа и работает один раз):\n` +
            `${publicUrl}/register/confirm/${outcome.token}/\n\n` +
            `Если вы не регистрировались, просто удалите это письмо: без подтверждения аккаунт не создаётся.`,
        }
      : {
          to: outcome.user.email,
          subject: "Попытка регистрации в «Витрине»",
          text:
            `Здравствуйте, ${outcome.user.name}!\n\n` +
            `Кто-то пытался зарегистрироваться в «Витрине» с вашим адресом ${outcome.user.email}. ` +
            `У вас уже есть аккаунт с этим адресом, поэтому новый мы не создали и ваш пароль не меняли.\n\n` +
            `Если это были вы, войдите: ${publicUrl}/login/\n` +
            `или восстановите пароль, если забыли его: ${publicUrl}/password/reset/\n\n` +
            `Если это были не вы, просто удалите это письмо: с вашим аккаунтом ничего не случилось.`,
        };
  try {
    await mailer.send(mail);
  } catch (err) {
    logger.error({ err }, "registration mail failed");
    return refuse(503, {}, "Не удалось отправить письмо. Попробуйте ещё раз через несколько минут.");
  }
  // the same answer whether or not the address has an account
  return { errors: {} as FieldErrors, notice: null, values: null, sentTo: parsed.data.email };
}

/** the browser checks the form with the schema the action uses */
const check = checkWith(registerSchema);

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, formProps } = useFieldChecks(check, actionData?.errors);
  const v = actionData?.values;
  const busy = useNavigation().state === "submitting";
  if (actionData?.sentTo) {
    return (
      <AuthCard
        title="Подтвердите e-mail"
        footer={
          <p>
            Уже подтвердили? <Link to="/login/">Войти</Link>
          </p>
        }
      >
        <FormNotice tone="ok">
          {`Мы отправили письмо на ${actionData.sentTo}. Откройте его и перейдите по ссылке, чтобы завершить регистрацию. Ссылка действует 24 часа.`}
        </FormNotice>
        <p>Письма нет? Проверьте папку «Спам» или отправьте форму ещё раз — придёт новая ссылка.</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Регистрация"
      footer={
        <p>
          Уже есть аккаунт? <Link to={`/login/?back=${encodeURIComponent(loaderData.back)}`}>Войти</Link>
        </p>
      }
    >
      {actionData?.notice ? <FormNotice tone="error">{actionData.notice}</FormNotice> : null}
      <Form method="post" action="/register/" className="auth-form" {...formProps}>
        <FormField form="register" name="name" label="Имя" autoComplete="name" required defaultValue={v?.name} error={errors.name} />
        <FormField form="register" name="email" label="E-mail" type="email" autoComplete="email" required defaultValue={v?.email} error={errors.email} />
        <FormField form="register" name="phone" label="Телефон" type="tel" autoComplete="tel" required defaultValue={v?.phone} error={errors.phone} />
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
          <label htmlFor="register-consent">Я даю согласие на обработку персональных данных — для ведения аккаунта и заказов</label>
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
