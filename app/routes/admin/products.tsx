import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/products";
import { servicesContext } from "../../context.ts";
import { notifyBackInStock } from "../../features/requests/index.server.ts";
import { AdminProductError, applyBulkAction, listAdminProducts, sectionOptions } from "../../features/product/index.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { countOf, PRODUCT_FORMS } from "../../lib/format.ts";
import { parseBulkForm, parseProductListQuery } from "../../features/product/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { ProductFilters, ProductTable } from "../../features/product/components.ts";
import "../../features/product/admin/products.css";

export const meta: Route.MetaFunction = () => adminMeta("Товары");

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "catalog");
  const { db } = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const filter = parseProductListQuery(url.searchParams);
  const [list, sections] = await Promise.all([listAdminProducts(db, filter), sectionOptions(db)]);
  const done = Number(url.searchParams.get("done"));
  return { filter: { ...filter, page: list.page }, list, sections, done: Number.isInteger(done) && done >= 0 && url.searchParams.has("done") ? done : null };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "catalog");
  const { db, mailer, logger, publicUrl } = args.context.get(servicesContext);
  const parsed = parseBulkForm(await args.request.formData());
  if (!parsed.ok) return data({ error: { field: parsed.field, message: parsed.message } }, { status: 422 });
  let changed: number;
  try {
    changed = await applyBulkAction(db, { id: staff.id, email: staff.email }, parsed.command);
  } catch (error) {
    if (!(error instanceof AdminProductError)) throw error;
    return data({ error: { field: error.field, message: error.message } }, { status: error.status });
  }
  // after the commit: subscribers of products back in stock get their one letter (decision 084)
  await notifyBackInStock(db, mailer, publicUrl).catch((err: unknown) => logger.error({ err }, "back-in-stock mail failed"));
  // back to the same filtered page, with how many products changed
  const url = new URL(args.request.url);
  url.searchParams.set("done", String(changed));
  return redirect(`${url.pathname}${url.search}`, { status: 303 });
}

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, list, sections, done } = loaderData;
  return (
    <AdminPage
      title="Товары"
      actions={
        <>
          <Link className="button" to="/admin/products/new/">
            Добавить товар
          </Link>
          <Link className="button button--ghost" to="/admin/products/new/?kind=set">
            Новый комплект
          </Link>
        </>
      }
    >
      <ProductFilters filter={filter} sections={sections} />
      <p role="status">
        {`Найдено: ${countOf(list.total, PRODUCT_FORMS)}`}
        {done !== null ? ` · Изменено: ${countOf(done, PRODUCT_FORMS)}` : ""}
      </p>
      <ProductTable list={list} filter={filter} sections={sections} error={actionData?.error} />
    </AdminPage>
  );
}
