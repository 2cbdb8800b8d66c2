// A posted «Купить в 1 клик» form, for both its answers: the plain page (303 to the order or the
// page again with 4xx) and the dialog's JSON endpoint. The body is bounded; a broken one is a
// message for the visitor, never a 500.
import type { Services, SessionHandle } from "../../context.ts";
import { cartOwner } from "../cart/index.server.ts";
import { UploadError } from "../../lib/upload-error.ts";
import { placeOneClickOrder } from "./one-click-orders.server.ts";
import { notifyAboutOrder, OrderError, PLACED_ORDER_KEY } from "../orders/index.server.ts";
import { formValues, HONEYPOT_FIELD, type FieldErrors } from "../../lib/form-fields.ts";
import { NOTHING_TO_ORDER_MESSAGE, ONE_CLICK_RATE_LIMIT_MESSAGE, parseOneClick } from "./one-click.ts";
import { parseFormBody, readLimitedBody } from "../../http/request-body.server.ts";

/** name, phone and a few hidden fields: anything near this is not a person typing */
const BODY_MAX_BYTES = 16 * 1024;
const TOO_LARGE_MESSAGE = "Форма слишком большая. Обновите страницу и попробуйте ещё раз.";

export type OneClickPostAnswer =
  { ok: true; number: string } | { ok: false; status: number; errors: FieldErrors; values: Record<string, string>; retryAfter?: number };

export async function postOneClick(
  services: Pick<Services, "db" | "rateLimiter" | "mailer" | "logger" | "meter">,
  session: SessionHandle,
  clientAddress: string,
  request: Request,
): Promise<OneClickPostAnswer> {
  let values: Record<string, string> = {};
  const refuse = (status: number, errors: FieldErrors, retryAfter?: number): OneClickPostAnswer => ({ ok: false, status, errors, values, retryAfter });
  try {
    values = formValues(await parseFormBody(await readLimitedBody(request, BODY_MAX_BYTES, TOO_LARGE_MESSAGE), request.headers.get("content-type")));
  } catch (error) {
    if (error instanceof UploadError) return refuse(error.status, { form: error.message });
    throw error;
  }
  delete values[HONEYPOT_FIELD];
  const parsed = parseOneClick(values);
  if (!parsed.ok) return refuse(422, parsed.errors);
  const input = parsed.data;
  // one product: the order page must be this visitor's, so a visitor without a session gets one;
  // the cart: no session means no cart, and none is made for it
  const owner = input.product ? cartOwner({ id: await session.ensure(), userId: session.userId }) : cartOwner(session);
  if (!owner) return refuse(409, { form: NOTHING_TO_ORDER_MESSAGE });
  const { db, rateLimiter, mailer, logger } = services;
  try {
    const outcome = await placeOneClickOrder(db, rateLimiter, { owner, userId: session.userId, input, clientAddress });
    if (outcome.status === "limited") return refuse(429, { form: ONE_CLICK_RATE_LIMIT_MESSAGE }, outcome.retryAfter);
    const { number } = outcome;
    services.meter.orderPlaced("one-click");
    void notifyAboutOrder(db, mailer, number).catch((err: unknown) => logger.error({ err, number }, "order mail failed"));
    // the order page thanks for it on its first view only
    await session.update({ [PLACED_ORDER_KEY]: number });
    return { ok: true, number };
  } catch (error) {
    if (error instanceof OrderError) return refuse(error.status, { [error.field ?? "form"]: error.message });
    throw error;
  }
}
