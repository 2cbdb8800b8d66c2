import { data } from "react-router";
import type { Route } from "./+types/product-tab";
import { servicesContext } from "../context.ts";
import { findProductPage, loadTabContent } from "../features/product/index.server.ts";
import { signedInStaff } from "../http/staff-guard.server.ts";
import { isProductTabId, TAB_AJAX_ACTION } from "../features/product/index.ts";

/**
 * POST /product/<slug>/tab/ with `ajax=tab` and `id=<tab>` (docs/behaviour.md «Tabs»): the tab's
 * content as JSON for the content box. Crawlers and visitors without JavaScript use the tab's own
 * URL.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const form = await request.formData().catch(() => null);
  const ajax = form?.get("ajax");
  const id = form?.get("id");
  if (ajax !== TAB_AJAX_ACTION || !isProductTabId(id)) return data({ error: "Неизвестная вкладка" }, { status: 400 });
  const product = await findProductPage(db, params.slug, { preview: (await signedInStaff({ context })) !== null });
  if (!product) return data({ error: "Товар не найден" }, { status: 404 });
  return data(await loadTabContent(db, product, id), { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
