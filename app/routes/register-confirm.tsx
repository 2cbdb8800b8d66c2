import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/register-confirm";
import { servicesContext, sessionContext } from "../context.ts";
import { confirmRegistration, findPendingRegistration, mergeAnonymousIntoAccount, saveSessionIntoAccount } from "../features/accounts/index.server.ts";
import { MESSAGES } from "../features/accounts/index.ts";
import { AuthCard, FormNotice } from "../features/accounts/components.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Подтверждение регистрации — Витрина" },
  { name: "robots", content: "noindex" },
  // the token is in the address: never send it to another site in Referer. Not "no-referrer":
  // that also makes the browser send `Origin: null` with the confirming post, which is refused.
  { name: "referrer", content: "same-origin" },
];

// Opening the link (GET) changes nothing: mail scanners that prefetch links must not spend it,
// and another site must not be able to sign a visitor into an account by linking here. The
// visitor confirms with one button, a plain form post that works without JavaScript.
export async function loader({ params, context }: Route.LoaderArgs) {
  const pending = await findPendingRegistration(context.get(servicesContext).db, params.token);
  return data({ pending }, { status: pending ? 200 : 410 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const user = await confirmRegistration(db, params.token);
  if (!user) return data({ bad: true }, { status: 410 });
  // signed in as someone else on this browser: their lists stay with their account
  if (session.userId !== null) await saveSessionIntoAccount(db, session.userId, session.data);
  const visit = session.userId === null ? session : { data: {}, login: session.login };
  // a new session id as at login, and the visitor's cart and comparison move into the account
  await mergeAnonymousIntoAccount(db, user.id, visit);
  return redirect("/profile/", { status: 303 });
}

export default function RegisterConfirm({ loaderData, actionData, params }: Route.ComponentProps) {
  if (!loaderData.pending || actionData?.bad) {
    return (
      <AuthCard
        title="Ссылка устарела"
        footer={
          <p>
            <Link to="/login/">Войти</Link>
          </p>
        }
      >
        <FormNotice tone="error">{MESSAGES.confirmLinkBad}</FormNotice>
        <Link className="button" to="/register/">
          Зарегистрироваться ещё раз
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Подтверждение регистрации">
      <p>{`Аккаунт для ${loaderData.pending.email} на имя «${loaderData.pending.name}». Подтвердите регистрацию — и вы сразу попадёте в личный кабинет.`}</p>
      <p>Если вы не регистрировались в «Витрине», просто закройте эту страницу.</p>
      <Form method="post" action={`/register/confirm/${params.token}/`} className="auth-form">
        <button type="submit" className="button">
          Подтвердить регистрацию
        </button>
      </Form>
    </AuthCard>
  );
}
