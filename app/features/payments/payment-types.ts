// What the shop needs from an online payment gateway, as an interface (a port): the domain and the
// routes speak only to this, server/ implements it for ЮKassa (server/yookassa.ts). Another
// gateway is another implementation of the same three calls. Amounts are kopecks everywhere on
// this side; the adapter turns them into the gateway's own notation.
import type { Receipt } from "./payment-receipt.ts";

export type { Receipt } from "./payment-receipt.ts";

/** how the buyer chose to pay */
export type PaymentMethod = "online" | "on_receipt";
/** where an order's online payment stands, as its page tells the buyer */
export type OrderPaymentState = "none" | "pending" | "paid" | "canceled";

export interface OrderPayment {
  method: PaymentMethod;
  state: OrderPaymentState;
  /** the gateway's page for a pending payment */
  confirmationUrl: string | null;
  paidAt: number | null;
}

/** A payment's state as the gateway reports it (ЮKassa's statuses). */
export type ProviderPaymentStatus = "pending" | "waiting_for_capture" | "succeeded" | "canceled";

export interface PaymentRequest {
  /** kopecks, RUB */
  amount: number;
  /** shown to staff in the gateway's cabinet, at most 128 characters */
  description: string;
  /** where the gateway sends the buyer back; built from PUBLIC_URL, never from a request */
  returnUrl: string;
  metadata: Record<string, string>;
  receipt: Receipt;
}

/** A payment as read from the gateway's API (never from a notification body). */
export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  /** kopecks */
  amount: number;
  currency: string;
  /** the gateway's page where the buyer pays; null once there is nothing left to confirm */
  confirmationUrl: string | null;
  metadata: Record<string, string>;
}

export type ProviderRefundStatus = "pending" | "succeeded" | "canceled";

export interface ProviderRefund {
  id: string;
  paymentId: string;
  status: ProviderRefundStatus;
  /** kopecks */
  amount: number;
}

export interface PaymentProvider {
  /** stored with every payment, so a second gateway's rows can be told apart */
  readonly name: string;
  /** Creates a payment; the same key with the same request returns the same payment. */
  createPayment(request: PaymentRequest, idempotenceKey: string): Promise<ProviderPayment>;
  /** The payment as the gateway has it now; null when the gateway does not know the id. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /**
   * Registers the 54-ФЗ settlement receipt («полный расчёт») of a prepaid payment when the goods
   * are handed over: `receipt` lists them with payment mode full_payment, settled by `amount`
   * kopecks of the prepayment. Returns the gateway's receipt id.
   */
  createSettlementReceipt(paymentId: string, receipt: Receipt, amount: number, idempotenceKey: string): Promise<{ id: string }>;
  /** Returns `amount` kopecks of a succeeded payment (all or part of it). */
  createRefund(paymentId: string, amount: number, idempotenceKey: string, receipt: Receipt | null): Promise<ProviderRefund>;
}

/**
 * The gateway refused or could not be reached. `retryable` says whether asking again later may
 * help (timeouts, 5xx, 429) or not (a refused request, bad credentials).
 */
export class PaymentProviderError extends Error {
  readonly httpStatus: number | null;
  /** the gateway's error code (`invalid_request`, `invalid_credentials`, …) or `timeout`/`network`/`bad_response` */
  readonly code: string;
  readonly retryable: boolean;
  constructor(message: string, code: string, httpStatus: number | null, retryable: boolean) {
    super(message);
    this.name = "PaymentProviderError";
    this.code = code;
    this.httpStatus = httpStatus;
    this.retryable = retryable;
  }
}

/** One line a payment sold, with what has gone back of it (decision 101). */
export interface PaidLine {
  /** "line:<order line id>", "delivery" or "lifting" */
  key: string;
  title: string;
  /** units sold */
  qty: number;
  /** units returned (or being returned) so far */
  returned: number;
  /** kopecks of each unit still to return, in the order they go back */
  unitPrices: number[];
  subject: "commodity" | "service" | "another";
}

export interface PaidRefund {
  amount: number;
  status: string;
  at: number;
  /** what it returned: «Кровать × 2», «Доставка», «Компенсация: …» */
  lines: { title: string; qty: number; amount: number }[];
}

/** Units the order no longer has but the payment took money for: the back office offers to return them. */
export interface Overpaid {
  key: string;
  title: string;
  qty: number;
  amount: number;
}

export interface PaidPayment {
  /** kopecks paid online */
  amount: number;
  paidAt: number;
  /** kopecks returned so far */
  refunded: number;
  refunds: PaidRefund[];
  /** the settlement receipt sent on handover; null until then */
  settlementReceiptId: string | null;
  /** what the payment sold; null when that is unknown (paid before it was recorded, and the lines changed since) */
  lines: PaidLine[] | null;
  /** the number the next refund gets: the form carries it, so a double submit makes one refund */
  nextRefund: number;
  /** kopecks paid beyond what the order costs now (paid − refunded − total), 0 if none */
  overpayment: number;
  overpaid: Overpaid[];
}
