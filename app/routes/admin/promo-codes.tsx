import { Link } from "react-router";
import type { Route } from "./+types/promo-codes";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { listPromoCodes } from "../../features/promo/index.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { PromoTable } from "../../features/promo/components.ts";

export const meta: Route.MetaFunction = () => adminMeta("Промокоды");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "promo");
  const { db } = args.context.get(servicesContext);
  return { rows: await listPromoCodes(db) };
}

export default function PromoCodes({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Промокоды"
      actions={
        <Link className="button" to="/admin/promo/new/">
          Новый промокод
        </Link>
      }
    >
      <PromoTable rows={loaderData.rows} />
    </AdminPage>
  );
}
