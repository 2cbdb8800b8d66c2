// /preorder/<slug>/: «Оформить предзаказ» for a product out of stock (decision 084). The
// product page opens the same form in a dialog; this page is where it posts, and the whole form
// without JavaScript. Success: 303 to the order page; mistakes: 422 with the values kept.
import crypto from "node:crypto";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/preorder";
import { servicesContext, sessionContext } from "../context.ts";
import { cartOwner } from "../features/cart/index.server.ts";
import { notifyAboutOrder, OrderError, PLACED_ORDER_KEY } from "../features/orders/index.server.ts";
import { findPreorderProduct, placePreorder } from "../features/requests/index.server.ts";
import { leadTimeText } from "../features/delivery/index.ts";
import { formatPrice } from "../lib/format.ts";
import { variantLabel } from "../lib/variant-values.ts";
import { formValues } from "../lib/form-fields.ts";
import { parsePreorder } from "../features/requests/index.ts";
import { Breadcrumbs } from "../features/catalog/components.ts";
import { PreorderForm, type PreorderAnswer } from "../features/requests/components.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Предзаказ${loaderData ? `: ${loaderData.product.title}` : ""} — Витрина` },
  { name: "robots", content: "noindex" },
];

/** `?v=` or the form's `variant`: the product page's chosen variant (decision 108); junk names none. */
const variantParam = (value: FormDataEntryValue | null | undefined) => (typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : undefined);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = await findPreorderProduct(context.get(servicesContext).db, params.slug, variantParam(new URL(request.url).searchParams.get("v")));
  if (!product) throw data(null, { status: 404 });
  // one key per rendered form: a double click or a resent post finds the pre-order already made
  return { product, idempotencyKey: crypto.randomBytes(18).toString("base64url") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, mailer, logger } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const form = await request.formData().catch(() => new FormData());
  const product = await findPreorderProduct(db, params.slug, variantParam(form.get("variant")) ?? variantParam(new URL(request.url).searchParams.get("v")));
  if (!product) throw data(null, { status: 404 });
  const values = Object.fromEntries(Object.entries(formValues(form)).map(([k, v]) => [k, v.slice(0, 2000)]));
  const refuse = (status: number, answer: Omit<PreorderAnswer, "values">) => data<PreorderAnswer>({ values, ...answer }, { status });
  const parsed = parsePreorder(values);
  if (!parsed.ok) return refuse(422, { errors: parsed.errors });
  // the order page is shown to the session that placed the order: a visitor without one gets one
  if (session.userId === null) await session.ensure();
  const owner = cartOwner(session)!;
  try {
    const { number, created } = await placePreorder(db, {
      owner,
      userId: session.userId,
      productId: product.id,
      variantId: product.variantId,
      input: parsed.data,
    });
    if (created) void notifyAboutOrder(db, mailer, number).catch((err: unknown) => logger.error({ err, number }, "pre-order mail failed"));
    await session.update({ [PLACED_ORDER_KEY]: number });
    return redirect(`/order/${number}/`, 303);
  } catch (error) {
    if (error instanceof OrderError) return refuse(error.status, { errors: {}, formError: error.message });
    throw error;
  }
}

export default function Preorder({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  const productHref = `/product/${product.slug}/${product.values.length ? `?v=${product.variantId}` : ""}`;
  return (
    <div className="container preorder-page">
      <Breadcrumbs
        items={[
          { href: "/", title: "Главная" },
          { href: productHref, title: product.title },
        ]}
        current="Предзаказ"
      />
      <h1>Оформить предзаказ</h1>
      <p>
        <Link to={productHref}>{product.title}</Link>
        {product.values.length ? ` (${variantLabel(product.values)})` : ""} — {formatPrice(product.price)}. Сейчас его нет на складе: привезём под заказ за{" "}
        {leadTimeText(product.lead.min, product.lead.max)}.
      </p>
      <PreorderForm
        slug={product.slug}
        variant={product.values.length ? product.variantId : undefined}
        idempotencyKey={loaderData.idempotencyKey}
        initial={actionData}
      />
    </div>
  );
}
