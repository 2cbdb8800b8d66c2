// The ЮKassa adapter (server/yookassa.ts) against the local stand-in of the documented API.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createYookassaProvider } from "../../../server/yookassa.ts";
import { PaymentProviderError, type PaymentRequest } from "../../../app/features/payments/payment-types.ts";
import { startYookassaStandIn, type YookassaStandIn } from "../../support/yookassa-stand-in.ts";

let standIn: YookassaStandIn;
beforeAll(async () => {
  standIn = await startYookassaStandIn();
});
afterAll(() => standIn.stop());

const provider = () => createYookassaProvider({ shopId: standIn.shopId, secretKey: standIn.secretKey, apiUrl: standIn.apiUrl });

const request = (amount = 1_234_550): PaymentRequest => ({
  amount,
  description: "Заказ № 26-123456",
  returnUrl: "http://vitrina.test/order/26-123456/",
  metadata: { orderNumber: "26-123456" },
  receipt: {
    customer: { email: "anna@example.ru" },
    items: [{ description: "Диван", quantity: 1, unitPrice: amount, vatCode: 1, paymentSubject: "commodity", paymentMode: "full_prepayment" }],
  },
});

/** Completes the buyer's side on the stand-in's confirmation page. */
async function press(confirmationUrl: string, button: "pay" | "cancel") {
  const res = await fetch(new URL(button, confirmationUrl), { method: "POST", redirect: "manual" });
  return res.headers.get("location");
}

describe("the ЮKassa adapter", () => {
  it("creates a pending payment with a confirmation page, amount in roubles and kopecks and the receipt", async () => {
    const p = await provider().createPayment(request(), "key-create-1");
    expect(p).toMatchObject({ status: "pending", amount: 1_234_550, currency: "RUB", metadata: { orderNumber: "26-123456" } });
    expect(p.confirmationUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/payments\//);
    const stored = standIn.payments.get(p.id)!;
    expect(stored.amount).toEqual({ value: "12345.50", currency: "RUB" });
    expect(stored.receipt).toMatchObject({ items: [{ amount: { value: "12345.50", currency: "RUB" }, quantity: "1", vat_code: 1 }] });
  });

  it("gets the same payment back for a repeated Idempotence-Key, and is refused one reused with another body", async () => {
    const first = await provider().createPayment(request(), "key-repeat");
    const again = await provider().createPayment(request(), "key-repeat");
    expect(again.id).toBe(first.id);
    const other = await provider()
      .createPayment(request(500_00), "key-repeat")
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(PaymentProviderError);
    expect(other).toMatchObject({ httpStatus: 400, code: "invalid_request", retryable: false });
  });

  it("reads a payment's status after the buyer pays, and refunds part of it", async () => {
    const p = await provider().createPayment(request(), "key-pay");
    expect(await press(p.confirmationUrl!, "pay")).toBe("http://vitrina.test/order/26-123456/");
    const paid = await provider().getPayment(p.id);
    expect(paid).toMatchObject({ id: p.id, status: "succeeded", amount: 1_234_550, confirmationUrl: null });
    const refund = await provider().createRefund(p.id, 1_000_00, "key-refund", null);
    expect(refund).toMatchObject({ paymentId: p.id, status: "succeeded", amount: 1_000_00 });
    expect(standIn.payments.get(p.id)!.refunded_amount).toEqual({ value: "1000.00", currency: "RUB" });
    const tooMuch = await provider()
      .createRefund(p.id, 1_234_550, "key-refund-2", null)
      .catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ code: "invalid_request", httpStatus: 400 });
  });

  it("answers null for an unknown payment id, without asking for a path the id could bend", async () => {
    expect(await provider().getPayment("2ff0a8d9-000f-5000-8000-1c2d3e4f5a6b")).toBeNull();
    expect(await provider().getPayment("../refunds")).toBeNull();
  });

  it("maps wrong credentials to a typed error that does not carry the secret key", async () => {
    const wrong = createYookassaProvider({ shopId: standIn.shopId, secretKey: "wrong_secret_key_123", apiUrl: standIn.apiUrl });
    const error = await wrong.createPayment(request(), "key-auth").catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "invalid_credentials", httpStatus: 401, retryable: false });
    expect(String((error as Error).message)).not.toContain("wrong_secret_key_123");
  });

  it("gives up on a gateway that does not answer in time or answers too much", async () => {
    const sockets = new Set<Socket>();
    const slow = http.createServer((req, res) => {
      if (req.url?.includes("huge")) {
        res.writeHead(200, { "Content-Type": "application/json" });
        // an endless answer: the adapter must stop reading at its cap
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (res.write(chunk));
        };
        res.on("drain", pump);
        pump();
      }
      // otherwise never answer
    });
    slow.on("connection", (s) => sockets.add(s));
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const timeout = await createYookassaProvider({ shopId: "1", secretKey: "secret_key_1", apiUrl: base, timeoutMs: 300 })
        .getPayment("abc")
        .catch((e: unknown) => e);
      expect(timeout).toMatchObject({ code: "timeout", retryable: true });
      const huge = await createYookassaProvider({ shopId: "1", secretKey: "secret_key_1", apiUrl: `${base}/huge`, timeoutMs: 5_000 })
        .getPayment("abc")
        .catch((e: unknown) => e);
      expect(huge).toMatchObject({ code: "bad_response" });
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});
