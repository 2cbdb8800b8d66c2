import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/product";
import type { Db } from "../../db/database.server.ts";
import { servicesContext } from "../../context.ts";
import { notifyBackInStock } from "../../features/requests/index.server.ts";
import {
  emptyProductForm,
  loadProductForm,
  saveProduct,
  AdminProductError,
  sectionOptions,
  editSetItems,
  emptySetForm,
  typedSetForm,
} from "../../features/product/index.server.ts";
import type { ProductFormValues } from "../../features/product/index.ts";
import { receiveProductMedia, removeProductMedia } from "../../features/media/index.server.ts";
import { sectionProperties } from "../../features/catalog/index.server.ts";
import { requireStaff } from "../../http/staff-guard.server.ts";
import { adminMeta } from "../../features/back-office/index.ts";
import { parseProductForm, parseSetOp, readSetRows, articleOf } from "../../features/product/index.ts";
import { AdminPage } from "../../features/back-office/components.ts";
import { ProductForm } from "../../features/product/components.ts";
import "../../features/product/admin/products.css";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.values.id ? loaderData.values.title : loaderData?.values.set ? "Новый комплект" : "Новый товар");

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
  const values =
    id === 0
      ? { ...emptyProductForm(section), ...(url.searchParams.get("kind") === "set" ? { set: emptySetForm() } : {}) }
      : id
        ? await loadProductForm(db, id)
        : null;
  if (!values) throw data({ message: NOT_FOUND }, { status: 404 });
  const [sections, properties] = await Promise.all([sectionOptions(db), values.sectionId ? sectionProperties(db.kysely, values.sectionId) : []]);
  return { values, sections, properties, saved: url.searchParams.has("saved") };
}

/** what was typed, to show again beside the errors */
async function typedValues(db: Db, form: FormData, id: number): Promise<ProductFormValues> {
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
    article: get("article"),
    price: get("price"),
    oldPrice: get("oldPrice"),
    stock: get("stock"),
    leadMin: get("leadMin"),
    leadMax: get("leadMax"),
    weight: get("weight"),
    published: form.get("published") === "on",
    description: get("description"),
    videos: get("videos"),
    images: [],
    properties,
    ...(form.get("kind") === "set" ? { set: await typedSetForm(db, readSetRows(form)) } : {}),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "catalog");
  const { db, mediaDir, mailer, logger, publicUrl } = args.context.get(servicesContext);
  const id = productIdOf(args.params.id);
  if (id === null) throw data({ message: NOT_FOUND }, { status: 404 });
  const form = await args.request.formData();
  const values = await typedValues(db, form, id);
  // uploads first: a save refused for another field, or a set's list button, shows them again instead of losing them
  const media = await receiveProductMedia(mediaDir, form, values.title);
  values.images = [...(media.images.listed ?? (id ? ((await loadProductForm(db, id))?.images ?? []) : [])), ...media.images.added];
  values.videos = [values.videos.trim(), ...media.videos].filter(Boolean).join("\n");
  // a set's list button (add, up, down, remove): the form comes back with the new list, nothing saved
  const setOp = parseSetOp(form.get("setOp"));
  if (values.set && setOp && media.status === null) {
    const edited = await editSetItems(db, id, values.set, setOp, String(form.get("setAdd") ?? ""));
    const errors: Record<string, string> = edited.error ? { setAdd: edited.error } : {};
    return data({ values: { ...values, set: edited.values }, errors }, { status: edited.error ? 422 : 200 });
  }
  const parsed = parseProductForm(form);
  if (!parsed.ok || media.status !== null || Object.keys(media.errors).length)
    return data({ values, errors: { ...(parsed.ok ? {} : parsed.errors), ...media.errors } }, { status: media.status ?? 422 });
  let saved: Awaited<ReturnType<typeof saveProduct>>;
  try {
    saved = await saveProduct(db, { id: staff.id, email: staff.email }, id, {
      ...parsed.input,
      images: media.images,
      videos: [...parsed.input.videos, ...media.videos],
    });
  } catch (error) {
    if (!(error instanceof AdminProductError)) throw error;
    if (error.status === 404) throw data({ message: error.message }, { status: 404 });
    return data({ values, errors: { [error.field]: error.message } }, { status: error.status });
  }
  // after the commit: files the save dropped (seed pictures are never removed)
  await removeProductMedia(mediaDir, saved.dropped);
  // after the commit: subscribers of products back in stock get their one letter (decision 084)
  await notifyBackInStock(db, mailer, publicUrl, [saved.id]).catch((err: unknown) => logger.error({ err }, "back-in-stock mail failed"));
  return redirect(`/admin/products/${saved.id}/?saved=1`, { status: 303 });
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { sections, properties } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  return (
    <AdminPage
      title={
        values.id ? `${values.set ? "Комплект" : "Товар"} ${articleOf(values.id, loaderData.values.article)}` : values.set ? "Новый комплект" : "Новый товар"
      }
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
