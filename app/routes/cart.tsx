import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/cart";
import { servicesContext, sessionContext } from "../context.ts";
import { cartOwner, confirmCartPrices, loadCart } from "../features/cart/index.server.ts";
import { cartPromo, checkPromoForCart, PROMO_SESSION_KEY, sessionPromoCode } from "../features/promo/index.server.ts";
import { Breadcrumbs } from "../features/catalog/components.ts";
import { CartView } from "../features/cart/components.ts";
import { OneClickButton } from "../features/checkout/components.ts";

export const meta: Route.MetaFunction = () => [{ title: "Корзина — Витрина" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const owner = cartOwner(session);
  const cart = await loadCart(db, owner);
  // this visit shows «Цена изменилась» on a changed line; the next one takes the new price as seen
  await confirmCartPrices(db, owner, cart.lines);
  return { ...cart, promo: await cartPromo(db, sessionPromoCode(session.data), cart.lines) };
}

/**
 * The promo code field as a plain form: `promo=apply` with `code` → 303 back to the cart, or 422
 * with the message under the field and the typed code kept; `promo=remove` → 303. (Scripts may
 * use the JSON twin, `POST /cart/promo/`.)
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const form = await request.formData().catch(() => new FormData());
  const typed = String(form.get("code") ?? "").slice(0, 100);
  if (form.get("promo") === "apply") {
    const { lines } = await loadCart(db, cartOwner(session));
    const checked = await checkPromoForCart(db, typed, lines);
    if (!checked.ok) return data({ promoError: checked.message, typed }, { status: 422 });
    await session.update({ [PROMO_SESSION_KEY]: checked.code });
  } else if (form.get("promo") === "remove" && sessionPromoCode(session.data)) {
    await session.update({ [PROMO_SESSION_KEY]: null });
  }
  return redirect("/cart/", 303);
}

// The page keeps its own optimistic state (quantities, deleted marks); line changes made here
// must not reload it, or a deleted line's «Вернуть» would vanish. The header still revalidates.
// The promo code form posts to the page itself, and its answer does change what the page shows.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/cart/") && formAction.replace(/[?#].*$/, "") !== "/cart/") return false;
  return defaultShouldRevalidate;
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container">
      <Breadcrumbs items={[{ href: "/", title: "Главная" }]} current="Корзина" />
      <h1>Корзина</h1>
      <CartView
        lines={loaderData.lines}
        promo={loaderData.promo}
        promoForm={actionData ? { error: actionData.promoError, typed: actionData.typed } : undefined}
        oneClick={<OneClickButton className="cart__one-click" />}
      />
    </div>
  );
}
