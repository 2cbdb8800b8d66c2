// A visitor's review as the product page's form posts it (consent ticked, the current consent text).
import { CURRENT_REVIEW_CONSENT } from "../../app/lib/consent.ts";

/** the review form's fields; `over` replaces any of them */
export const reviewForm = (over: Record<string, string> = {}): Record<string, string> => ({
  name: "Анна",
  rating: "5",
  text: "Хороший диван, удобный и мягкий.",
  consent: "on",
  consent_version: CURRENT_REVIEW_CONSENT,
  ...over,
});

/** posts the review form of `slug` to the app at `url` as a plain HTML form (no redirect followed) */
export const postReview = (url: string, slug: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/product/${slug}/reviews/`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(reviewForm()),
  });
