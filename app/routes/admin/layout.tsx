import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta, adminNavFor } from "../../features/back-office/index.ts";
import { AdminShell, AdminPage } from "../../features/back-office/components.ts";

export const meta: Route.MetaFunction = () => adminMeta("Управление");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, "dashboard");
  return { staff, links: adminNavFor(staff.role) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell staff={loaderData.staff} links={loaderData.links}>
      <Outlet />
    </AdminShell>
  );
}

const ERRORS: Record<number, string> = {
  403: "Недостаточно прав",
  404: "Не найдено",
  409: "Конфликт изменений",
};

/** A refusal inside the back office keeps its frame (when the layout itself loaded) and says why in Russian. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const given =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string" ? (error.data as { message: string }).message : null;
  const title = ERRORS[status] ?? "Что-то пошло не так";
  const text =
    given ??
    (status === 404
      ? "Такой страницы или записи нет."
      : status === 403
        ? "Недостаточно прав для этого раздела."
        : "Произошла ошибка. Обновите страницу через минуту.");
  return (
    <AdminShell staff={layout?.staff ?? null} links={layout?.links ?? []}>
      <title>{`${title} — Витрина, управление`}</title>
      <AdminPage title={title}>
        <p role="alert">{text}</p>
      </AdminPage>
    </AdminShell>
  );
}
