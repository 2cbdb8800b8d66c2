// Sending a buyer to the payment gateway from a route (checkout, the order page): the return
// address is built from PUBLIC_URL, never from the request, and a gateway that cannot be reached
// is logged and answered with null, so the route can show the order with «Оплатить» instead of an error.
import type { Services } from "../../context.ts";
import { PaymentProviderError } from "./payment-types.ts";
import { startOnlinePayment } from "./payments.server.ts";

/** The gateway page where the order is paid; null when it is already paid, unknown or the gateway failed. */
export async function startPaymentPage(services: Services, orderNumber: string): Promise<string | null> {
  const { db, payments, logger, publicUrl, receiptVatCode } = services;
  if (!payments) return null;
  try {
    const started = await startOnlinePayment(db, payments, {
      orderNumber,
      returnUrl: `${publicUrl}/order/${orderNumber}/`,
      vatCode: receiptVatCode,
    });
    return started && "confirmationUrl" in started ? started.confirmationUrl : null;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger.error({ orderNumber, code: error.code, status: error.httpStatus, reason: error.message }, "online payment could not be started");
    return null;
  }
}
