// The rules of number-only fields, shared by the widget and its tests.
/** Keeps digits only, cuts to maxLength symbols, clamps to max. */
export function clampDigits(raw: string, limits: { max?: number; maxLength?: number } = {}): string {
  let digits = raw.replace(/\D/g, "");
  if (limits.maxLength !== undefined) digits = digits.slice(0, limits.maxLength);
  if (limits.max !== undefined && digits !== "" && Number(digits) > limits.max) digits = String(limits.max);
  return digits;
}

/** A whole number from a query or form value, within [min, max]; fallback when absent or bad. */
export function intInRange(raw: string | null | undefined, min: number, max: number, fallback: number): number {
  if (raw == null || !/^\d{1,9}$/.test(raw.trim())) return fallback;
  return Math.min(max, Math.max(min, Number(raw.trim())));
}
