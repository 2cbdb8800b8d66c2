import type { Route } from "./+types/cart-promo";
import { servicesContext, sessionContext } from "../context.ts";
import { cartOwner, loadCart } from "../features/cart/index.server.ts";
import { checkPromoForCart, PROMO_SESSION_KEY, sessionPromoCode } from "../features/promo/index.server.ts";

/**
 * `POST /cart/promo/` — JSON `{code}` applies a promo code to the session's cart → `{code}` (as
 * stored) or 422 `{error}`; `{code: null}` (or "") removes it → `{code: null}`. The cart page's own
 * form (`POST /cart/`) does the same for browsers without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const body: unknown = await request.json().catch(() => undefined);
  if (!body || typeof body !== "object" || Array.isArray(body)) return Response.json({ error: 'Отправьте JSON вида {"code": "…"}' }, { status: 400 });
  const raw = (body as Record<string, unknown>).code;
  if (raw === null || raw === "") {
    if (sessionPromoCode(session.data)) await session.update({ [PROMO_SESSION_KEY]: null });
    return Response.json({ code: null });
  }
  if (typeof raw !== "string") return Response.json({ error: "Введите промокод" }, { status: 422 });
  const { lines } = await loadCart(db, cartOwner(session));
  const checked = await checkPromoForCart(db, raw.slice(0, 100), lines);
  if (!checked.ok) return Response.json({ error: checked.message }, { status: 422 });
  await session.update({ [PROMO_SESSION_KEY]: checked.code });
  return Response.json({ code: checked.code });
}

export function loader() {
  return Response.json({ error: "Только POST" }, { status: 405, headers: { Allow: "POST" } });
}
