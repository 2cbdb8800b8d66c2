import { describe, expect, it } from "vitest";
import { CURRENT_CONSENT_VERSION } from "../../lib/consent.ts";
import { FIELD_MESSAGES } from "../../lib/form-fields.ts";
import { oneClickHref, parseOneClick } from "./one-click.ts";

const valid = { name: "Анна", phone: "8 916 123-45-67", consent: "on", consent_version: CURRENT_CONSENT_VERSION };

describe("parseOneClick", () => {
  it("normalises the phone and reads an empty product as the cart", () => {
    const parsed = parseOneClick({ ...valid, product: " " });
    expect(parsed).toEqual({
      ok: true,
      data: { name: "Анна", phone: "+7 (916) 123-45-67", consent: "on", consent_version: CURRENT_CONSENT_VERSION, product: null, v: null },
    });
  });

  it("keeps the chosen variant and reads junk as none", () => {
    const chosen = parseOneClick({ ...valid, product: "divan-oslo", v: "42" });
    expect(chosen.ok && chosen.data.v).toBe(42);
    const junk = parseOneClick({ ...valid, product: "divan-oslo", v: "4x" });
    expect(junk.ok && junk.data.v).toBeNull();
  });

  it("keeps a named product", () => {
    const parsed = parseOneClick({ ...valid, product: "divan-oslo" });
    expect(parsed.ok && parsed.data.product).toBe("divan-oslo");
  });

  it("refuses a phone that is not Russian, an empty name and a missing consent, each under its field", () => {
    const parsed = parseOneClick({ name: " ", phone: "+44 20 7946 0958", consent_version: CURRENT_CONSENT_VERSION });
    expect(parsed).toEqual({ ok: false, errors: { name: FIELD_MESSAGES.name, phone: FIELD_MESSAGES.phone, consent: FIELD_MESSAGES.consent } });
  });
});

describe("oneClickHref", () => {
  it("names the product in the query and leaves it out for the cart", () => {
    expect(oneClickHref("стул 1")).toBe("/buy/one-click/?product=%D1%81%D1%82%D1%83%D0%BB%201");
    expect(oneClickHref()).toBe("/buy/one-click/");
  });
});
