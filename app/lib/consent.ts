// Every personal-data consent the shop asks for, in one registry. Each wording gets a version; the
// consent log and the reviews store the version the visitor saw (a hidden field), so changing a
// text means adding a new entry here, never editing an old one
// (docs/decisions/010-forms-and-consent-log.md, 030-reviews-and-ratings.md).

/** Requests, orders and accounts: the shop answers and fulfils. */
export const CONSENT_TEXTS = {
  "2026-10-01": "Я даю согласие на обработку персональных данных: имени, телефона и электронной почты — чтобы магазин «Витрина» ответил на моё обращение.",
  // no field names inside the text: a label search for «Телефон» must find the phone field only
  "2026-11-22": "Я даю согласие на обработку персональных данных, чтобы магазин «Витрина» ответил на моё обращение и выполнил заказ.",
} as const satisfies Record<string, string>;

export type ConsentVersion = keyof typeof CONSENT_TEXTS;

export const CURRENT_CONSENT_VERSION: ConsentVersion = "2026-11-22";

export function isConsentVersion(v: unknown): v is ConsentVersion {
  return typeof v === "string" && Object.hasOwn(CONSENT_TEXTS, v);
}

/** Reviews: the shop publishes the name the reviewer gave. */
export const REVIEW_CONSENT_TEXTS = {
  "2026-11-01": "Я даю согласие на обработку персональных данных: имени, которое я указал(а), — чтобы магазин «Витрина» опубликовал мой отзыв.",
} as const satisfies Record<string, string>;

export type ReviewConsentVersion = keyof typeof REVIEW_CONSENT_TEXTS;

export const CURRENT_REVIEW_CONSENT: ReviewConsentVersion = "2026-11-01";

export function isReviewConsentVersion(v: unknown): v is ReviewConsentVersion {
  return typeof v === "string" && Object.hasOwn(REVIEW_CONSENT_TEXTS, v);
}
