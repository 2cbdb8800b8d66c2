// Money crosses the gateway boundary as decimal strings («1234.50», ЮKassa's notation); inside the
// shop it is whole kopecks. Converting through strings, never floats, keeps every kopeck.

/** 123450 → "1234.50" */
export function kopecksToAmount(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`not an amount in kopecks: ${kopecks}`);
  const rub = Math.floor(kopecks / 100);
  const kop = kopecks % 100;
  return `${rub}.${String(kop).padStart(2, "0")}`;
}

/** "1234.50", "1234.5" or "1234" → 123450; null for anything else (negative, three decimals, text). */
export function amountToKopecks(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/**
 * A sum staff type in roubles («1 234,50», «1234.5», «1234 ₽») → kopecks; null when it is not
 * a non-negative amount with at most two decimals.
 */
export function parseRoubles(text: string): number | null {
  const clean = text
    .replace(/[\s\u00A0\u202F]/g, "")
    .replace(/(?:₽|руб\.?|р\.?)$/i, "")
    .replace(",", ".");
  return amountToKopecks(clean);
}
