// The ЮKassa API (https://yookassa.ru/developers/api) behind the PaymentProvider port: HTTP Basic
// with shopId:secretKey, JSON bodies, an Idempotence-Key on every POST, amounts as "1234.50" RUB.
// Every call has a deadline and reads at most RESPONSE_MAX_BYTES, so a slow or runaway gateway
// cannot hold a request or fill memory. Errors become PaymentProviderError; the secret key never
// reaches a log line or an error message.
import { z } from "zod";
import {
  PaymentProviderError,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderPayment,
  type ProviderRefund,
  type Receipt,
  amountToKopecks,
  kopecksToAmount,
} from "../app/features/payments/index.ts";

export const YOOKASSA_API_URL = "https://api.yookassa.ru/v3";
/** where ЮKassa's confirmation_url pages live (the buyer is redirected there after a form post) */
export const YOOKASSA_PAYMENT_PAGES = "https://yoomoney.ru";
const TIMEOUT_MS = 10_000;
/** a status read sits in the order page's response: shorter, the page shows «waiting» if it fails */
const READ_TIMEOUT_MS = 4_000;
/** a payment object with a full receipt is a few KB; anything far larger is not ЮKassa talking */
const RESPONSE_MAX_BYTES = 256 * 1024;

export interface YookassaSettings {
  shopId: string;
  secretKey: string;
  /** API base without a trailing slash */
  apiUrl: string;
  timeoutMs?: number;
}

const AmountSchema = z.object({ value: z.string(), currency: z.string() });

const PaymentSchema = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(["pending", "waiting_for_capture", "succeeded", "canceled"]),
  amount: AmountSchema,
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().optional() }).partial().optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

const RefundSchema = z.object({
  id: z.string().min(1).max(64),
  payment_id: z.string(),
  status: z.enum(["pending", "succeeded", "canceled"]),
  amount: AmountSchema,
});

const ReceiptSchema = z.object({ id: z.string().min(1).max(64), type: z.string() });

const ErrorSchema = z.object({ type: z.literal("error"), code: z.string(), description: z.string().optional(), parameter: z.string().optional() });

function toPayment(raw: unknown): ProviderPayment {
  const p = PaymentSchema.safeParse(raw);
  const amount = p.success ? amountToKopecks(p.data.amount.value) : null;
  if (!p.success || amount === null) throw new PaymentProviderError("ЮKassa answered with something that is not a payment", "bad_response", 200, true);
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.data.metadata ?? {})) if (typeof v === "string") metadata[k] = v;
  return {
    id: p.data.id,
    status: p.data.status,
    amount,
    currency: p.data.amount.currency,
    confirmationUrl: p.data.status === "pending" ? (p.data.confirmation?.confirmation_url ?? null) : null,
    metadata,
  };
}

function toRefund(raw: unknown): ProviderRefund {
  const r = RefundSchema.safeParse(raw);
  const amount = r.success ? amountToKopecks(r.data.amount.value) : null;
  if (!r.success || amount === null) throw new PaymentProviderError("ЮKassa answered with something that is not a refund", "bad_response", 200, true);
  return { id: r.data.id, paymentId: r.data.payment_id, status: r.data.status, amount };
}

function receiptBody(receipt: Receipt) {
  return {
    customer: receipt.customer,
    items: receipt.items.map((i) => ({
      description: i.description,
      quantity: String(i.quantity),
      amount: { value: kopecksToAmount(i.unitPrice), currency: "RUB" },
      vat_code: i.vatCode,
      payment_subject: i.paymentSubject,
      payment_mode: i.paymentMode,
    })),
  };
}

/** The body as text, refusing to read past `limit` bytes. */
async function readBounded(res: Response, limit: number): Promise<string> {
  const declared = Number(res.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await res.body?.cancel();
    throw new PaymentProviderError(`ЮKassa's answer is larger than ${limit} bytes`, "bad_response", res.status, true);
  }
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new PaymentProviderError(`ЮKassa's answer is larger than ${limit} bytes`, "bad_response", res.status, true);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function createYookassaProvider(settings: YookassaSettings): PaymentProvider {
  const auth = "Basic " + Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString("base64");
  const base = settings.apiUrl.replace(/\/+$/, "");

  /** One API call; resolves with the parsed JSON of a 200, null for a 404 when `missingIsNull`. */
  async function call(method: "GET" | "POST", path: string, body: unknown, idempotenceKey?: string, missingIsNull = false): Promise<unknown> {
    const headers: Record<string, string> = { Authorization: auth, Accept: "application/json" };
    if (method === "POST") {
      headers["Content-Type"] = "application/json";
      headers["Idempotence-Key"] = idempotenceKey!;
    }
    let res: Response;
    try {
      res = await fetch(base + path, {
        method,
        headers,
        body: method === "POST" ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(Math.min(settings.timeoutMs ?? TIMEOUT_MS, method === "GET" ? READ_TIMEOUT_MS : TIMEOUT_MS)),
        redirect: "error",
      });
    } catch (error) {
      const timedOut = (error as Error)?.name === "TimeoutError";
      // only the kind of failure: the request (and its Authorization header) stays out of the message
      throw new PaymentProviderError(
        timedOut ? `ЮKassa did not answer ${method} ${path} in time` : `ЮKassa is unreachable (${method} ${path})`,
        timedOut ? "timeout" : "network",
        null,
        true,
      );
    }
    const text = await readBounded(res, RESPONSE_MAX_BYTES);
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.status === 200) {
      if (json === null) throw new PaymentProviderError(`ЮKassa answered ${method} ${path} with something that is not JSON`, "bad_response", 200, true);
      return json;
    }
    if (res.status === 404 && missingIsNull) return null;
    const err = ErrorSchema.safeParse(json);
    const code = err.success ? err.data.code : `http_${res.status}`;
    const detail = err.success ? [err.data.description, err.data.parameter && `(${err.data.parameter})`].filter(Boolean).join(" ") : "";
    // 5xx and 429 may pass; 202 means «still processing, ask again with the same key»
    const retryable = res.status >= 500 || res.status === 429 || res.status === 202;
    throw new PaymentProviderError(`ЮKassa refused ${method} ${path}: ${res.status} ${code}${detail ? ` — ${detail}` : ""}`, code, res.status, retryable);
  }

  return {
    name: "yookassa",
    async createPayment(request: PaymentRequest, idempotenceKey: string) {
      const json = await call(
        "POST",
        "/payments",
        {
          amount: { value: kopecksToAmount(request.amount), currency: "RUB" },
          capture: true,
          confirmation: { type: "redirect", return_url: request.returnUrl },
          description: request.description.slice(0, 128),
          metadata: request.metadata,
          receipt: receiptBody(request.receipt),
        },
        idempotenceKey,
      );
      return toPayment(json);
    },
    async getPayment(id: string) {
      // the id goes into a path: only the characters ЮKassa's ids have
      if (!/^[0-9A-Za-z-]{1,64}$/.test(id)) return null;
      const json = await call("GET", `/payments/${id}`, undefined, undefined, true);
      return json === null ? null : toPayment(json);
    },
    async createSettlementReceipt(paymentId: string, receipt: Receipt, amount: number, idempotenceKey: string) {
      const json = await call(
        "POST",
        "/receipts",
        {
          ...receiptBody(receipt),
          type: "payment",
          payment_id: paymentId,
          send: true,
          settlements: [{ type: "prepayment", amount: { value: kopecksToAmount(amount), currency: "RUB" } }],
        },
        idempotenceKey,
      );
      const r = ReceiptSchema.safeParse(json);
      if (!r.success) throw new PaymentProviderError("ЮKassa answered with something that is not a receipt", "bad_response", 200, true);
      return { id: r.data.id };
    },
    async createRefund(paymentId: string, amount: number, idempotenceKey: string, receipt: Receipt | null) {
      const json = await call(
        "POST",
        "/refunds",
        { payment_id: paymentId, amount: { value: kopecksToAmount(amount), currency: "RUB" }, ...(receipt ? { receipt: receiptBody(receipt) } : {}) },
        idempotenceKey,
      );
      return toRefund(json);
    },
  };
}
