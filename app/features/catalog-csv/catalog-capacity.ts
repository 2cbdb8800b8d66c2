// How many products this server's heap holds (decision 103). The catalogue's facet and search
// index lives in every instance's heap (decision 005), and after a change the new index is built
// while the old one still serves. Measured (decision 093): at 1 000 000 products the kept index is
// 301 MB and its build peaked at 705 MB of heap in use, so a catalogue costs about 950 bytes a
// product on top of the server's own ~57 MB (decision 062) — which is also what the README's
// «HEAP_MB=1024 for 1 000 000 products» says. A 200 000-product catalogue died at 192 MB
// (decision 098); 100 000 fits (decision 093).

const MB = 1024 * 1024;
/** the server with its build loaded, idle, before any catalogue (decision 062: 57 MB, rounded up) */
const BASE_HEAP_BYTES = 64 * MB;
/** the index kept plus the next one being built, per product (decision 093's 1 000 000 figures) */
export const HEAP_BYTES_PER_PRODUCT = 950;

/** The heap a catalogue of `products` needs, in bytes. */
export function heapNeededFor(products: number): number {
  return BASE_HEAP_BYTES + products * HEAP_BYTES_PER_PRODUCT;
}

/** The HEAP_MB to suggest for `products`: what they need, rounded up to 64 MB. */
export function heapMbFor(products: number): number {
  return Math.ceil(heapNeededFor(products) / (64 * MB)) * 64;
}

/** Null when `products` fit a heap of `limitBytes`; else the Russian refusal naming the HEAP_MB needed. */
export function capacityProblem(products: number, limitBytes: number): string | null {
  if (heapNeededFor(products) <= limitBytes) return null;
  const n = new Intl.NumberFormat("ru-RU").format(products);
  return `Каталог из ${n} товаров не поместится в память сервера: запустите его с HEAP_MB=${heapMbFor(products)} или больше. Ничего не применено.`;
}
