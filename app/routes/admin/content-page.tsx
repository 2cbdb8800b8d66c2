import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/content-page";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { loadEditablePage, savePage, cleanRichText } from "../../features/content/index.server.ts";
import { faqBody, readFaqItems, typedFaqRows, type FaqFormItem, splitDetails, pageSchema } from "../../features/content/index.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { formValues, parseFields, type FieldErrors } from "../../lib/form-fields.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { FaqPageForm, PageForm } from "../../features/content/components.ts";
import "../../features/content/admin/content.css";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData ? `Страница «${loaderData.page.title}»` : "Страница");

const SLUG = /^[a-z0-9-]{1,120}$/;
const NOT_FOUND = "Такой страницы нет.";
/** the page whose <details> blocks are the storefront's questions: edited question by question */
const FAQ = "faq";

type Faq = { intro: string; items: FaqFormItem[] };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "content");
  const { db } = args.context.get(servicesContext);
  const page = SLUG.test(args.params.slug) ? await loadEditablePage(db, args.params.slug) : null;
  if (!page) throw data({ message: NOT_FOUND }, { status: 404 });
  // the questions as the storefront reads them (tokens such as {{phone}} pass the cleaning as text)
  const faq: Faq | null = page.slug === FAQ ? splitDetails(cleanRichText(page.body)) : null;
  return { page, faq, saved: new URL(args.request.url).searchParams.has("saved") };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "content");
  const { db } = args.context.get(servicesContext);
  const slug = args.params.slug;
  if (!SLUG.test(slug)) throw data({ message: NOT_FOUND }, { status: 404 });
  const values = formValues(await args.request.formData());
  let faq: Faq | null = null;
  let itemErrors: FieldErrors = {};
  if (slug === FAQ && values.form === "faq-items") {
    const read = readFaqItems(values);
    itemErrors = read.errors;
    faq = { intro: values.intro ?? "", items: typedFaqRows(values) };
    values.body = faqBody(values.intro ?? "", read.items);
  }
  const parsed = parseFields(pageSchema, values);
  if (!parsed.ok || Object.keys(itemErrors).length)
    return data({ errors: { ...(parsed.ok ? {} : parsed.errors), ...itemErrors }, values, faq }, { status: 422 });
  const outcome = await savePage(db, { id: staff.id, email: staff.email }, slug, parsed.data);
  if (outcome.status === "not-found") throw data({ message: NOT_FOUND }, { status: 404 });
  if (outcome.status === "conflict") return data({ errors: { version: outcome.message } as FieldErrors, values, faq }, { status: 409 });
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
      {loaderData.faq ? (
        <FaqPageForm key={page.version} page={shown} {...(actionData?.faq ?? loaderData.faq)} errors={actionData?.errors} />
      ) : (
        <PageForm key={page.version} page={shown} errors={actionData?.errors} />
      )}
    </AdminPage>
  );
}
