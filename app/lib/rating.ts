// Star ratings (docs/behaviour.md «Widgets and timing»): a shop rating is shown from 0 to 5 in
// steps of 0.1; a visitor rates in whole stars from 1 to 5. The messages say in Russian what is
// wrong with a rating.
export const RATING_MAX = 5;
export const RATING_MIN_INPUT = 1;

export const RATING_MESSAGES = {
  notSet: "Оценка не выбрана",
  nullValue: "Оценка не может быть пустой",
  notNumber: "Оценка должна быть числом",
  tooHigh: `Оценка не может быть больше ${RATING_MAX}`,
  tooLow: `Оценка не может быть меньше ${RATING_MIN_INPUT}`,
  notWhole: "Выберите целое число звёзд",
} as const;

export type RatingCheck = { ok: true; value: number } | { ok: false; message: string };

/** Checks a submitted star rating (a form value): a whole number from 1 to 5. */
export function checkRatingInput(raw: unknown): RatingCheck {
  if (raw === undefined || raw === "") return { ok: false, message: RATING_MESSAGES.notSet };
  if (raw === null || raw === "null") return { ok: false, message: RATING_MESSAGES.nullValue };
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim().replace(",", ".") : "";
  if (!/^-?\d+(\.\d+)?$/.test(text)) return { ok: false, message: RATING_MESSAGES.notNumber };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, message: RATING_MESSAGES.notNumber };
  if (value > RATING_MAX) return { ok: false, message: RATING_MESSAGES.tooHigh };
  if (value < RATING_MIN_INPUT) return { ok: false, message: RATING_MESSAGES.tooLow };
  if (!Number.isInteger(value)) return { ok: false, message: RATING_MESSAGES.notWhole };
  return { ok: true, value };
}

/** A shown rating: clamped to 0..5 and rounded to one decimal (step 0.1). */
export function displayRating(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(RATING_MAX, Math.max(0, value)) * 10) / 10;
}

/** 4.3 → «4,3» */
export function formatRating(value: number): string {
  return displayRating(value).toFixed(1).replace(".", ",");
}

/** The new average when one more rating joins `count` earlier ones, to one decimal. */
export function addToAverage(average: number, count: number, rating: number): number {
  const n = Math.max(0, count);
  return displayRating((average * n + rating) / (n + 1));
}
