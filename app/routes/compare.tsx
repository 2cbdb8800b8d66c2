import { redirect } from "react-router";
import type { Route } from "./+types/compare";
import { servicesContext, sessionContext } from "../context.ts";
import { comparedIds, loadComparison, removeCompared } from "../features/compare/index.server.ts";
import { Breadcrumbs } from "../features/catalog/components.ts";
import { ComparisonView } from "../features/compare/components.ts";

export const meta: Route.MetaFunction = () => [{ title: "Сравнение товаров — Витрина" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const tables = await loadComparison(db, comparedIds(context.get(sessionContext).data));
  return { tables, onlyDiff: new URL(request.url).searchParams.get("diff") === "1" };
}

/** Remove one product (`remove=<id>`) or clear the list (`remove=all`), then back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const remove = String(form.get("remove") ?? "");
  const id = Number(remove);
  if (remove === "all" || (Number.isInteger(id) && id > 0)) await removeCompared(context.get(sessionContext), remove === "all" ? "all" : id);
  return redirect("/compare/", 303);
}

export default function Compare({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container">
      <Breadcrumbs items={[{ href: "/", title: "Главная" }]} current="Сравнение" />
      <h1>Сравнение товаров</h1>
      <ComparisonView tables={loaderData.tables} initialOnlyDiff={loaderData.onlyDiff} />
    </div>
  );
}
