import type { Route } from "./+types/audit";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../lib/admin-nav.ts";
import { AdminPage } from "../../components/admin/AdminPage.tsx";

export const meta: Route.MetaFunction = () => adminMeta("audit");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "audit");
  return null;
}

export default function Page() {
  return <AdminPage title="audit">…</AdminPage>;
}
