import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/product";
import { servicesContext } from "../../context.ts";
import { emptyProductForm, loadProductForm, saveProduct, sectionProperties } from "../../domain/admin-product-form.server.ts";
import type { ProductFormValues } from "../../domain/admin-product-types.ts";
import { AdminProductError, sectionOptions } from "../../domain/admin-products.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../lib/admin-nav.ts";
import { parseProductForm } from "../../lib/product-form.ts";
import { articleOf } from "../../lib/product-list-query.ts";
import { AdminPage } from "../../components/admin/AdminPage.tsx";
import { ProductForm } from "../../components/admin/products/ProductForm.tsx";
import "../../components/admin/products/products.css";

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta(loaderData?.values.id ? loaderData.values.title : "Новый товар");

const NOT_FOUND = "Такого товара нет.";

/** `new`, or a product's id; null for anything else */
function productIdOf(param: string): number | null {
  if (param === "new") return 0;
  const id = Number(param);
  return /^\d{1,9}$/.test(param) && id > 0 ? id : null;
}

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "catalog");
  const { db } = args.context.get(servicesContext);
  const id = productIdOf(args.params.id);
  const url = new URL(args.request.url);
  const section = Number(url.searchParams.get("section")) || 0;
  const values = id === 0 ? emptyProductForm(section) : id ? await loadProductForm(db, id) : null;
  if (!values) throw data({ message: NOT_FOUND }, { status: 404 });
  const [sections, properties] = await Promise.all([sectionOptions(db), values.sectionId ? sectionProperties(db.kysely, values.sectionId) : []]);
  return { values, sections, properties, saved: url.searchParams.has("saved") };
}

/** what was typed, to show again beside the errors */
function typedValues(form: FormData, id: number): ProductFormValues {
  const get = (name: string) => String(form.get(name) ?? "");
  const properties: Record<string, string[]> = {};
  for (const [name, value] of form.entries()) if (name.startsWith("prop.") && typeof value === "string") (properties[name.slice(5)] ??= []).push(value);
  return {
    id,
    version: Number(get("version")) || 0,
    title: get("title"),
    slug: get("slug"),
    sectionId: Number(get("sectionId")) || 0,
    brand: get("brand"),
    price: get("price"),
    oldPrice: get("oldPrice"),
    stock: get("stock"),
    weight: get("weight"),
    published: form.get("published") === "on",
    description: get("description"),
    videos: get("videos"),
    properties,
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "catalog");
  const { db } = args.context.get(servicesContext);
  const id = productIdOf(args.params.id);
  if (id === null) throw data({ message: NOT_FOUND }, { status: 404 });
  const form = await args.request.formData();
  const values = typedValues(form, id);
  const parsed = parseProductForm(form);
  if (!parsed.ok) return data({ values, errors: parsed.errors }, { status: 422 });
  let saved: number;
  try {
    saved = await saveProduct(db, { id: staff.id, email: staff.email }, id, parsed.input);
  } catch (error) {
    if (!(error instanceof AdminProductError)) throw error;
    if (error.status === 404) throw data({ message: error.message }, { status: 404 });
    return data({ values, errors: { [error.field]: error.message } }, { status: error.status });
  }
  return redirect(`/admin/products/${saved}/?saved=1`, { status: 303 });
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { sections, properties } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  return (
    <AdminPage
      title={values.id ? `Товар ${articleOf(values.id)}` : "Новый товар"}
      actions={
        values.id ? (
          <Link className="button button--ghost" to={`/product/${loaderData.values.slug}/`}>
            Открыть на сайте
          </Link>
        ) : null
      }
    >
      <p>
        <Link to="/admin/products/">Все товары</Link>
      </p>
      {loaderData.saved && !actionData ? <p role="status">Сохранено.</p> : null}
      <ProductForm
        key={`${values.id}-${loaderData.values.version}`}
        values={values}
        sections={sections}
        properties={properties}
        errors={actionData?.errors ?? {}}
      />
    </AdminPage>
  );
}
