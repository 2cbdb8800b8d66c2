// The numbers merchants send us — 1C's offers.xml and import.xml, the catalogue CSV — read by one
// set of rules (decision 099): a price is a finite decimal with at most two places, above zero and
// at most PRICE_MAX_KOPECKS; a stock is a whole number of pieces up to STOCK_MAX; a weight is
// kilograms up to WEIGHT_MAX_GRAMS. Everything is read from the text, never through a float, so
// «99999999999999999999» or «1e309» cannot turn into 1e22 or Infinity on the way in.

/** 100 000 000 ₽: far above any piece of furniture, far below what an integer column or a sum of lines can hold */
export const PRICE_MAX_KOPECKS = 10_000_000_000;
/** pieces of one product: more is a typo or a unit mix-up (grams, millimetres), not a warehouse */
export const STOCK_MAX = 1_000_000;
/** 10 tonnes: more is not one piece of furniture */
export const WEIGHT_MAX_GRAMS = 10_000_000;
/** a currency rate to the rouble (`Курс`): positive, at most six places */
const RATE_MAX = 100_000;

export type NumberResult = { ok: true; value: number } | { ok: false; error: string };

const ok = (value: number): NumberResult => ({ ok: true, value });
const fail = (error: string): NumberResult => ({ ok: false, error });

const SPACES = /[\s\u00a0\u202f]/g;

interface Decimal {
  negative: boolean;
  /** the whole part, leading zeros removed ("" for zero) */
  whole: string;
  /** the places after the point, trailing zeros removed */
  places: string;
}

/** «12 990,50», «-3», «3.000» → its parts; null when it is not a plain decimal (text, «1e309», «1,2,3») */
function readDecimal(raw: string): Decimal | null {
  const m = /^([+-]?)(\d+)(?:[.,](\d*))?$/.exec(raw.replace(SPACES, ""));
  if (!m) return null;
  return { negative: m[1] === "-", whole: m[2]!.replace(/^0+/, ""), places: (m[3] ?? "").replace(/0+$/, "") };
}

const quoted = (raw: string) => `«${raw.trim().slice(0, 40)}»`;
const isZero = (d: Decimal) => d.whole === "" && d.places === "";

/**
 * A price in roubles → kopecks: «12 990,50», «12990.5», «12 990 ₽». Refused (a Russian reason
 * naming `label`): empty, not a number, negative, zero, more than two places, above 100 000 000 ₽.
 */
export function parsePrice(raw: string, label = "Цена"): NumberResult {
  const text = raw.trim().replace(/(?:₽|руб\.?|р\.?)$/i, "");
  if (text.trim() === "") return fail(`${label} не указана`);
  const d = readDecimal(text);
  if (!d) return fail(`${label}: не число ${quoted(raw)} (пример: 12 990,50)`);
  if (d.negative && !isZero(d)) return fail(`${label} не может быть отрицательной: ${quoted(raw)}`);
  if (d.places.length > 2) return fail(`${label}: больше двух знаков после запятой: ${quoted(raw)}`);
  if (isZero(d)) return fail(`${label} должна быть больше нуля`);
  if (d.whole.length > 9) return fail(`${label} больше 100 000 000 ₽: ${quoted(raw)}`);
  const kopecks = Number(d.whole || "0") * 100 + Number(d.places.padEnd(2, "0"));
  if (kopecks > PRICE_MAX_KOPECKS) return fail(`${label} больше 100 000 000 ₽: ${quoted(raw)}`);
  return ok(kopecks);
}

/**
 * A stock in pieces: a whole number («5», «5.000» as 1C writes quantities) up to STOCK_MAX. A
 * negative one is refused for the CSV; 1C's negative stock (sold ahead of a receipt) reads as 0.
 */
export function parseStock(raw: string, negative: "refuse" | "zero" = "refuse"): NumberResult {
  const d = readDecimal(raw);
  if (!d) return fail(`Остаток — целое число штук, а не ${quoted(raw)}`);
  if (d.places !== "") return fail(`Остаток — целое число штук, а не ${quoted(raw)}`);
  if (d.whole.length > 7 || Number(d.whole || "0") > STOCK_MAX) return fail(`Остаток больше ${STOCK_MAX.toLocaleString("ru-RU")} шт.: ${quoted(raw)}`);
  if (d.negative && !isZero(d)) return negative === "zero" ? ok(0) : fail(`Остаток не может быть отрицательным: ${quoted(raw)}`);
  return ok(Number(d.whole || "0"));
}

/** A weight in kilograms («38,5», «38.500») → whole grams; 0 is «not given» to the caller. */
export function parseWeightKg(raw: string): NumberResult {
  const d = readDecimal(raw);
  if (!d || d.negative) return fail(`Вес — число килограммов, а не ${quoted(raw)}`);
  if (d.whole.length > 5) return fail(`Вес больше ${WEIGHT_MAX_GRAMS / 1000} кг: ${quoted(raw)}`);
  const grams = Math.round(Number(`${d.whole || "0"}.${d.places || "0"}`) * 1000);
  if (grams > WEIGHT_MAX_GRAMS) return fail(`Вес больше ${WEIGHT_MAX_GRAMS / 1000} кг: ${quoted(raw)}`);
  return ok(grams);
}

/** A currency rate to the rouble (1C's `Курс`) in millionths: positive, at most six places. */
export function parseRate(raw: string): NumberResult {
  const d = readDecimal(raw);
  if (!d || d.negative || isZero(d) || d.places.length > 6 || d.whole.length > 6 || Number(`${d.whole || "0"}.${d.places}`) > RATE_MAX)
    return fail(`Курс валюты — положительное число, а не ${quoted(raw)}`);
  return ok(Number(d.whole || "0") * 1_000_000 + Number(d.places.padEnd(6, "0")));
}

/**
 * A price in another currency at `rateMillionths` (parseRate) → kopecks, rounded half up, then
 * held to the same bounds as a rouble price.
 */
export function convertPrice(kopecks: number, rateMillionths: number, label = "Цена"): NumberResult {
  const converted = (BigInt(kopecks) * BigInt(rateMillionths) + 500_000n) / 1_000_000n;
  if (converted <= 0n) return fail(`${label} после пересчёта по курсу меньше копейки`);
  if (converted > BigInt(PRICE_MAX_KOPECKS)) return fail(`${label} после пересчёта по курсу больше 100 000 000 ₽`);
  return ok(Number(converted));
}

const ROUBLES = new Set(["rub", "rur", "руб", "руб.", "рубль", "рубли", "российский рубль", "₽", "643"]);

/** 1C names the rouble «RUB», «руб», «руб.» or by its code 643 (older configurations «RUR»); empty is «not said» */
export function isRoubles(currency: string): boolean {
  const c = currency.trim().toLowerCase();
  return c === "" || ROUBLES.has(c);
}
