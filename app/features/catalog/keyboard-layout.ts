// Text typed with the wrong keyboard layout: «lbdfy» is «диван» typed on the same keys with the
// English layout on, «Ащкьф» is «Forma» typed with the Russian one. The two standard layouts
// (QWERTY and ЙЦУКЕН) put the 33 Russian letters on the same keys as these 33 characters.
const LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>~";
const CYRILLIC = "йцукенгшщзхъфывапролджэячсмитьбюёЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ";

const toCyrillic = new Map(Array.from(LATIN, (ch, i) => [ch, CYRILLIC[i]!]));
const toLatin = new Map(Array.from(CYRILLIC, (ch, i) => [ch, LATIN[i]!]));

const convert = (text: string, table: Map<string, string>) => Array.from(text, (ch) => table.get(ch) ?? ch).join("");

/** What the same keys give with the Russian layout: «lbdfy» → «диван», «[jkjl» → «холод». */
export function latinToCyrillic(text: string): string {
  return convert(text, toCyrillic);
}

/** What the same keys give with the English layout: «ащкьф» → «forma». */
export function cyrillicToLatin(text: string): string {
  return convert(text, toLatin);
}

/**
 * The text as if typed with the other layout, when it is written in one alphabet only (Latin or
 * Cyrillic letters, with the punctuation keys that are letters in the other layout); null for
 * mixed text or text without letters, where a switch of layout cannot be what happened.
 */
export function switchLayout(text: string): string | null {
  const latin = /[a-z]/i.test(text);
  const cyrillic = /[а-яё]/i.test(text);
  if (latin === cyrillic) return null;
  return latin ? latinToCyrillic(text) : cyrillicToLatin(text);
}
