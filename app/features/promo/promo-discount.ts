// The arithmetic of a promo code, in whole kopecks, pure so the cart page can recount it as the
// shopper changes quantities and the server can count the same at checkout. The discount is one
// sum for the eligible lines (percent of their sum, or the fixed amount but never more than they
// cost), then spread over those lines in proportion to their sums by the largest-remainder rule:
// the per-line discounts always add up to the total and no line goes below 0.
import { isOrderable } from "../delivery/index.ts";
import { formatPrice } from "../../lib/format.ts";

export type PromoKind = "percent" | "fixed";

export interface PromoRule {
  kind: PromoKind;
  /** percent (1–100) or kopecks */
  amount: number;
  /** kopecks the cart must come to (its orderable lines) before the code applies */
  minSum: number;
}

export interface PromoLine {
  id: number;
  /** kopecks: unit price × quantity */
  sum: number;
  /** whether the code covers this line's section */
  eligible: boolean;
}

/** A code as the cart page and checkout see it: its rule and the cart lines it covers, or why not. */
export type CartPromo = { code: string; rule: PromoRule; eligible: number[] } | { code: string; error: string };

export type PromoOutcome = { ok: true; total: number; perLine: Record<number, number> } | { ok: false; reason: "min-sum" | "no-lines"; message: string };

export const PROMO_MESSAGES = {
  notFound: "Промокод не найден",
  empty: "Введите промокод",
  off: "Этот промокод больше не действует",
  expired: "Срок действия промокода истёк",
  notYet: (day: string) => `Промокод начнёт действовать ${day}`,
  usedUp: "Промокод больше не действует: его уже использовали максимальное число раз",
  usedByYou: "Вы уже использовали этот промокод максимальное число раз",
  minSum: (kopecks: number) => `Промокод действует для заказа от ${formatPrice(kopecks)}`,
  noLines: "Промокод не действует на товары в вашей корзине",
} as const;

/** What a shopper typed → the stored form: spaces anywhere dropped, upper case (ё stays ё). */
export function normalizePromoCode(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/** Splits `total` kopecks over `weights` in proportion, whole kopecks, adding up exactly. */
export function spreadKopecks(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((s, v) => s + v, 0);
  // the kopecks lost to rounding down go to the largest fractions (earlier lines first on a tie)
  const order = exact.map((v, i) => ({ i, frac: v - Math.floor(v) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** The discount of `rule` on these lines (the orderable ones), or why it does not apply. */
export function promoDiscount(rule: PromoRule, lines: readonly PromoLine[]): PromoOutcome {
  const cartSum = lines.reduce((s, l) => s + l.sum, 0);
  if (cartSum < rule.minSum) return { ok: false, reason: "min-sum", message: PROMO_MESSAGES.minSum(rule.minSum) };
  const eligible = lines.filter((l) => l.eligible && l.sum > 0);
  const eligibleSum = eligible.reduce((s, l) => s + l.sum, 0);
  if (eligibleSum <= 0) return { ok: false, reason: "no-lines", message: PROMO_MESSAGES.noLines };
  const wanted = rule.kind === "percent" ? Math.round((eligibleSum * Math.min(100, Math.max(0, rule.amount))) / 100) : Math.max(0, rule.amount);
  const total = Math.min(wanted, eligibleSum);
  const shares = spreadKopecks(
    total,
    eligible.map((l) => l.sum),
  );
  const perLine: Record<number, number> = {};
  eligible.forEach((l, i) => (perLine[l.id] = shares[i]!));
  return { ok: true, total, perLine };
}

/** The discount a checked code gives cart lines (their orderable ones), the same count on the page and at checkout. */
export function cartPromoDiscount(promo: CartPromo | null, lines: readonly { id: number; price: number; qty: number; inStock: number }[]): PromoOutcome | null {
  if (!promo || "error" in promo) return null;
  const eligible = new Set(promo.eligible);
  return promoDiscount(
    promo.rule,
    lines.filter(isOrderable).map((l) => ({ id: l.id, sum: l.price * l.qty, eligible: eligible.has(l.id) })),
  );
}
