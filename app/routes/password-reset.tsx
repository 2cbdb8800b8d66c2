import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/password-reset";
import { clientContext, servicesContext } from "../context.ts";
import { createPasswordResetToken, hitResetLimits } from "../features/accounts/index.server.ts";
import { MESSAGES, resetRequestSchema } from "../features/accounts/index.ts";
import { fieldErrors, formValues, type FieldErrors, checkWith } from "../lib/form-fields.ts";
import { useFieldChecks } from "../ui/use-field-checks.ts";
import { AuthCard, FormNotice } from "../features/accounts/components.ts";
import { FormField } from "../ui/FormField.tsx";

// a refused attempt's Retry-After must reach the document response, not only the action's data
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = () => [{ title: "Восстановление пароля — Витрина" }, { name: "robots", content: "noindex" }];

const SENT = "Если такой e-mail зарегистрирован, мы отправили на него ссылку для смены пароля. Ссылка действует 1 час.";

export async function action({ request, context }: Route.ActionArgs) {
  const { db, rateLimiter, mailer, logger, publicUrl } = context.get(servicesContext);
  const values = formValues(await request.formData());
  const parsed = resetRequestSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), notice: null, sent: false, email: values.email ?? "" }, { status: 400 });
  const limit = await hitResetLimits(rateLimiter, parsed.data.email, context.get(clientContext).address);
  if (!limit.allowed) {
    const notice = MESSAGES.tooManyResets(Math.ceil(limit.retryAfter / 60));
    return data(
      { errors: {} as FieldErrors, notice, sent: false, email: parsed.data.email },
      { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
    );
  }
  const issued = await createPasswordResetToken(db, parsed.data.email);
  if (issued) {
    // from configuration: a forged Host header must never choose where the reset link points
    const link = `${publicUrl}/password/reset/${issued.token}/`;
    try {
      await mailer.send({
        to: issued.user.email,
        subject: "Смена пароля в «Витрине»",
        text: `Здравствуйте, ${issued.user.name}!\n\nЧтобы задать новый пароль, откройте ссылку (она действует 1 час и работает один раз):\n${link}\n\nЕсли вы не просили сменить пароль, просто удалите это письмо.`,
      });
    } catch (err) {
      logger.error({ err }, "password reset mail failed");
      return data(
        { errors: {} as FieldErrors, notice: "Не удалось отправить письмо. Попробуйте ещё раз через несколько минут.", sent: false, email: parsed.data.email },
        { status: 503 },
      );
    }
  }
  // the same answer whether or not the address has an account
  return { errors: {} as FieldErrors, notice: null, sent: true, email: "" };
}

/** the browser checks the form with the schema the action uses */
const check = checkWith(resetRequestSchema);

export default function PasswordReset({ actionData }: Route.ComponentProps) {
  const { errors, formProps } = useFieldChecks(check, actionData?.errors);
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Восстановление пароля"
      footer={
        <p>
          <Link to="/login/">Вернуться ко входу</Link>
        </p>
      }
    >
      {actionData?.notice ? <FormNotice tone="error">{actionData.notice}</FormNotice> : null}
      {actionData?.sent ? (
        <FormNotice tone="ok">{SENT}</FormNotice>
      ) : (
        <Form method="post" action="/password/reset/" className="auth-form" {...formProps}>
          <p>Укажите e-mail, с которым вы регистрировались: мы пришлём ссылку для смены пароля.</p>
          <FormField
            form="reset"
            name="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            defaultValue={actionData?.email}
            error={errors.email}
          />
          <button type="submit" className="button" disabled={busy}>
            Отправить ссылку
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
