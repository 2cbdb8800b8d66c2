import { data } from "react-router";
import type { Route } from "./+types/pending";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { ADMIN_NAV, adminAreaOfSegment, adminMeta } from "../../features/back-office/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";

// Areas of the back office not built yet answer here (guarded like the real pages will be), so the
// navigation is complete; a real route for the same address takes precedence over this one.

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.title ?? "Управление");

export async function loader(args: Route.LoaderArgs) {
  const area = adminAreaOfSegment(args.params.area);
  if (!area) throw data({ message: "Такого раздела нет." }, { status: 404 });
  await requireStaff(args, area);
  const title = ADMIN_NAV.find((l) => l.href === `/admin/${args.params.area}/`)?.label ?? "Обмен с 1С";
  return { title };
}

export default function PendingArea({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={loaderData.title}>
      <p>Раздел в разработке.</p>
    </AdminPage>
  );
}
