// «Срок поставки под заказ» in the back office's product form: weeks from–to that the
// storefront shows for a product out of stock («Под заказ, 2–4 недели»).

/** what a new product gets until staff type their own */
export const DEFAULT_LEAD_WEEKS = { min: 2, max: 4 } as const;
/** a year: anything longer is a typo, not a lead time */
export const MAX_LEAD_WEEKS = 52;

export const LEAD_MESSAGES = {
  min: `Срок «от» — целое число недель от 1 до ${MAX_LEAD_WEEKS}.`,
  max: `Срок «до» — целое число недель от 1 до ${MAX_LEAD_WEEKS}.`,
  order: "Срок «до» не может быть меньше срока «от».",
} as const;

export type LeadWeeksParse = { ok: true; lead: { min: number; max: number } } | { ok: false; errors: { leadMin?: string; leadMax?: string } };

const weeks = (raw: string): number | null => {
  const text = raw.replace(/[\s\u00a0]/g, "");
  if (!/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_LEAD_WEEKS ? n : null;
};

/** The two fields as typed; each mistake goes under its own field. */
export function parseLeadWeeks(rawMin: string, rawMax: string): LeadWeeksParse {
  const min = weeks(rawMin);
  const max = weeks(rawMax);
  const errors: { leadMin?: string; leadMax?: string } = {};
  if (min === null) errors.leadMin = LEAD_MESSAGES.min;
  if (max === null) errors.leadMax = LEAD_MESSAGES.max;
  else if (min !== null && max < min) errors.leadMax = LEAD_MESSAGES.order;
  return min !== null && max !== null && !errors.leadMax ? { ok: true, lead: { min, max } } : { ok: false, errors };
}
