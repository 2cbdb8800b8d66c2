import type { Route } from "./+types/import-export";
import { servicesContext } from "../../context.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { exportCatalogCsv } from "../../features/catalog-csv/index.server.ts";

/** «Скачать CSV»: the whole catalogue in the import's own format. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "import");
  const csv = await exportCatalogCsv(args.context.get(servicesContext).db);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalog-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
