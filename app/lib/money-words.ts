// A sum of money in Russian words, as a refund's confirmation spells it out for the manager
// («двенадцать тысяч рублей 00 копеек»): the roubles in words, the kopecks in figures, as on
// Russian payment documents. Integers up to a trillion roubles; no dependency needed for this.

const ONES = [
  ["", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"],
  ["", "одна", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"],
] as const;
const TEENS = ["десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать", "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать"];
const TENS = ["", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят", "восемьдесят", "девяносто"];
const HUNDREDS = ["", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот", "восемьсот", "девятьсот"];

/** The form of a noun after `n`: [1 рубль, 2 рубля, 5 рублей]. */
export function pluralRu(n: number, forms: readonly [string, string, string]): string {
  const tens = n % 100;
  const last = n % 10;
  if (tens >= 11 && tens <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** 0 < n < 1000 in words; `feminine` for тысяча (одна, две). */
function triad(n: number, feminine: boolean): string[] {
  const out: string[] = [HUNDREDS[Math.floor(n / 100)]!];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) out.push(TEENS[rest - 10]!);
  else out.push(TENS[Math.floor(rest / 10)]!, ONES[feminine ? 1 : 0][rest % 10]!);
  return out.filter(Boolean);
}

const SCALES: { size: number; forms: [string, string, string]; feminine: boolean }[] = [
  { size: 1e9, forms: ["миллиард", "миллиарда", "миллиардов"], feminine: false },
  { size: 1e6, forms: ["миллион", "миллиона", "миллионов"], feminine: false },
  { size: 1e3, forms: ["тысяча", "тысячи", "тысяч"], feminine: true },
];

/** 12 000 → «двенадцать тысяч»; 0 → «ноль». */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`cannot spell ${n}`);
  if (n === 0) return "ноль";
  const words: string[] = [];
  let rest = n;
  for (const scale of SCALES) {
    const part = Math.floor(rest / scale.size);
    rest %= scale.size;
    if (part > 0) words.push(...triad(part, scale.feminine), pluralRu(part, scale.forms));
  }
  if (rest > 0) words.push(...triad(rest, false));
  return words.join(" ");
}

/** 1 200 000 kopecks → «двенадцать тысяч рублей 00 копеек». */
export function moneyInWords(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`not an amount in kopecks: ${kopecks}`);
  const roubles = Math.floor(kopecks / 100);
  const kop = kopecks % 100;
  return `${integerInWords(roubles)} ${pluralRu(roubles, ["рубль", "рубля", "рублей"])} ${String(kop).padStart(2, "0")} ${pluralRu(kop, ["копейка", "копейки", "копеек"])}`;
}
