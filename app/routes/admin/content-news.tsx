import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/content-news";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { parseFormBody, readLimitedBody } from "../../http/request-body.server.ts";
import {
  addNews,
  deleteNews,
  loadNewsItem,
  NEWS_FORM_MAX_BYTES,
  NEWS_FORM_TOO_LARGE,
  saveNews,
  type EditableNews,
} from "../../features/content/index.server.ts";
import { UploadError } from "../../lib/upload-error.ts";
import { isUploadedImagePath, removeMediaImage, storeMediaImage } from "../../features/media/index.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { shopToday } from "../../lib/shop-calendar.ts";
import { formValues, parseFields, type FieldErrors } from "../../lib/form-fields.ts";
import { newsSchema } from "../../features/content/index.ts";
import { parseRecordId } from "../../lib/record-id.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { NewsDeleteForm, NewsForm, type NewsValues } from "../../features/content/components.ts";
import "../../features/content/admin/content.css";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.values.title || "Новая новость");

const NOT_FOUND = "Такой новости нет.";

const asValues = (n: EditableNews): NewsValues => ({
  title: n.title,
  slug: n.slug,
  date: shopToday(n.publishedAt),
  summary: n.summary,
  body: n.body,
  image: n.image,
  imageAlt: n.imageAlt,
  version: n.version,
});

/** "new", or the id of an existing news item (null: no such address) */
function target(param: string): "new" | number | null {
  return param === "new" ? "new" : parseRecordId(param);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "content");
  const { db } = args.context.get(servicesContext);
  const which = target(args.params.id);
  if (which === "new") {
    const values: NewsValues = { title: "", slug: "", date: shopToday(Date.now()), summary: "", body: "", image: "", imageAlt: "", version: 1 };
    return { values, isNew: true, slug: null, saved: false };
  }
  const item = which === null ? null : await loadNewsItem(db, which);
  if (!item) throw data({ message: NOT_FOUND }, { status: 404 });
  return { values: asValues(item), isNew: false, slug: item.slug, saved: new URL(args.request.url).searchParams.has("saved") };
}

type Refusal = { errors: FieldErrors; values: Partial<NewsValues> };
const refuse = (status: number, errors: FieldErrors, values: Partial<NewsValues>, headers?: HeadersInit) =>
  data<Refusal>({ errors, values }, { status, headers });

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "content");
  const { db, mediaDir } = args.context.get(servicesContext);
  const which = target(args.params.id);
  if (which === null) throw data({ message: NOT_FOUND }, { status: 404 });
  const current = which === "new" ? null : await loadNewsItem(db, which);
  if (which !== "new" && !current) throw data({ message: NOT_FOUND }, { status: 404 });
  let form: FormData;
  try {
    // this route alone takes a picture: its own cap (server/body-limits.ts lets it through)
    form = await parseFormBody(await readLimitedBody(args.request, NEWS_FORM_MAX_BYTES, NEWS_FORM_TOO_LARGE), args.request.headers.get("content-type"));
  } catch (e) {
    if (e instanceof UploadError) return refuse(e.status, { cover: e.message }, {}, e.status === 413 ? { Connection: "close" } : undefined);
    throw e;
  }
  const actor = { id: staff.id, email: staff.email };

  if (form.get("intent") === "delete" && current) {
    if (form.get("confirm") !== "on") return refuse(422, { confirm: "Отметьте «Да, удалить эту новость», чтобы удалить её" }, {});
    const outcome = await deleteNews(db, actor, current.id, Number(form.get("version")));
    if (outcome.status === "not-found") throw data({ message: NOT_FOUND }, { status: 404 });
    if (outcome.status === "conflict") return refuse(409, { version: outcome.message }, {});
    if (outcome.removedImage) await removeMediaImage(mediaDir, outcome.removedImage);
    return redirect("/admin/content/?saved=news-deleted#news-title", { status: 303 });
  }

  const fields = formValues(form);
  // the cover kept from before: the row's own, or one this editor uploaded with a refused save
  const carried = String(fields.image ?? "");
  let image = fields.removeImage === "on" ? "" : carried === current?.image || isUploadedImagePath(carried) ? carried : (current?.image ?? "");
  const errors: FieldErrors = {};
  let status = 422;
  const file = form.get("cover");
  if (file instanceof File && file.size > 0) {
    try {
      image = (await storeMediaImage(mediaDir, "news", { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })).src;
    } catch (e) {
      if (!(e instanceof UploadError)) throw e;
      errors.cover = e.message;
      status = e.status;
    }
  }
  const typed: Partial<NewsValues> = { ...fields, image };
  const parsed = parseFields(newsSchema, which === "new" ? { ...fields, version: "1" } : fields);
  if (!parsed.ok || errors.cover) return refuse(status, { ...(parsed.ok ? {} : parsed.errors), ...errors }, typed);

  const input = { ...parsed.data, image };
  if (which === "new") {
    const made = await addNews(db, actor, input);
    if (made.status === "slug-taken") return refuse(422, { slug: made.message }, typed);
    return redirect(`/admin/content/news/${made.id}/?saved=1`, { status: 303 });
  }
  const outcome = await saveNews(db, actor, which, input);
  if (outcome.status === "not-found") throw data({ message: NOT_FOUND }, { status: 404 });
  if (outcome.status === "slug-taken") return refuse(422, { slug: outcome.message }, typed);
  if (outcome.status === "conflict") return refuse(409, { version: outcome.message }, typed);
  if (outcome.replacedImage) await removeMediaImage(mediaDir, outcome.replacedImage);
  return redirect(`/admin/content/news/${which}/?saved=1`, { status: 303 });
}

export default function ContentNews({ loaderData, actionData }: Route.ComponentProps) {
  const { values, isNew, slug, saved } = loaderData;
  // after a refused save the editor keeps what was typed and the cover uploaded (the version stays the one seen)
  const shown: NewsValues = actionData ? { ...values, ...actionData.values, version: values.version } : values;
  const errors = actionData?.errors;
  return (
    <AdminPage
      title={isNew ? "Новая новость" : values.title}
      actions={
        slug ? (
          <Link className="button button--ghost" to={`/news/${slug}/`}>
            Открыть на сайте
          </Link>
        ) : null
      }
    >
      <p>
        <Link to="/admin/content/">Весь контент</Link> · <Link to="/news/">Новости на сайте</Link>
      </p>
      {saved && !actionData ? <p role="status">Сохранено.</p> : null}
      {errors?.version ? (
        <p role="alert" className="content-alert">
          {errors.version}
        </p>
      ) : null}
      <NewsForm key={values.version} values={shown} errors={errors} />
      {isNew ? null : <NewsDeleteForm version={values.version} error={errors?.confirm} />}
    </AdminPage>
  );
}
