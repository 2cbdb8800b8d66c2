import { data } from "react-router";
import type { Route } from "./+types/content-tab";
import { servicesContext } from "../context.ts";
import { findPage, cleanRichText } from "../features/content/index.server.ts";
import { CONTENT_TAB_AJAX, isContentTabPage } from "../features/content/index.ts";

/**
 * POST /content/tab/ with `ajax=page` and `id=<slug>` (docs/behaviour.md «Tabs»): the page's
 * shop-written body as an HTML fragment for the tab's content box. Without JavaScript the tab is a
 * link to the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const id = form?.get("id");
  if (form?.get("ajax") !== CONTENT_TAB_AJAX || !isContentTabPage(id)) return data({ error: "Неизвестная вкладка" }, { status: 400 });
  const page = await findPage(context.get(servicesContext).db, id);
  if (!page) return data({ error: "Страница не найдена" }, { status: 404 });
  return new Response(cleanRichText(page.body), { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
