import type { Route } from "./+types/staff";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../lib/admin-nav.ts";
import { AdminPage } from "../../components/admin/AdminPage.tsx";

export const meta: Route.MetaFunction = () => adminMeta("staff");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "staff");
  return null;
}

export default function Page() {
  return <AdminPage title="staff">…</AdminPage>;
}
