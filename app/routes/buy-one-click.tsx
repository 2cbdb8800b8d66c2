// «Купить в 1 клик» as a plain page (/buy/one-click/?product=<slug>, or the cart without one):
// the button leads here without JavaScript; the dialog's form posts the same fields as
// JSON at /buy/one-click/order/ (buy-one-click-order.ts). Decision 083.
import { data, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/buy-one-click";
import { clientContext, servicesContext, sessionContext } from "../context.ts";
import { cartOwner, loadCart, loadProductLine } from "../features/cart/index.server.ts";
import type { CartLineView } from "../features/cart/index.ts";
import { postOneClick } from "../features/checkout/index.server.ts";
import { isOrderable } from "../features/delivery/index.ts";
import { formatPrice } from "../lib/format.ts";
import { lineTitle } from "../lib/variant-values.ts";
import { NOTHING_TO_ORDER_MESSAGE, ONE_CLICK_LABEL, soldOutMessage } from "../features/checkout/index.ts";
import { Breadcrumbs } from "../features/catalog/components.ts";
import { OneClickForm } from "../features/checkout/components.ts";
import "../features/checkout/OneClick.css";

// a refusal's Retry-After must reach the document response, not only the action's data
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = () => [{ title: `${ONE_CLICK_LABEL} — Витрина` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const product = params.get("product")?.trim() || null;
  // the product page's chosen variant (decision 108); junk is no variant, the model's only one is meant
  const v = /^\d{1,12}$/.test(params.get("v") ?? "") ? Number(params.get("v")) : undefined;
  let lines: CartLineView[];
  let soldOut: string | null = null;
  let productTitle: string | null = null;
  if (product) {
    const line = await loadProductLine(db, product, v);
    if (!line) throw data(null, { status: 404 });
    productTitle = line.title;
    lines = isOrderable(line) ? [line] : [];
    if (!lines.length) soldOut = line.title;
  } else {
    lines = (await loadCart(db, cartOwner(context.get(sessionContext)))).lines.filter(isOrderable);
  }
  return {
    product,
    variant: product ? v : undefined,
    productTitle,
    soldOut,
    lines: lines.map((l) => ({ key: `${l.productId}:${l.id}`, title: lineTitle(l.title, l.values), qty: l.qty, sum: l.price * l.qty })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await postOneClick(context.get(servicesContext), context.get(sessionContext), context.get(clientContext).address, request);
  if (answer.ok) return redirect(`/order/${answer.number}/`, 303);
  const headers: Record<string, string> = answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : {};
  return data({ values: answer.values, errors: answer.errors }, { status: answer.status, headers });
}

export default function BuyOneClick({ loaderData, actionData }: Route.ComponentProps) {
  const { product, variant, productTitle, lines, soldOut } = loaderData;
  const navigate = useNavigate();
  const answer = actionData && "errors" in actionData ? actionData : undefined;
  return (
    <div className="container page-section">
      <Breadcrumbs
        items={[
          { href: "/", title: "Главная" },
          product && productTitle
            ? { href: `/product/${product}/${variant ? `?v=${variant}` : ""}`, title: productTitle }
            : { href: "/cart/", title: "Корзина" },
        ]}
        current={ONE_CLICK_LABEL}
      />
      <h1>{ONE_CLICK_LABEL}</h1>
      {lines.length ? (
        <>
          <section className="one-click-page__summary" aria-label="Что вы заказываете">
            <ul className="one-click-page__lines">
              {lines.map((l) => (
                <li key={l.key}>
                  <span>
                    {l.title} × {l.qty}
                  </span>
                  <span>{formatPrice(l.sum)}</span>
                </li>
              ))}
            </ul>
            <p className="one-click-page__total">Итого: {formatPrice(lines.reduce((s, l) => s + l.sum, 0))}. Доставку менеджер рассчитает по телефону.</p>
          </section>
          <OneClickForm
            product={product ?? undefined}
            variant={variant}
            initial={answer ? { values: answer.values, errors: answer.errors } : undefined}
            onPlaced={(number) => void navigate(`/order/${number}/`)}
          />
        </>
      ) : (
        <p className="form__alert" role="alert">
          {soldOut ? soldOutMessage(soldOut) : NOTHING_TO_ORDER_MESSAGE}
        </p>
      )}
    </div>
  );
}
