import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/profile";
import { servicesContext, sessionContext } from "../context.ts";
import { findUserById, listUserOrders, updateProfile, listProfileFiles } from "../features/accounts/index.server.ts";
import { MESSAGES, profileSchema } from "../features/accounts/index.ts";
import { requireUserId } from "../http/require-user.ts";
import { fieldErrors, formValues, type FieldErrors } from "../lib/form-fields.ts";
import { PersonalDataForm, ProfileFiles, type UploadOutcome, ProfilePhoto, FormNotice } from "../features/accounts/components.ts";
import { OrderHistory } from "../features/orders/components.ts";
import { Icon } from "../ui/Icon.tsx";
import "../features/accounts/auth.css";
import "../features/accounts/profile.css";

export const meta: Route.MetaFunction = () => [{ title: "Личный кабинет — Витрина" }, { name: "robots", content: "noindex" }];

type Flash = { files?: UploadOutcome & { purpose: string } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const userId = requireUserId(session, request);
  const user = await findUserById(db, userId);
  if (!user) {
    await session.logout();
    throw redirect("/login/");
  }
  const [orders, files, avatars] = await Promise.all([
    listUserOrders(db, userId),
    listProfileFiles(db, userId, "files"),
    listProfileFiles(db, userId, "avatar"),
  ]);
  // a no-JS upload leaves its outcome here for exactly one page view
  const flash = (session.data.flash ?? null) as Flash | null;
  if (flash) await session.update({ flash: undefined });
  const params = new URL(request.url).searchParams;
  return {
    user,
    orders,
    files,
    avatar: avatars[0] ?? null,
    upload: flash?.files?.purpose === "files" ? flash.files : null,
    photoUpload: flash?.files?.purpose === "avatar" ? flash.files : null,
    saved: params.get("saved") === "1",
    passwordChanged: params.get("password") === "changed",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const userId = requireUserId(context.get(sessionContext), request);
  const values = formValues(await request.formData());
  const kept = { name: values.name ?? "", email: values.email ?? "", phone: values.phone ?? "" };
  const parsed = profileSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: kept }, { status: 400 });
  const result = await updateProfile(db, userId, parsed.data);
  if (!result.ok) return data({ errors: { email: MESSAGES.emailTaken } as FieldErrors, values: kept }, { status: 409 });
  return redirect("/profile/?saved=1", { status: 303 });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <div className="container page-section profile">
      <div className="profile__head">
        <div>
          <h1>Личный кабинет</h1>
          <p className="profile__greeting">Здравствуйте, {user.name}!</p>
        </div>
        <div className="profile__head-actions">
          <Link to="/profile/password/" className="button button--ghost">
            Сменить пароль
          </Link>
          <Form method="post" action="/logout/">
            <button type="submit" className="button button--ghost">
              <Icon name="log-out" /> Выйти
            </button>
          </Form>
        </div>
      </div>
      {loaderData.passwordChanged ? <FormNotice tone="ok">Пароль изменён. На других устройствах нужно будет войти заново.</FormNotice> : null}
      <div className="profile__grid">
        <div className="profile__side">
          <PersonalDataForm user={user} errors={actionData?.errors} values={actionData?.values} saved={loaderData.saved && !actionData} />
          <ProfilePhoto avatar={loaderData.avatar} outcome={loaderData.photoUpload} />
        </div>
        <div className="profile__main">
          <OrderHistory orders={loaderData.orders} />
          <ProfileFiles files={loaderData.files} outcome={loaderData.upload} />
        </div>
      </div>
    </div>
  );
}
