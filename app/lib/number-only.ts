// The rules of number-only fields (docs/behaviour.md «Widgets and timing»), as react-imask masks:
// digits only; a numeric maximum clamps the number as it is typed; a symbol maximum cuts the input.
// Leading zeros stay (a code such as 0042 is a digit string, not a number). Shared by the widget,
// the server render and tests.
import IMask from "imask";

export interface DigitLimits {
  max?: number;
  maxLength?: number;
}

export function numberOnlyMask({ max, maxLength }: DigitLimits = {}) {
  if (max === undefined) return { mask: maxLength === undefined ? /^\d*$/ : new RegExp(`^\\d{0,${maxLength}}$`) };
  return {
    mask: Number,
    scale: 0,
    min: 0,
    max,
    // clamp while typing, not only when the field is left
    autofix: true as const,
    thousandsSeparator: "",
    normalizeZeros: false,
    ...(maxLength === undefined ? {} : { validate: (value: string) => value.length <= maxLength }),
  };
}

/** What the field shows for a given text: the mask applied to it (also the server's first value). */
export function clampDigits(raw: string, limits: DigitLimits = {}): string {
  const masked = IMask.createMask(numberOnlyMask(limits));
  masked.resolve(raw);
  return masked.value;
}

/** A whole number from a query or form value, within [min, max]; fallback when absent or bad. */
export function intInRange(raw: string | null | undefined, min: number, max: number, fallback: number): number {
  if (raw == null || !/^\d{1,9}$/.test(raw.trim())) return fallback;
  return Math.min(max, Math.max(min, Number(raw.trim())));
}
