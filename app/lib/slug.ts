// Latin slugs from Russian titles, in the common "yandex-style" transliteration shoppers
// recognise in addresses: «Угловые диваны» → uglovye-divany, «Освещение» → osveshchenie.

const LETTERS: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  // Latin letters with diacritics that appear in brand and model names
  ä: "a",
  ö: "o",
  ü: "u",
  é: "e",
  è: "e",
  å: "a",
  ł: "l",
  ę: "e",
  ą: "a",
  ó: "o",
  ś: "s",
  ż: "z",
};

export function transliterate(text: string): string {
  let out = "";
  for (const ch of text.toLowerCase()) out += LETTERS[ch] ?? ch;
  return out;
}

/** Lower-case Latin words joined by hyphens; `suffix` (e.g. an id) keeps slugs unique. */
export function slugify(text: string, suffix?: string | number): string {
  const base = transliterate(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 140)
    .replace(/-+$/, "");
  return suffix === undefined ? base : `${base}-${suffix}`;
}
