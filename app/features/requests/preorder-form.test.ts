import { describe, expect, it } from "vitest";
import { CURRENT_CONSENT_VERSION } from "../../lib/consent.ts";
import { FIELD_MESSAGES } from "../../lib/form-fields.ts";
import { parsePreorder, parseStockNotice, PREORDER_MESSAGES } from "./preorder-form.ts";

const good = {
  name: "Анна",
  phone: "8 916 123 45 67",
  email: "",
  consent: "on",
  consentVersion: CURRENT_CONSENT_VERSION,
  idempotencyKey: "a".repeat(24),
};

describe("pre-order form", () => {
  it("normalises the phone and takes one piece when no quantity is given", () => {
    const r = parsePreorder(good);
    expect(r.ok && r.data).toMatchObject({ phone: "+7 (916) 123-45-67", qty: 1, email: "" });
  });

  it("puts each mistake under its field", () => {
    const r = parsePreorder({ ...good, phone: "12", qty: "0", email: "nope", consent: "" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.phone).toBe(FIELD_MESSAGES.phone);
    expect(r.errors.qty).toBe(PREORDER_MESSAGES.qty);
    expect(r.errors.email).toBe(FIELD_MESSAGES.emailOptional);
    expect(r.errors.consent).toBe(FIELD_MESSAGES.consent);
  });

  it("refuses a quantity that is not a whole number", () => {
    expect(parsePreorder({ ...good, qty: "1.5" }).ok).toBe(false);
    expect(parsePreorder({ ...good, qty: "два" }).ok).toBe(false);
  });
});

describe("«Сообщить о поступлении» form", () => {
  it("lower-cases the address", () => {
    const r = parseStockNotice({ email: " Anna@Example.RU ", consent: "on", consentVersion: CURRENT_CONSENT_VERSION });
    expect(r.ok && r.data.email).toBe("anna@example.ru");
  });

  it("says what is wrong with a bad address", () => {
    const r = parseStockNotice({ email: "anna@", consent: "on", consentVersion: CURRENT_CONSENT_VERSION });
    expect(!r.ok && r.errors.email).toBe(FIELD_MESSAGES.email);
  });
});
