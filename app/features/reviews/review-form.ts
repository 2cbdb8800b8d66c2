// The review form: one schema for the browser (checked before sending) and the server, so both
// put the same Russian message under the same field. Its consent wording is versioned in
// consent.ts with the other forms' (docs/decisions/030-reviews-and-ratings.md).
import { z } from "zod";
import { checkRatingInput } from "../../lib/rating.ts";
import { isReviewConsentVersion, type ReviewConsentVersion } from "../../lib/consent.ts";
import { consentGiven, FIELD_MESSAGES, NAME_MAX, personName } from "../../lib/form-fields.ts";

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 3000;
export const REVIEW_THANKS = "Спасибо, отзыв появится после проверки";

export const REVIEW_FIELDS = ["rating", "text", "name", "consent"] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];
export type ReviewErrors = Partial<Record<ReviewField | "form", string>>;

const reviewSchema = z.object({
  rating: z.unknown().transform((v, ctx) => {
    const r = checkRatingInput(v);
    if (!r.ok) {
      ctx.addIssue({ code: "custom", message: r.message });
      return z.NEVER;
    }
    return r.value;
  }),
  text: z
    .string({ error: "Напишите отзыв" })
    .trim()
    .min(1, "Напишите отзыв")
    .min(REVIEW_TEXT_MIN, `Расскажите чуть подробнее: не меньше ${REVIEW_TEXT_MIN} символов`)
    .max(REVIEW_TEXT_MAX, `Отзыв длиннее ${REVIEW_TEXT_MAX} символов: сократите его`),
  name: personName,
  consent: consentGiven,
  consent_version: z.string({ error: FIELD_MESSAGES.consentVersion }).refine(isReviewConsentVersion, FIELD_MESSAGES.consentVersion),
});

export interface ReviewInput {
  rating: number;
  text: string;
  name: string;
  consentVersion: ReviewConsentVersion;
}

export type ReviewParse = { ok: true; value: ReviewInput } | { ok: false; errors: ReviewErrors };

/** Validates submitted review fields (strings from a form or an object). */
export function parseReview(fields: Record<string, unknown>): ReviewParse {
  const result = reviewSchema.safeParse(fields);
  if (result.success) {
    const v = result.data;
    return { ok: true, value: { rating: v.rating, text: v.text, name: v.name, consentVersion: v.consent_version as ReviewConsentVersion } };
  }
  const errors: ReviewErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    const field = key === "consent_version" ? "consent" : key;
    if (typeof field === "string" && (REVIEW_FIELDS as readonly string[]).includes(field) && !errors[field as ReviewField])
      errors[field as ReviewField] = issue.message;
  }
  if (!Object.keys(errors).length) errors.form = "Проверьте поля формы";
  return { ok: false, errors };
}

/** The typed-in values to show again after an error (never the honeypot). */
export function reviewValues(fields: Record<string, unknown>): { rating: string; text: string; name: string; consent: boolean } {
  const str = (v: unknown) => (typeof v === "string" ? v.slice(0, REVIEW_TEXT_MAX + 100) : "");
  return { rating: str(fields.rating), text: str(fields.text), name: str(fields.name).slice(0, NAME_MAX + 20), consent: fields.consent === "on" };
}
