import { describe, expect, it } from "vitest";
import { parseOrderForm } from "./order-admin-form.ts";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("order page forms", () => {
  it("reads a status change with its note and the customer letter", () => {
    expect(parseOrderForm(form({ intent: "status", version: "3", status: "confirmed", note: "ок", notify: "on" }))).toEqual({
      ok: true,
      command: { intent: "status", version: 3, to: "confirmed", note: "ок", notify: true },
    });
  });

  it("refuses a missing version, an unknown status and odd quantities", () => {
    expect(parseOrderForm(form({ intent: "status", status: "confirmed" }))).toMatchObject({ ok: false, field: "version" });
    expect(parseOrderForm(form({ intent: "status", version: "1", status: "toString" }))).toMatchObject({ ok: false, field: "status" });
    for (const qty of ["0", "100", "1.5", "-1", ""]) {
      expect(parseOrderForm(form({ intent: "qty", version: "1", lineId: "4", qty })), qty).toMatchObject({ ok: false, field: "qty" });
    }
    expect(parseOrderForm(form({ intent: "add", version: "1", qty: "1" }))).toMatchObject({ ok: false, field: "product" });
    expect(parseOrderForm(form({ intent: "drop", version: "1" }))).toMatchObject({ ok: false, field: "intent" });
  });

  it("reads line edits and the note", () => {
    expect(parseOrderForm(form({ intent: "remove", version: "2", lineId: "7" }))).toEqual({ ok: true, command: { intent: "remove", version: 2, lineId: 7 } });
    expect(parseOrderForm(form({ intent: "add", version: "2", productId: "15", qty: "2" }))).toEqual({
      ok: true,
      command: { intent: "add", version: 2, productId: 15, qty: 2 },
    });
    expect(parseOrderForm(form({ intent: "note", version: "2", managerNote: "Позвонить" }))).toEqual({
      ok: true,
      command: { intent: "note", version: 2, note: "Позвонить" },
    });
  });

  it("reads the lifting price in roubles and refuses what is not a sum", () => {
    expect(parseOrderForm(form({ intent: "lifting", version: "4", liftingPrice: "2 500,50 ₽" }))).toEqual({
      ok: true,
      command: { intent: "lifting", version: 4, price: 250_050 },
    });
    for (const liftingPrice of ["", "-100", "сто", "1.234"]) {
      expect(parseOrderForm(form({ intent: "lifting", version: "4", liftingPrice })), liftingPrice).toMatchObject({ ok: false, field: "liftingPrice" });
    }
  });
});
