import { describe, expect, it } from "vitest";
import { CURRENT_CONSENT_VERSION } from "../../lib/consent.ts";
import { validateForm } from "./form-schemas.ts";

const consent = { consent: "on", consent_version: CURRENT_CONSENT_VERSION };

describe("callback form schema", () => {
  it("accepts a name, a phone in any usual spelling and a slot", () => {
    const r = validateForm("callback", { name: " Анна ", phone: "8 916 123 45 67", time: "12-14", ...consent });
    expect(r).toEqual({ ok: true, data: { name: "Анна", phone: "+7 (916) 123-45-67", time: "12-14", ...consent } });
  });

  it("names every bad field in Russian", () => {
    const r = validateForm("callback", { name: "", phone: "123", time: "3-4" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      name: "Укажите имя",
      phone: "Укажите телефон в формате +7 (XXX) XXX-XX-XX",
      time: "Выберите удобное время звонка",
      consent: "Подтвердите согласие на обработку персональных данных",
      consent_version: "Обновите страницу: текст согласия изменился",
    });
  });

  it("asks for the phone when it is missing", () => {
    const r = validateForm("callback", { name: "Анна", ...consent });
    expect(r.ok ? null : r.errors).toEqual({ phone: "Укажите телефон в формате +7 (XXX) XXX-XX-XX" });
  });
});

describe("feedback form schema", () => {
  it("treats an empty mask as no phone", () => {
    const r = validateForm("feedback", { name: "Анна", email: "anna@example.ru", phone: "+7 (", message: "Диван пришёл, спасибо!", ...consent });
    expect(r.ok && r.data.phone).toBe("");
  });

  it("checks e-mail, message length and consent", () => {
    const r = validateForm("feedback", { name: "Анна", email: "anna@", phone: "+7 (916) 12", message: "мало", consent_version: CURRENT_CONSENT_VERSION });
    expect(r.ok ? null : r.errors).toEqual({
      email: "Укажите e-mail в формате name@example.ru",
      phone: "Укажите телефон в формате +7 (XXX) XXX-XX-XX",
      message: "Напишите сообщение: не меньше 10 символов",
      consent: "Подтвердите согласие на обработку персональных данных",
    });
  });
});
