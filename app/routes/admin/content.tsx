import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/content";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { CONTENT_CONFLICT_MESSAGE, listPages, listShowrooms, loadBanner, saveBanner, listNewsForStaff } from "../../features/content/index.server.ts";
import { loadLiftTariffs, saveLiftTariffs } from "../../features/delivery/index.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { bannerSchema, liftTariffsSchema } from "../../features/content/index.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { formValues, parseFields } from "../../lib/form-fields.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { BannerForm } from "../../features/content/components.ts";
import { TariffsForm } from "../../features/delivery/components.ts";
import "../../ui/admin/admin-table.css";
import "../../features/content/admin/content.css";

export const meta: Route.MetaFunction = () => adminMeta("Контент");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "content");
  const { db } = args.context.get(servicesContext);
  const [banner, pages, showrooms, tariffs, news] = await Promise.all([
    loadBanner(db),
    listPages(db),
    listShowrooms(db),
    loadLiftTariffs(db.kysely),
    listNewsForStaff(db),
  ]);
  if (!banner) throw data({ message: "Объявление не найдено: примените миграции базы." }, { status: 500 });
  return { banner, pages, showrooms, tariffs, news, newsDeleted: new URL(args.request.url).searchParams.get("saved") === "news-deleted" };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "content");
  const { db } = args.context.get(servicesContext);
  const values = formValues(await args.request.formData());
  if (values.intent === "tariffs") {
    const parsed = parseFields(liftTariffsSchema, values);
    if (!parsed.ok) return data({ errors: parsed.errors, form: "tariffs" }, { status: 422 });
    const { version, ...tariffs } = parsed.data;
    const saved = await saveLiftTariffs(db, { id: staff.id, email: staff.email }, tariffs, version);
    if (!saved) return data({ errors: { tariffsVersion: CONTENT_CONFLICT_MESSAGE }, form: "tariffs" }, { status: 409 });
    return redirect("/admin/content/?saved=tariffs", { status: 303 });
  }
  if (values.intent !== "banner") return data({ errors: { version: "Не понятно, что сохранить: обновите страницу" }, form: "banner" }, { status: 400 });
  const parsed = parseFields(bannerSchema, values);
  if (!parsed.ok) return data({ errors: parsed.errors, form: "banner" }, { status: 422 });
  const outcome = await saveBanner(db, { id: staff.id, email: staff.email }, parsed.data);
  if (outcome.status === "conflict") return data({ errors: { version: outcome.message }, form: "banner" }, { status: 409 });
  if (outcome.status === "not-found") throw data({ message: "Объявление не найдено." }, { status: 404 });
  return redirect("/admin/content/?saved=banner", { status: 303 });
}

export default function Content({ loaderData, actionData }: Route.ComponentProps) {
  const { banner, pages, showrooms, tariffs, news, newsDeleted } = loaderData;
  const errorsOf = (form: string) => (actionData && "form" in actionData && actionData.form === form ? actionData.errors : undefined);
  return (
    <AdminPage title="Контент">
      <BannerForm key={banner.version} banner={banner} errors={errorsOf("banner")} />
      <TariffsForm key={`tariffs-${tariffs.version}`} tariffs={tariffs} errors={errorsOf("tariffs")} />
      <section className="content-card" aria-labelledby="pages-title">
        <h2 id="pages-title">Страницы</h2>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Страница</th>
                <th scope="col">Адрес</th>
                <th scope="col">Изменена</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => (
                <tr key={p.slug}>
                  <td>
                    <Link to={`/admin/content/pages/${p.slug}/`}>{p.title}</Link>
                  </td>
                  <td>/{p.slug}/</td>
                  <td>{formatDateTime(p.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="content-card" aria-labelledby="news-title">
        <h2 id="news-title">Новости</h2>
        {newsDeleted ? <p role="status">Новость удалена.</p> : null}
        <p>
          <Link className="button button--ghost" to="/admin/content/news/new/">
            Добавить новость
          </Link>
        </p>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Новость</th>
                <th scope="col">Дата</th>
                <th scope="col">Адрес</th>
              </tr>
            </thead>
            <tbody>
              {news.map((n) => (
                <tr key={n.id}>
                  <td>
                    <Link to={`/admin/content/news/${n.id}/`}>{n.title}</Link>
                  </td>
                  <td>{formatDate(n.publishedAt)}</td>
                  <td>/news/{n.slug}/</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="content-card" aria-labelledby="showrooms-title">
        <h2 id="showrooms-title">Салоны и склад</h2>
        <ul>
          {showrooms.map((s) => (
            <li key={s.id}>
              <Link to={`/admin/content/showrooms/${s.id}/`}>{s.title}</Link> — {s.city}, {s.address}
            </li>
          ))}
        </ul>
        <p>
          <Link className="button button--ghost" to="/admin/content/showrooms/new/">
            Добавить салон
          </Link>
        </p>
      </section>
    </AdminPage>
  );
}
