// A local stand-in for the ЮKassa API (https://yookassa.ru/developers/api), for tests and local
// trials: ЮKassa is an external service this machine cannot reach, so this is the one place a
// stand-in is right. It follows the documented behaviour our adapter relies on — HTTP Basic auth,
// a required Idempotence-Key (same key + same body → the same object; same key + another body →
// 400), amounts as "1234.50" RUB, the documented error JSON ({type:"error", id, code,
// description, parameter}), payment and refund objects — and stands in for the buyer too: the
// payment's confirmation_url is a page with «Оплатить» and «Отменить» that moves the payment to
// succeeded or canceled, sends the documented notification ({type:"notification", event, object})
// to the configured URL and redirects to the return_url. Never stands in for the shop's own code.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

type Json = Record<string, unknown>;

export interface StandInPayment {
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation?: { type: "redirect"; confirmation_url: string; return_url: string };
  created_at: string;
  captured_at?: string;
  description?: string;
  metadata: Json;
  recipient: { account_id: string; gateway_id: string };
  refundable: boolean;
  refunded_amount?: { value: string; currency: string };
  test: true;
  cancellation_details?: { party: string; reason: string };
  receipt_registration?: "pending" | "succeeded";
  /** what the shop sent as the receipt (not part of ЮKassa's answer; kept for tests to read) */
  receipt?: Json;
}

export interface StandInRefund {
  id: string;
  payment_id: string;
  status: "succeeded";
  created_at: string;
  amount: { value: string; currency: string };
  receipt?: Json;
}

export interface StandInReceipt {
  id: string;
  type: "payment";
  payment_id: string;
  status: "succeeded";
  items: Json[];
  settlements: Json[];
}

export interface NotificationDelivery {
  event: string;
  paymentId: string;
  /** the shop's HTTP answer */
  status: number;
}

export interface YookassaStandIn {
  /** the API base to put into YOOKASSA_API_URL (…/v3) */
  apiUrl: string;
  /** where the buyer's confirmation pages live (the payments' confirmation_url starts with it) */
  origin: string;
  shopId: string;
  secretKey: string;
  /** where «Оплатить» and «Отменить» send their notification (the shop's /payments/yookassa/notify/) */
  notificationUrl: string | null;
  payments: Map<string, StandInPayment>;
  refunds: Map<string, StandInRefund>;
  /** settlement receipts registered with POST /receipts */
  receipts: Map<string, StandInReceipt>;
  /** every notification sent so far, oldest first */
  deliveries: NotificationDelivery[];
  /** the documented notification body for a payment as it is now */
  notificationFor(paymentId: string, event?: string): Json;
  stop(): Promise<void>;
}

const MAX_BODY = 64 * 1024;
const AMOUNT = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;

const kopecks = (value: string) => {
  const [rub, kop = ""] = value.split(".");
  return Number(rub) * 100 + Number(kop.padEnd(2, "0"));
};
const roubles = (k: number) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, "0")}`;

class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly parameter: string | undefined;
  constructor(status: number, code: string, message: string, parameter?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.parameter = parameter;
  }
}

/** A ЮKassa-like payment id: 36 characters, hex groups. */
const newId = () => {
  const h = crypto.randomBytes(16).toString("hex");
  return `${h.slice(0, 8)}-000f-5000-8000-${h.slice(20, 32)}`;
};

function checkAmount(value: unknown, parameter: string): { value: string; currency: string } {
  const a = value as { value?: unknown; currency?: unknown } | undefined;
  if (!a || typeof a.value !== "string" || !AMOUNT.test(a.value)) throw new ApiError(400, "invalid_request", "Invalid amount value", `${parameter}.value`);
  if (a.currency !== "RUB") throw new ApiError(400, "invalid_request", "Unsupported currency", `${parameter}.currency`);
  if (kopecks(a.value) <= 0) throw new ApiError(400, "invalid_request", "Amount must be greater than zero", `${parameter}.value`);
  return { value: a.value, currency: a.currency };
}

/** The documented receipt rules our shop relies on: a customer contact and items adding up to the amount. */
function checkReceipt(receipt: unknown, amount: string): Json {
  const r = receipt as { customer?: { email?: unknown; phone?: unknown }; items?: unknown } | undefined;
  if (!r || typeof r !== "object") throw new ApiError(400, "invalid_request", "Receipt is missing or illegal", "receipt");
  if (!r.customer || (typeof r.customer.email !== "string" && typeof r.customer.phone !== "string"))
    throw new ApiError(400, "invalid_request", "Receipt customer email or phone is required", "receipt.customer");
  if (!Array.isArray(r.items) || r.items.length === 0 || r.items.length > 100)
    throw new ApiError(400, "invalid_request", "Receipt items are missing", "receipt.items");
  let sum = 0;
  r.items.forEach((raw, i) => {
    const item = raw as Json;
    const at = `receipt.items[${i}]`;
    if (typeof item.description !== "string" || !item.description || Array.from(item.description).length > 128)
      throw new ApiError(400, "invalid_request", "Item description is illegal", `${at}.description`);
    const qty = Number(item.quantity);
    if (!(qty > 0)) throw new ApiError(400, "invalid_request", "Item quantity is illegal", `${at}.quantity`);
    const price = checkAmount(item.amount, `${at}.amount`);
    if (!Number.isInteger(item.vat_code) || (item.vat_code as number) < 1 || (item.vat_code as number) > 12)
      throw new ApiError(400, "invalid_request", "Item vat_code is illegal", `${at}.vat_code`);
    if (typeof item.payment_subject !== "string") throw new ApiError(400, "invalid_request", "Item payment_subject is illegal", `${at}.payment_subject`);
    if (typeof item.payment_mode !== "string") throw new ApiError(400, "invalid_request", "Item payment_mode is illegal", `${at}.payment_mode`);
    sum += Math.round(kopecks(price.value) * qty);
  });
  if (sum !== kopecks(amount)) throw new ApiError(400, "invalid_request", "Sum of receipt items does not match the payment amount", "receipt");
  return r as Json;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > MAX_BODY) throw new ApiError(400, "invalid_request", "Request body is too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startYookassaStandIn(
  options: { shopId?: string; secretKey?: string; notificationUrl?: string | null; port?: number } = {},
): Promise<YookassaStandIn> {
  const shopId = options.shopId ?? "100500";
  const secretKey = options.secretKey ?? "test_stand_in_secret_key";
  const payments = new Map<string, StandInPayment>();
  const refunds = new Map<string, StandInRefund>();
  const receipts = new Map<string, StandInReceipt>();
  /** Idempotence-Key → the request body it was first used with and the answer given */
  const idempotence = new Map<string, { body: string; status: number; answer: Json }>();
  const deliveries: NotificationDelivery[] = [];
  const expectedAuth = "Basic " + Buffer.from(`${shopId}:${secretKey}`).toString("base64");
  let origin = "";

  const notificationFor = (paymentId: string, event?: string): Json => {
    const p = payments.get(paymentId);
    if (!p) throw new Error(`the stand-in has no payment ${paymentId}`);
    const { receipt: _receipt, ...object } = p;
    void _receipt;
    return { type: "notification", event: event ?? `payment.${p.status}`, object };
  };

  async function notify(paymentId: string): Promise<void> {
    if (!standIn.notificationUrl) return;
    const body = notificationFor(paymentId);
    const res = await fetch(standIn.notificationUrl, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    await res.arrayBuffer();
    deliveries.push({ event: String(body.event), paymentId, status: res.status });
  }

  const paymentAnswer = (p: StandInPayment): Json => {
    const { receipt: _receipt, ...rest } = p;
    void _receipt;
    return rest;
  };

  function createPayment(body: Json): Json {
    const amount = checkAmount(body.amount, "amount");
    const confirmation = body.confirmation as { type?: unknown; return_url?: unknown } | undefined;
    if (!confirmation || confirmation.type !== "redirect") throw new ApiError(400, "invalid_request", "Confirmation type is illegal", "confirmation.type");
    if (typeof confirmation.return_url !== "string" || !/^https?:\/\//.test(confirmation.return_url))
      throw new ApiError(400, "invalid_request", "Return URL is illegal", "confirmation.return_url");
    if (body.description !== undefined && (typeof body.description !== "string" || Array.from(body.description).length > 128))
      throw new ApiError(400, "invalid_request", "Description is too long", "description");
    if (body.metadata !== undefined && (typeof body.metadata !== "object" || body.metadata === null || Array.isArray(body.metadata)))
      throw new ApiError(400, "invalid_request", "Metadata is illegal", "metadata");
    const receipt = checkReceipt(body.receipt, amount.value);
    const id = newId();
    const payment: StandInPayment = {
      id,
      status: "pending",
      paid: false,
      amount,
      confirmation: { type: "redirect", confirmation_url: `${origin}/checkout/payments/${id}/`, return_url: confirmation.return_url },
      created_at: new Date().toISOString(),
      description: body.description as string | undefined,
      metadata: (body.metadata as Json | undefined) ?? {},
      recipient: { account_id: shopId, gateway_id: "100700" },
      refundable: false,
      test: true,
      receipt,
    };
    payments.set(id, payment);
    return paymentAnswer(payment);
  }

  function createRefund(body: Json): Json {
    const paymentId = body.payment_id;
    if (typeof paymentId !== "string") throw new ApiError(400, "invalid_request", "Payment id is required", "payment_id");
    const amount = checkAmount(body.amount, "amount");
    const payment = payments.get(paymentId);
    if (!payment) throw new ApiError(404, "not_found", "Payment not found", "payment_id");
    if (payment.status !== "succeeded") throw new ApiError(400, "invalid_request", "Payment is not succeeded", "payment_id");
    const refunded = payment.refunded_amount ? kopecks(payment.refunded_amount.value) : 0;
    if (refunded + kopecks(amount.value) > kopecks(payment.amount.value))
      throw new ApiError(400, "invalid_request", "Refund amount exceeds the payment amount", "amount");
    // the refund receipt, when sent, must add up to the refund's amount, as ЮKassa checks
    const receipt = body.receipt === undefined ? undefined : checkReceipt(body.receipt, amount.value);
    const refund: StandInRefund = { id: newId(), payment_id: paymentId, status: "succeeded", created_at: new Date().toISOString(), amount, receipt };
    refunds.set(refund.id, refund);
    payment.refunded_amount = { value: roubles(refunded + kopecks(amount.value)), currency: "RUB" };
    payment.refundable = kopecks(payment.refunded_amount.value) < kopecks(payment.amount.value);
    const { receipt: _receipt, ...answer } = refund;
    void _receipt;
    return answer;
  }

  /** A settlement receipt («полный расчёт») of a succeeded payment: items settled by a prepayment of the same sum. */
  function createReceipt(body: Json): Json {
    if (body.type !== "payment") throw new ApiError(400, "invalid_request", "Receipt type is illegal", "type");
    const payment = typeof body.payment_id === "string" ? payments.get(body.payment_id) : undefined;
    if (!payment) throw new ApiError(400, "invalid_request", "Payment not found", "payment_id");
    if (payment.status !== "succeeded") throw new ApiError(400, "invalid_request", "Payment is not succeeded", "payment_id");
    const settlements = body.settlements;
    if (!Array.isArray(settlements) || settlements.length === 0) throw new ApiError(400, "invalid_request", "Settlements are required", "settlements");
    let settled = 0;
    settlements.forEach((raw, i) => {
      const s = raw as Json;
      if (s.type !== "prepayment" && s.type !== "cashless") throw new ApiError(400, "invalid_request", "Settlement type is illegal", `settlements[${i}].type`);
      settled += kopecks(checkAmount(s.amount, `settlements[${i}].amount`).value);
    });
    const receipt = checkReceipt(body, roubles(settled));
    const receiptObject: StandInReceipt = {
      id: newId(),
      type: "payment",
      payment_id: payment.id,
      status: "succeeded",
      items: receipt.items as Json[],
      settlements: settlements as Json[],
    };
    receipts.set(receiptObject.id, receiptObject);
    return { ...receiptObject };
  }

  /** POST with the idempotence rules: a key is required, and a repeat gets the first answer. */
  async function idempotentPost(req: http.IncomingMessage, create: (body: Json) => Json): Promise<{ status: number; answer: Json }> {
    const key = req.headers["idempotence-key"];
    if (typeof key !== "string" || !key) throw new ApiError(400, "invalid_request", "Idempotence key is missing", "Idempotence-Key");
    if (key.length > 64) throw new ApiError(400, "invalid_request", "Idempotence key is too long", "Idempotence-Key");
    if (!String(req.headers["content-type"] ?? "").startsWith("application/json"))
      throw new ApiError(415, "invalid_request", "Content-Type must be application/json");
    const raw = await readBody(req);
    const seen = idempotence.get(key);
    if (seen) {
      if (seen.body !== raw) throw new ApiError(400, "invalid_request", "Idempotence key duplicated with another request body", "Idempotence-Key");
      return seen;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new ApiError(400, "invalid_request", "Request body is not valid JSON");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new ApiError(400, "invalid_request", "Request body must be an object");
    let result: { status: number; answer: Json };
    try {
      result = { status: 200, answer: create(body as Json) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      result = { status: error.status, answer: errorBody(error) };
    }
    idempotence.set(key, { body: raw, ...result });
    return result;
  }

  const errorBody = (e: ApiError): Json => ({
    type: "error",
    id: crypto.randomUUID(),
    code: e.code,
    description: e.message,
    ...(e.parameter ? { parameter: e.parameter } : {}),
  });

  function confirmationPage(p: StandInPayment): string {
    const done = p.status !== "pending";
    return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"><title>Оплата — ЮKassa (тестовый стенд)</title></head>
<body><main><h1>Оплата заказа</h1><p>${escapeHtml(p.description ?? "")}</p><p>К оплате: ${escapeHtml(p.amount.value)} ₽</p>
${
  done
    ? `<p>Платёж ${p.status === "succeeded" ? "уже оплачен" : "отменён"}.</p>`
    : `<form method="post" action="/checkout/payments/${p.id}/pay"><button type="submit">Оплатить</button></form>
<form method="post" action="/checkout/payments/${p.id}/cancel"><button type="submit">Отменить</button></form>`
}</main></body></html>`;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", origin);
    const send = (status: number, answer: Json) => {
      res.writeHead(status, { "Content-Type": "application/json;charset=UTF-8" });
      res.end(JSON.stringify(answer));
    };
    try {
      const page = /^\/checkout\/payments\/([0-9a-f-]{36})\/(?:(pay|cancel))?$/.exec(url.pathname);
      if (page) {
        const p = payments.get(page[1]!);
        if (!p) {
          res.writeHead(404, { "Content-Type": "text/plain;charset=utf-8" }).end("Платёж не найден");
          return;
        }
        if (req.method === "GET" && !page[2]) {
          res.writeHead(200, { "Content-Type": "text/html;charset=utf-8" }).end(confirmationPage(p));
          return;
        }
        if (req.method === "POST" && page[2]) {
          await readBody(req);
          if (p.status === "pending") {
            if (page[2] === "pay")
              Object.assign(p, { status: "succeeded", paid: true, captured_at: new Date().toISOString(), refundable: true, receipt_registration: "succeeded" });
            else Object.assign(p, { status: "canceled", cancellation_details: { party: "yoo_money", reason: "expired_on_confirmation" } });
            await notify(p.id);
          }
          res.writeHead(303, { Location: p.confirmation!.return_url }).end();
          return;
        }
        res.writeHead(405).end();
        return;
      }
      if (!url.pathname.startsWith("/v3/")) throw new ApiError(404, "not_found", "Not found");
      if (req.headers.authorization !== expectedAuth) throw new ApiError(401, "invalid_credentials", "Login or password is incorrect");
      const path = url.pathname.slice(3).replace(/\/$/, "");
      const one = /^\/(payments|refunds)\/([^/]+)$/.exec(path);
      if (req.method === "POST" && path === "/payments") {
        const r = await idempotentPost(req, createPayment);
        return send(r.status, r.answer);
      }
      if (req.method === "POST" && path === "/refunds") {
        const r = await idempotentPost(req, createRefund);
        return send(r.status, r.answer);
      }
      if (req.method === "POST" && path === "/receipts") {
        const r = await idempotentPost(req, createReceipt);
        return send(r.status, r.answer);
      }
      if (req.method === "GET" && one) {
        const found = one[1] === "payments" ? payments.get(one[2]!) : refunds.get(one[2]!);
        if (!found) throw new ApiError(404, "not_found", `${one[1] === "payments" ? "Payment" : "Refund"} not found`);
        if (one[1] === "payments") return send(200, paymentAnswer(found as StandInPayment));
        const { receipt: _receipt, ...refund } = found as StandInRefund;
        void _receipt;
        return send(200, refund);
      }
      if (one || path === "/payments" || path === "/refunds") throw new ApiError(405, "invalid_request", "Method not allowed");
      throw new ApiError(404, "not_found", "Not found");
    } catch (error) {
      if (error instanceof ApiError) return send(error.status, errorBody(error));
      send(500, { type: "error", id: crypto.randomUUID(), code: "internal_server_error", description: String(error) });
    }
  }

  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn: YookassaStandIn = {
    apiUrl: `${origin}/v3`,
    origin,
    shopId,
    secretKey,
    notificationUrl: options.notificationUrl ?? null,
    payments,
    refunds,
    receipts,
    deliveries,
    notificationFor,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
