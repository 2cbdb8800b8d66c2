import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/content-page";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { loadEditablePage, savePage } from "../../domain/admin-content.server.ts";
import { adminMeta } from "../../lib/admin-nav.ts";
import { pageSchema } from "../../lib/content-forms.ts";
import { formValues, parseFields } from "../../lib/form-fields.ts";
import { AdminPage } from "../../components/admin/AdminPage.tsx";
import { PageForm } from "../../components/admin/content/PageForm.tsx";
import "../../components/admin/content/content.css";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Страница «${loaderData.page.title}»` : "Страница");

const SLUG = /^[a-z0-9-]{1,120}$/;
const NOT_FOUND = "Такой страницы нет.";

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "content");
  const { db } = args.context.get(servicesContext);
  const page = SLUG.test(args.params.slug) ? await loadEditablePage(db, args.params.slug) : null;
  if (!page) throw data({ message: NOT_FOUND }, { status: 404 });
  return { page, saved: new URL(args.request.url).searchParams.has("saved") };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "content");
  const { db } = args.context.get(servicesContext);
  const slug = args.params.slug;
  if (!SLUG.test(slug)) throw data({ message: NOT_FOUND }, { status: 404 });
  const values = formValues(await args.request.formData());
  const parsed = parseFields(pageSchema, values);
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 422 });
  const outcome = await savePage(db, { id: staff.id, email: staff.email }, slug, parsed.data);
  if (outcome.status === "not-found") throw data({ message: NOT_FOUND }, { status: 404 });
  if (outcome.status === "conflict") return data({ errors: { version: outcome.message }, values }, { status: 409 });
  return redirect(`/admin/content/pages/${slug}/?saved=1`, { status: 303 });
}

export default function ContentPageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { page, saved } = loaderData;
  // after a refused save the editor keeps what was typed (but the version stays the one seen)
  const shown = actionData ? { ...page, ...actionData.values, version: page.version } : page;
  return (
    <AdminPage
      title={`Страница «${page.title}»`}
      actions={
        <Link className="button button--ghost" to={`/${page.slug}/`}>
          Открыть на сайте
        </Link>
      }
    >
      <p>
        <Link to="/admin/content/">Весь контент</Link>
      </p>
      {saved && !actionData ? <p role="status">Сохранено.</p> : null}
      {actionData?.errors.version ? (
        <p role="alert" className="content-alert">
          {actionData.errors.version}
        </p>
      ) : null}
      <PageForm key={page.version} page={shown} errors={actionData?.errors} />
    </AdminPage>
  );
}
