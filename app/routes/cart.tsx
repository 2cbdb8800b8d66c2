import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/cart";
import { servicesContext, sessionContext } from "../context.ts";
import { cartOwner, confirmCartPrices, loadCart } from "../domain/cart.server.ts";
import { Breadcrumbs } from "../components/catalog/Breadcrumbs.tsx";
import { CartView } from "../components/cart/CartView.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Корзина — Витрина" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const owner = cartOwner(context.get(sessionContext));
  const cart = await loadCart(db, owner);
  // this visit shows «Цена изменилась» on a changed line; the next one takes the new price as seen
  await confirmCartPrices(db, owner, cart.lines);
  return cart;
}

// The page keeps its own optimistic state (quantities, deleted marks); line changes made here
// must not reload it, or a deleted line's «Вернуть» would vanish. The header still revalidates.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/cart/")) return false;
  return defaultShouldRevalidate;
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container">
      <Breadcrumbs items={[{ href: "/", title: "Главная" }]} current="Корзина" />
      <h1>Корзина</h1>
      <CartView lines={loaderData.lines} />
    </div>
  );
}
