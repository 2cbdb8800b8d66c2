import { describe, expect, it } from "vitest";
import { CURRENT_REVIEW_CONSENT } from "../../lib/consent.ts";
import { parseReview } from "./review-form.ts";

const good = { rating: "4", text: "Удобный диван, собрали за час.", name: "Анна", consent: "on", consent_version: CURRENT_REVIEW_CONSENT };

describe("parseReview", () => {
  it("accepts a complete review and trims it", () => {
    expect(parseReview({ ...good, text: "  Удобный диван, собрали за час.  " })).toEqual({
      ok: true,
      value: { rating: 4, text: "Удобный диван, собрали за час.", name: "Анна", consentVersion: CURRENT_REVIEW_CONSENT },
    });
  });
  it("puts a Russian message under every empty field", () => {
    const r = parseReview({});
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      rating: "Оценка не выбрана",
      text: "Напишите отзыв",
      name: "Укажите имя",
      consent: "Подтвердите согласие на обработку персональных данных",
    });
  });
  it("says what is wrong with the rating in Russian: too high, not a number, not chosen", () => {
    const msg = (rating: unknown) => {
      const r = parseReview({ ...good, rating });
      return r.ok ? null : r.errors.rating;
    };
    expect(msg("9")).toBe("Оценка не может быть больше 5");
    expect(msg("abc")).toBe("Оценка должна быть числом");
    expect(msg("")).toBe("Оценка не выбрана");
  });
  it("refuses short text, long names and unknown consent wordings", () => {
    const r = parseReview({ ...good, text: "ok", name: "x".repeat(101), consent_version: "1999-01-01" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.text).toMatch(/не меньше 10/);
    expect(r.errors.name).toMatch(/длиннее/);
    expect(r.errors.consent).toMatch(/Обновите страницу/);
  });
});
