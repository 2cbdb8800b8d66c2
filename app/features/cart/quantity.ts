// Cart quantities as the server reads them (the quantity box itself is React Aria's NumberField).
/** Largest quantity a cart request may ask for; more is a malformed request (422). */
export const MAX_CART_QTY = 999;

/**
 * A requested cart quantity, strictly: a JSON integer or a string of digits and nothing else,
 * from 0 (remove the line) to MAX_CART_QTY; null for anything else («0x10», «1e1», «1.5», «-0»,
 * -0, «», « 3», true, null, arrays, objects, negatives, too large).
 */
export function parseCartQuantity(raw: unknown): number | null {
  let n: number;
  if (typeof raw === "number") {
    if (!Number.isInteger(raw) || Object.is(raw, -0)) return null;
    n = raw;
  } else if (typeof raw === "string") {
    if (!/^\d{1,4}$/.test(raw)) return null;
    n = Number(raw);
  } else {
    return null;
  }
  return n >= 0 && n <= MAX_CART_QTY ? n : null;
}
