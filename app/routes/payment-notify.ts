import type { Route } from "./+types/payment-notify";
import { servicesContext } from "../context.ts";
import { UploadError } from "../lib/upload-error.ts";
import { PaymentProviderError, type ProviderPayment, NOTIFICATION_MAX_BYTES, parsePaymentNotification } from "../features/payments/index.ts";
import { applyProviderPayment, isShopPayment } from "../features/payments/index.server.ts";
import { readLimitedBody } from "../http/request-body.server.ts";

const answer = (status: number) => new Response(null, { status });

/**
 * `POST /payments/yookassa/notify/` — ЮKassa's server tells us a payment changed. The body is
 * not trusted (anyone can post one): only its payment id is taken, the payment is read again from
 * the API and that answer is applied. 200 tells ЮKassa we are done with it (also for ids we
 * never made, wrong amounts and repeats: there is nothing to retry); 400 is garbage; 503 asks it
 * to retry later, when the API itself could not be read.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, payments, logger, meter } = context.get(servicesContext);
  if (!payments) return answer(404);
  let body: Uint8Array;
  try {
    body = await readLimitedBody(request, NOTIFICATION_MAX_BYTES, "notification too large");
  } catch (error) {
    if (error instanceof UploadError) {
      logger.warn({ bytes: request.headers.get("content-length") }, "payment notification refused: too large");
      return answer(413);
    }
    throw error;
  }
  const notification = parsePaymentNotification(body);
  if (!notification) {
    logger.warn({ bytes: body.byteLength }, "payment notification refused: not a ЮKassa notification");
    return answer(400);
  }
  if (notification.kind === "other") {
    logger.info({ event: notification.event }, "payment notification ignored: not about a payment");
    return answer(200);
  }
  // an id we never made is answered without asking the API: forged ids cannot make us call ЮKassa
  if (!(await isShopPayment(db, notification.paymentId))) {
    logger.warn({ event: notification.event, paymentId: notification.paymentId }, "payment notification: not a payment of ours");
    return answer(200);
  }
  let current: ProviderPayment | null;
  try {
    current = await payments.getPayment(notification.paymentId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger.error(
      { paymentId: notification.paymentId, code: error.code, status: error.httpStatus, reason: error.message },
      "payment notification: the API could not be read",
    );
    return answer(error.retryable ? 503 : 500);
  }
  if (!current) {
    logger.warn({ event: notification.event, paymentId: notification.paymentId }, "payment notification: the API does not know this payment");
    return answer(200);
  }
  const outcome = await applyProviderPayment(db, current);
  if (outcome.result === "updated" && (outcome.status === "succeeded" || outcome.status === "canceled")) meter.paymentSettled(outcome.status);
  const facts = { event: notification.event, ...outcome };
  if (outcome.result === "unknown") logger.warn(facts, "payment notification: not a payment of ours");
  else if (outcome.result === "mismatch") logger.error(facts, "payment notification: amount or currency differs from the order's, not applied");
  else logger.info(facts, outcome.result === "updated" ? "payment status applied" : "payment notification: nothing new");
  return answer(200);
}

/** Only ЮKassa's POST belongs here. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
