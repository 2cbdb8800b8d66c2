import { redirect } from "react-router";
import type { Route } from "./+types/cart-api";
import { servicesContext, sessionContext } from "../context.ts";
import { CartError, cartOwner, cartSummary, changeCart, changeCartLine } from "../features/cart/index.server.ts";
import { formatPrice } from "../lib/format.ts";
import { safeBackPath } from "../lib/safe-back-path.ts";
import { readCartRequest } from "../features/cart/index.ts";

/**
 * `POST /cart/<type>/` — JSON `{id, cnt, type}` (plus `items` for sets, `mode: "add"` to add to
 * what is there, or `line` to change a cart line) → JSON `{cnt, sum, …}` for the header; cnt = 0
 * removes. The same fields as a plain form post redirect back (303) for visitors without JavaScript.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const session = context.get(sessionContext);
  const parsed = await readCartRequest(request, params.type);
  const fail = (status: number, message: string) =>
    parsed.json
      ? Response.json({ error: message }, { status })
      : new Response(errorPage(message, parsed.back), { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
  if ("error" in parsed) return fail(parsed.status, parsed.error);

  // a session (and its cookie) is made only when a line is actually stored
  const owner = {
    current: cartOwner(session),
    create: async () => {
      await session.ensure();
      return cartOwner(session)!;
    },
  };
  try {
    const result =
      parsed.line !== undefined
        ? await changeCartLine(db, owner.current, parsed.line, parsed.cnt)
        : await changeCart(db, owner, {
            productId: parsed.id,
            variantId: parsed.variant,
            type: parsed.type,
            cnt: parsed.cnt,
            items: parsed.items,
            mode: parsed.mode,
          });
    if (!parsed.json) return redirect(safeBackPath(parsed.back), 303);
    const summary = await cartSummary(db, cartOwner(session));
    return Response.json({
      cnt: summary.count,
      sum: summary.sum,
      sumText: formatPrice(summary.sum),
      qty: result.qty,
      notice: result.notice,
      product: result.product,
    });
  } catch (error) {
    if (error instanceof CartError) return fail(error.status, error.message);
    throw error;
  }
}

export function loader() {
  return redirect("/cart/", 303);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function errorPage(message: string, back: string) {
  return `<!doctype html><html lang="ru"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Корзина — Витрина</title><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>Не получилось изменить корзину</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(safeBackPath(back))}">Вернуться</a></p></body></html>`;
}
