// How the cart and the checkout say that a cart line cannot be ordered as it stands. A line stays
// in the cart when its goods run out meanwhile (the visitor decides what to do with it), but it
// counts nowhere — not in the totals, the header or an order — until it fits the stock (the rule
// is delivery's lineAvailability and isOrderable).
import { formatNumber } from "../../lib/format.ts";
import { lineAvailability, type LineAvailability } from "../delivery/index.ts";

/** The mark on the line: «Нет в наличии», «Осталось 2 шт.»; null when it can be ordered. */
export function availabilityLabel(a: LineAvailability): string | null {
  if (a.state === "out") return "Нет в наличии";
  if (a.state === "short") return `Осталось ${formatNumber(a.left)} шт.`;
  return null;
}

/** Why the line is left out and what to do about it. */
export function availabilityReason(a: LineAvailability, qty: number): string | null {
  if (a.state === "out") return "Товар раскупили, пока он лежал в корзине. Он не входит в итог: удалите его, чтобы оформить заказ.";
  if (a.state === "short")
    return `В корзине ${formatNumber(qty)} шт., а на складе осталось ${formatNumber(a.left)}. Уменьшите количество до ${formatNumber(a.left)}, чтобы оформить заказ; пока позиция не входит в итог.`;
  return null;
}

export interface BlockingLine {
  title: string;
  qty: number;
  inStock: number;
}

/** One line of the checkout's refusal: «Диван «Осло»» — нет в наличии / осталось 2 шт. из 3. */
export function blockingLineText(line: BlockingLine): string {
  const a = lineAvailability(line.qty, line.inStock);
  const why = a.state === "short" ? `осталось ${formatNumber(a.left)} шт. из ${formatNumber(line.qty)}` : "нет в наличии";
  return `«${line.title}» — ${why}`;
}

export const BLOCKED_CHECKOUT_MESSAGE = "Заказ не оформлен: в корзине есть товары, которых сейчас нет в нужном количестве.";
