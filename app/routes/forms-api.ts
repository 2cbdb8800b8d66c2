// POST /forms/<callback|feedback>/ — the forms' JSON contract (docs/behaviour.md «Forms»): `{}` on
// success, `{field: message}` otherwise (429 with a `form` message when rate-limited). The browser
// widgets post here; without JavaScript the same forms post to their page instead.
import type { Route } from "./+types/forms-api";
import { clientContext, servicesContext, sessionContext } from "../context.ts";
import { submitFormRequest } from "../http/form-post.server.ts";
import { isFormName } from "../features/requests/index.ts";

export async function loader() {
  return Response.json({ form: "Отправьте форму методом POST" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isFormName(params.form)) return Response.json({ form: "Такой формы нет" }, { status: 404 });
  const outcome = await submitFormRequest(context.get(servicesContext), params.form, request, {
    clientAddress: context.get(clientContext).address,
    userAgent: request.headers.get("user-agent") ?? "",
    sessionId: context.get(sessionContext).id,
  });
  const noStore = { "Cache-Control": "no-store" };
  switch (outcome.status) {
    case "sent":
    case "ignored":
      return Response.json({}, { headers: noStore });
    case "invalid":
      return Response.json(outcome.errors, { status: 400, headers: noStore });
    case "unstored":
      return Response.json(outcome.errors, { status: 507, headers: noStore });
    case "limited":
      return Response.json(outcome.errors, { status: 429, headers: { ...noStore, "Retry-After": String(outcome.retryAfter) } });
  }
}
