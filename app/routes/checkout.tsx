import crypto from "node:crypto";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/checkout";
import { servicesContext, sessionContext } from "../context.ts";
import { cartOwner, loadCart } from "../features/cart/index.server.ts";
import { EMPTY_CART_MESSAGE, OrderError, PLACED_ORDER_KEY, placeOrder, notifyAboutOrder } from "../features/orders/index.server.ts";
import { isPickupPoint, listContactPoints } from "../features/content/index.server.ts";
import { MAX_DELIVERY_DAYS_AHEAD, parseCheckout } from "../features/checkout/index.ts";
import { PICKUP_POINT_MESSAGES } from "../features/delivery/index.ts";
import { shopToday } from "../lib/shop-calendar.ts";
import { BLOCKED_CHECKOUT_MESSAGE } from "../features/cart/index.ts";
import { cartPromoDiscount } from "../features/promo/index.ts";
import { Breadcrumbs } from "../features/catalog/components.ts";
import { CheckoutForm } from "../features/checkout/components.ts";
import { loadLiftTariffs } from "../features/delivery/index.server.ts";
import { startPaymentPage } from "../features/payments/index.server.ts";
import { cartPromo, PROMO_FIELD, PROMO_SESSION_KEY, sessionPromoCode } from "../features/promo/index.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Оформление заказа — Витрина" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, payments } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const cart = await loadCart(db, cartOwner(session));
  if (!cart.lines.length) throw redirect("/cart/", 303);
  const now = Date.now();
  const promo = await cartPromo(db, sessionPromoCode(session.data), cart.lines, now);
  const outcome = cartPromoDiscount(promo, cart.lines);
  return {
    ...cart,
    promo: promo && outcome?.ok ? { code: promo.code, discount: outcome.total } : null,
    // a code kept in the session that gives nothing now: said before the order is sent, not only after
    promoNote: !promo
      ? null
      : "error" in promo
        ? `Промокод ${promo.code}: ${promo.error}`
        : outcome && !outcome.ok
          ? `Промокод ${promo.code}: ${outcome.message}`
          : null,
    pickupPoints: (await listContactPoints(db)).map((p) => ({ id: p.id, title: p.title, address: `${p.city}, ${p.address}` })),
    liftTariffs: await loadLiftTariffs(db.kysely),
    dateRange: { min: shopToday(now), max: shopToday(now + MAX_DELIVERY_DAYS_AHEAD * 86_400_000) },
    // one key per rendered form: a double click or a retried post finds the order already made
    idempotencyKey: crypto.randomBytes(18).toString("base64url"),
    // «Оплата онлайн» only when a gateway is configured
    onlinePayment: payments !== null,
  };
}

/** After a refusal for the stock (409) the cart changed: the page reads it again, keeping the answer. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db, mailer, logger } = services;
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
    const promoCode = sessionPromoCode(session.data);
    const { number, created } = await placeOrder(db, { owner, userId: session.userId, input: parsed.data, promoCode });
    if (promoCode) await session.update({ [PROMO_SESSION_KEY]: null });
    if (created) {
      services.meter.orderPlaced("checkout");
      void notifyAboutOrder(db, mailer, number).catch((err: unknown) => logger.error({ err, number }, "order mail failed"));
    }
    // the order page thanks for it on this first view only
    await session.update({ [PLACED_ORDER_KEY]: number });
    // online: straight on to the gateway's page; if it cannot be reached, the order page offers «Оплатить»
    if (values.payment === "online" && services.payments) {
      const page = await startPaymentPage(services, number);
      if (page) return redirect(page, 303);
    }
    return redirect(`/order/${number}/`, 303);
  } catch (error) {
    if (error instanceof OrderError) {
      // a code that stopped working is taken out, so the next try is the order without it, as shown
      if (error.field === PROMO_FIELD) {
        await session.update({ [PROMO_SESSION_KEY]: null });
        return refused(409, { formError: `${error.message}. Мы убрали промокод: проверьте сумму и оформите заказ снова.` });
      }
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
        promo={loaderData.promo}
        promoNote={loaderData.promoNote}
        pickupPoints={loaderData.pickupPoints}
        dateRange={loaderData.dateRange}
        liftTariffs={loaderData.liftTariffs}
        idempotencyKey={actionData?.values.idempotencyKey ?? loaderData.idempotencyKey}
        values={actionData?.values ?? {}}
        errors={actionData?.errors}
        formError={actionData?.formError}
        blocking={actionData?.blocking}
        onlinePayment={loaderData.onlinePayment}
      />
    </div>
  );
}
