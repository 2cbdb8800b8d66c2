import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/cart";
import { servicesContext, sessionContext } from "../context.ts";
import { cartOwner, loadCart } from "../domain/cart.server.ts";
import { Breadcrumbs } from "../components/catalog/Breadcrumbs.tsx";
import { CartView } from "../components/cart/CartView.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Корзина — Витрина" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  return loadCart(db, cartOwner(context.get(sessionContext)));
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
