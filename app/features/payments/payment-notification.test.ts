import { describe, expect, it } from "vitest";
import { parsePaymentNotification } from "./payment-notification.ts";

const bytes = (v: unknown) => new TextEncoder().encode(typeof v === "string" ? v : JSON.stringify(v));
const payment = { id: "2ff0a8d9-000f-5000-8000-1c2d3e4f5a6b", status: "succeeded", paid: true, amount: { value: "1.00", currency: "RUB" } };

describe("ЮKassa notifications", () => {
  it("takes only the event and the payment id from a payment notification", () => {
    expect(parsePaymentNotification(bytes({ type: "notification", event: "payment.succeeded", object: payment }))).toEqual({
      kind: "payment",
      event: "payment.succeeded",
      paymentId: payment.id,
    });
    expect(parsePaymentNotification(bytes({ type: "notification", event: "payment.canceled", object: { ...payment, status: "canceled" } }))).toMatchObject({
      kind: "payment",
      paymentId: payment.id,
    });
  });
  it("recognises notifications about other objects as nothing to do", () => {
    expect(parsePaymentNotification(bytes({ type: "notification", event: "refund.succeeded", object: { id: "abc-1" } }))).toEqual({
      kind: "other",
      event: "refund.succeeded",
    });
  });
  it("refuses what is not the documented notification", () => {
    for (const bad of [
      "",
      "not json",
      "[]",
      "null",
      { type: "payment", event: "payment.succeeded", object: payment },
      { type: "notification", event: "payment.succeeded" },
      { type: "notification", event: "payment.succeeded", object: { id: "../../refunds" } },
      { type: "notification", event: "<script>", object: payment },
      { type: "notification", event: "payment.succeeded", object: { id: 42 } },
    ]) {
      expect(parsePaymentNotification(bytes(bad))).toBeNull();
    }
    expect(parsePaymentNotification(new Uint8Array([0xff, 0xfe, 0x7b]))).toBeNull();
  });
});
