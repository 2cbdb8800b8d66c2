import { Link } from "react-router";
import type { Route } from "./+types/audit";
import { servicesContext } from "../../context.ts";
import { listAudit } from "../../features/audit/index.server.ts";
import { listStaff } from "../../features/staff/index.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { AUDIT_ENTITIES } from "../../features/staff/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { AdminFilters, FilterSelect } from "../../ui/admin/AdminFilters.tsx";
import { AuditTable } from "../../features/staff/components.ts";
import { readPageNumber } from "../../lib/paging.ts";

export const meta: Route.MetaFunction = () => adminMeta("Журнал");

const PAGE_SIZE = 50;

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "audit");
  const { db } = args.context.get(servicesContext);
  const params = new URL(args.request.url).searchParams;
  // junk in the address reads as «no filter» or the first page, never as an error
  const entity = Object.hasOwn(AUDIT_ENTITIES, params.get("entity") ?? "") ? params.get("entity")! : "";
  const actor = /^\d{1,9}$/.test(params.get("actor") ?? "") ? Number(params.get("actor")) : null;
  const [{ entries, total, page, pages }, staff] = await Promise.all([
    listAudit(db, { entity: entity || undefined, actorId: actor ?? undefined, page: readPageNumber(params.get("page")), pageSize: PAGE_SIZE }),
    listStaff(db),
  ]);
  return { entries, total, page, pages, entity, actor, staff: staff.map((s) => ({ id: s.id, email: s.email })) };
}

export default function AuditPage({ loaderData: d }: Route.ComponentProps) {
  const pageHref = (page: number) => {
    const q = new URLSearchParams();
    if (d.entity) q.set("entity", d.entity);
    if (d.actor !== null) q.set("actor", String(d.actor));
    if (page > 1) q.set("page", String(page));
    const s = q.toString();
    return s ? `/admin/audit/?${s}` : "/admin/audit/";
  };
  return (
    <AdminPage title="Журнал">
      <AdminFilters submitLabel="Показать">
        <FilterSelect id="audit-entity" name="entity" label="Объект" value={d.entity} anyLabel="Все" options={Object.entries(AUDIT_ENTITIES)} />
        <FilterSelect
          id="audit-actor"
          name="actor"
          label="Сотрудник"
          value={d.actor === null ? null : String(d.actor)}
          anyLabel="Все"
          options={d.staff.map((s) => [String(s.id), s.email] as const)}
        />
      </AdminFilters>
      {d.entries.length ? <AuditTable entries={d.entries} /> : <p>Записей нет.</p>}
      {d.pages > 1 ? (
        <nav className="admin-pager" aria-label="Страницы журнала">
          {d.page > 1 ? <Link to={pageHref(d.page - 1)}>Назад</Link> : null}
          <span>
            Страница {d.page} из {d.pages}
          </span>
          {d.page < d.pages ? <Link to={pageHref(d.page + 1)}>Дальше</Link> : null}
        </nav>
      ) : null}
    </AdminPage>
  );
}
