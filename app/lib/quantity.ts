// Quantity rules from SPEC 4–5: an integer from the minimum (1 unless given) to the maximum;
// above the maximum is clamped to it; 1 or lower, empty or invalid resets to the minimum.
export function clampQuantity(raw: string | number, max: number, min = 1): number {
  const n = typeof raw === "number" ? raw : Number(String(raw).trim());
  if (!Number.isFinite(n) || !Number.isInteger(n) || n <= min) return min;
  return Math.max(min, Math.min(n, Math.max(min, max)));
}

/** Keys a quantity box accepts: digits and navigation/editing keys (SPEC 5). */
export function isAllowedQuantityKey(key: string, ctrlOrMeta = false): boolean {
  if (ctrlOrMeta) return true; // copy, paste, select all
  return /^\d$/.test(key) || ["Backspace", "Tab", "Delete", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Enter", "F5"].includes(key);
}
