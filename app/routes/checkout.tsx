import crypto from "node:crypto";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/checkout";
import { servicesContext, sessionContext } from "../context.ts";
import { cartOwner, loadCart } from "../domain/cart.server.ts";
import { EMPTY_CART_MESSAGE, OrderError, PLACED_ORDER_KEY, placeOrder } from "../domain/orders.server.ts";
import { notifyAboutOrder } from "../domain/order-mail.server.ts";
import { isPickupPoint, listContactPoints } from "../domain/content.server.ts";
import { MAX_DELIVERY_DAYS_AHEAD, moscowDate, parseCheckout, PICKUP_POINT_MESSAGES } from "../lib/checkout-schema.ts";
import { BLOCKED_CHECKOUT_MESSAGE } from "../lib/cart-availability.ts";
import { Breadcrumbs } from "../components/catalog/Breadcrumbs.tsx";
import { CheckoutForm } from "../components/checkout/CheckoutForm.tsx";
import { loadLiftTariffs } from "../domain/lift-tariffs.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Оформление заказа — Витрина" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const cart = await loadCart(db, cartOwner(context.get(sessionContext)));
  if (!cart.lines.length) throw redirect("/cart/", 303);
  const now = Date.now();
  return {
    ...cart,
    pickupPoints: (await listContactPoints(db)).map((p) => ({ id: p.id, title: p.title, address: `${p.city}, ${p.address}` })),
    liftTariffs: await loadLiftTariffs(db.kysely),
    dateRange: { min: moscowDate(now), max: moscowDate(now + MAX_DELIVERY_DAYS_AHEAD * 86_400_000) },
    // one key per rendered form: a double click or a retried post finds the order already made
    idempotencyKey: crypto.randomBytes(18).toString("base64url"),
  };
}

/** After a refusal for the stock (409) the cart changed: the page reads it again, keeping the answer. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, logger } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const form = await request.formData().catch(() => new FormData());
  const values = Object.fromEntries([...form].map(([k, v]) => [k, typeof v === "string" ? v.slice(0, 2000) : ""]));
  const parsed = parseCheckout(values);
  const errors: Record<string, string> = { ...parsed.errors };
  // a pickup point that is not one of our showrooms, shown together with the other field errors
  if (values.delivery === "pickup" && !errors.pickupPoint && !(await isPickupPoint(db, Number(values.pickupPoint?.trim())))) {
    errors.pickupPoint = PICKUP_POINT_MESSAGES.unknown;
  }
  const refused = (status: number, answer: { errors?: Record<string, string>; formError?: string; blocking?: OrderError["blocking"] }) =>
    data({ values, errors: answer.errors ?? {}, formError: answer.formError, blocking: answer.blocking ?? [] }, { status });
  if (!parsed.data || Object.keys(errors).length) return refused(422, { errors });
  // no session means no cart: nothing to order, and no session is made for it
  const owner = cartOwner(session);
  if (!owner) return refused(409, { formError: EMPTY_CART_MESSAGE });
  try {
    const { number, created } = await placeOrder(db, { owner, userId: session.userId, input: parsed.data });
    if (created) void notifyAboutOrder(db, mailer, number).catch((err: unknown) => logger.error({ err, number }, "order mail failed"));
    // the order page thanks for it on this first view only
    await session.update({ [PLACED_ORDER_KEY]: number });
    return redirect(`/order/${number}/`, 303);
  } catch (error) {
    if (error instanceof OrderError) {
      if (error.field) return refused(error.status, { errors: { [error.field]: error.message } });
      if (error.blocking.length) return refused(error.status, { formError: BLOCKED_CHECKOUT_MESSAGE, blocking: error.blocking });
      return refused(error.status, { formError: error.message });
    }
    throw error;
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container">
      <Breadcrumbs
        items={[
          { href: "/", title: "Главная" },
          { href: "/cart/", title: "Корзина" },
        ]}
        current="Оформление заказа"
      />
      <h1>Оформление заказа</h1>
      <CheckoutForm
        lines={loaderData.lines}
        totals={loaderData.totals}
        pickupPoints={loaderData.pickupPoints}
        dateRange={loaderData.dateRange}
        liftTariffs={loaderData.liftTariffs}
        idempotencyKey={actionData?.values.idempotencyKey ?? loaderData.idempotencyKey}
        values={actionData?.values ?? {}}
        errors={actionData?.errors}
        formError={actionData?.formError}
        blocking={actionData?.blocking}
      />
    </div>
  );
}
