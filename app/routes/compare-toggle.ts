import { redirect } from "react-router";
import type { Route } from "./+types/compare-toggle";
import { servicesContext, sessionContext } from "../context.ts";
import { toggleCompared } from "../features/compare/index.server.ts";
import { safeBackPath } from "../lib/safe-back-path.ts";

/** «Сравнить»: toggles a product in the comparison. JSON `{id}` → `{compared, count}`; a form post goes back (303). */
export async function action({ request, context }: Route.ActionArgs) {
  const json = (request.headers.get("content-type") ?? "").includes("application/json");
  let body: Record<string, unknown> = {};
  try {
    body = json ? ((await request.json()) as Record<string, unknown>) : Object.fromEntries(await request.formData());
  } catch {
    return Response.json({ error: "Не удалось прочитать запрос." }, { status: 400 });
  }
  const id = Number(body?.id);
  const result = Number.isInteger(id) && id > 0 ? await toggleCompared(context.get(servicesContext).db, context.get(sessionContext), id) : null;
  if (!result) return Response.json({ error: "Такого товара нет в каталоге." }, { status: 404 });
  if (!json) return redirect(safeBackPath(typeof body.back === "string" ? body.back : "/compare/"), 303);
  return Response.json(result);
}

export function loader() {
  return redirect("/compare/", 303);
}
