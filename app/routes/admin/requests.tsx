import { Link } from "react-router";
import type { Route } from "./+types/requests";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { listRequestAssignees, listRequests, parseRequestFilter } from "../../features/requests/index.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { formatDateTime } from "../../lib/format.ts";
import { REQUEST_STATUSES, REQUEST_TYPES, requestStatusName, requestTypeName } from "../../features/requests/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { AdminFilters, FilterSearch, FilterSelect } from "../../ui/admin/AdminFilters.tsx";
import { AdminPager } from "../../ui/admin/AdminPager.tsx";
import "../../ui/admin/admin-table.css";

export const meta: Route.MetaFunction = () => adminMeta("Заявки");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "requests");
  const { db } = args.context.get(servicesContext);
  const params = new URL(args.request.url).searchParams;
  const filter = parseRequestFilter(params);
  const [list, assignees] = await Promise.all([listRequests(db, filter), listRequestAssignees(db)]);
  return { filter, list, assignees, search: params.toString() };
}

export default function Requests({ loaderData }: Route.ComponentProps) {
  const { filter, list, assignees, search } = loaderData;
  return (
    <AdminPage title="Заявки">
      <AdminFilters label="Заявки" action="/admin/requests/">
        <FilterSearch id="requests-q" value={filter.query} placeholder="Имя, телефон или почта" />
        <FilterSelect id="requests-status" name="status" label="Статус" value={filter.status} anyLabel="Все" options={Object.entries(REQUEST_STATUSES)} />
        <FilterSelect id="requests-type" name="type" label="Тип" value={filter.type} anyLabel="Все" options={Object.entries(REQUEST_TYPES)} />
        <FilterSelect
          id="requests-assignee"
          name="assignee"
          label="Ответственный"
          value={filter.assignee === null ? "" : String(filter.assignee)}
          anyLabel="Все"
          options={[["none", "Не назначен"], ...assignees.map((a) => [String(a.id), a.name || a.email] as const)]}
        />
      </AdminFilters>
      {list.items.length === 0 ? (
        <p role="status">Заявок не найдено.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Заявки, новые сверху</caption>
            <thead>
              <tr>
                <th scope="col">№</th>
                <th scope="col">Получена</th>
                <th scope="col">Тип</th>
                <th scope="col">Имя</th>
                <th scope="col">Телефон, почта</th>
                <th scope="col">Статус</th>
                <th scope="col">Ответственный</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/admin/requests/${r.id}/`}>{`Заявка № ${r.id}`}</Link>
                  </td>
                  <td>{formatDateTime(r.createdAt)}</td>
                  <td>
                    {requestTypeName(r.type)}
                    {r.attachments > 0 ? `, файлов: ${r.attachments}` : ""}
                  </td>
                  <td>{r.name}</td>
                  <td>{[r.phone, r.email].filter(Boolean).join(", ")}</td>
                  <td>{requestStatusName(r.status)}</td>
                  <td>{r.assigneeEmail ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AdminPager page={list.page} pages={list.pages} total={list.total} search={search} label="Страницы заявок" />
    </AdminPage>
  );
}
