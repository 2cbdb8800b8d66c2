// Reading a ЮKassa notification ({type: "notification", event: "payment.succeeded", object: {…}}).
// Nothing in it is trusted: the only thing taken is the payment id, to ask the API about; the
// status, amount and metadata in the body are ignored, since anyone can post a body.
import { z } from "zod";

/** the notification bodies we accept are a payment object or a refund object; anything past this is not ЮKassa */
export const NOTIFICATION_MAX_BYTES = 32 * 1024;

const NotificationSchema = z.object({
  type: z.literal("notification"),
  event: z.string().regex(/^[a-z_]+\.[a-z_]+$/),
  object: z.object({ id: z.string().regex(/^[0-9A-Za-z-]{1,64}$/) }),
});

export type PaymentNotification =
  /** a payment event: ask the API about this payment */
  | { kind: "payment"; event: string; paymentId: string }
  /** a well-formed notification about something else (a refund, a payout): nothing to do */
  | { kind: "other"; event: string };

/** The notification in `bytes`, or null when it is not one (not UTF-8, not JSON, not the documented shape). */
export function parsePaymentNotification(bytes: Uint8Array): PaymentNotification | null {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  const parsed = NotificationSchema.safeParse(value);
  if (!parsed.success) return null;
  const { event, object } = parsed.data;
  return event.startsWith("payment.") ? { kind: "payment", event, paymentId: object.id } : { kind: "other", event };
}
