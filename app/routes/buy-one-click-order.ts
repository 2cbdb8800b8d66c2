// POST /buy/one-click/order/ — the «Купить в 1 клик» dialog's JSON endpoint: `{number}` for the
// new order, `{field: message}` with 4xx otherwise (429 with Retry-After). Decision 083.
import type { Route } from "./+types/buy-one-click-order";
import { clientContext, servicesContext, sessionContext } from "../context.ts";
import { postOneClick } from "../features/checkout/index.server.ts";

export async function loader() {
  return Response.json({ form: "Отправьте форму методом POST" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await postOneClick(context.get(servicesContext), context.get(sessionContext), context.get(clientContext).address, request);
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (answer.ok) return Response.json({ number: answer.number }, { headers });
  if (answer.retryAfter) headers["Retry-After"] = String(answer.retryAfter);
  return Response.json(answer.errors, { status: answer.status, headers });
}
