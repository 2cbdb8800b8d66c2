// /stock-notice/<slug>/: «Сообщить о поступлении» (decision 084). The product page opens
// the form in a dialog and posts here; without JavaScript this page is the form. The answer is the
// same whether or not the address was already subscribed.
import { data, Link } from "react-router";
import type { Route } from "./+types/stock-notice";
import { clientContext, servicesContext } from "../context.ts";
import { findPreorderProduct, hitStockNoticeLimits, requestStockNotice } from "../features/requests/index.server.ts";
import { formValues } from "../lib/form-fields.ts";
import { lineTitle } from "../lib/variant-values.ts";
import { parseStockNotice, PREORDER_MESSAGES } from "../features/requests/index.ts";
import { Breadcrumbs } from "../features/catalog/components.ts";
import { StockNoticeForm, type StockNoticeAnswer } from "../features/requests/components.ts";

// a refused attempt's Retry-After must reach the document response, not only the action's data
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Сообщить о поступлении${loaderData ? `: ${loaderData.product.title}` : ""} — Витрина` },
  { name: "robots", content: "noindex" },
];

/** `?v=` or the form's `variant`: the product page's chosen variant (decision 108); junk names none. */
const variantParam = (value: FormDataEntryValue | null | undefined) => (typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : undefined);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = await findPreorderProduct(context.get(servicesContext).db, params.slug, variantParam(new URL(request.url).searchParams.get("v")));
  if (!product) throw data(null, { status: 404 });
  return { product };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, mailer, logger, rateLimiter, publicUrl } = context.get(servicesContext);
  const form = await request.formData().catch(() => new FormData());
  const product = await findPreorderProduct(db, params.slug, variantParam(form.get("variant")) ?? variantParam(new URL(request.url).searchParams.get("v")));
  if (!product) throw data(null, { status: 404 });
  const values = Object.fromEntries(Object.entries(formValues(form)).map(([k, v]) => [k, v.slice(0, 500)]));
  const refuse = (status: number, answer: Omit<StockNoticeAnswer, "values">, headers?: HeadersInit) =>
    data<StockNoticeAnswer>({ values, ...answer }, { status, headers });
  const parsed = parseStockNotice(values);
  if (!parsed.ok) return refuse(422, { errors: parsed.errors });
  const limit = await hitStockNoticeLimits(rateLimiter, parsed.data.email, context.get(clientContext).address);
  if (!limit.allowed)
    return refuse(429, { errors: {}, formError: PREORDER_MESSAGES.tooMany(Math.ceil(limit.retryAfter / 60)) }, { "Retry-After": String(limit.retryAfter) });
  try {
    await requestStockNotice(db, mailer, { product, email: parsed.data.email, consentVersion: parsed.data.consentVersion, publicUrl });
  } catch (err) {
    logger.error({ err }, "stock notice mail failed");
    return refuse(503, { errors: {}, formError: "Не удалось отправить письмо. Попробуйте ещё раз через несколько минут." });
  }
  return data<StockNoticeAnswer>({ errors: {}, values: {}, sentTo: parsed.data.email });
}

export default function StockNotice({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  const productHref = `/product/${product.slug}/${product.values.length ? `?v=${product.variantId}` : ""}`;
  const title = lineTitle(product.title, product.values);
  return (
    <div className="container stock-notice-page">
      <Breadcrumbs
        items={[
          { href: "/", title: "Главная" },
          { href: productHref, title: product.title },
        ]}
        current="Сообщить о поступлении"
      />
      <h1>Сообщить о поступлении</h1>
      <StockNoticeForm slug={product.slug} variant={product.values.length ? product.variantId : undefined} title={title} initial={actionData} />
      <p>
        <Link to={productHref}>Вернуться к товару</Link>
      </p>
    </div>
  );
}
