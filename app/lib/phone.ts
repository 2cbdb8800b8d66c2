// Russian phone numbers: one format everywhere («+7 (495) 123-45-67»). Visitors paste numbers
// written as 8…, 7… or +7…, with or without brackets; they all mean the same subscriber.

export const PHONE_PLACEHOLDER = "+7 (___) ___-__-__";
export const PHONE_FORMAT_MESSAGE = "Укажите телефон в формате +7 (XXX) XXX-XX-XX";

/** The ten digits after the country code, or null when the text is not a Russian number. */
export function phoneDigits(raw: string): string | null {
  const digits = raw.replace(/\D/g, "");
  // «+» promises a country code: only +7 followed by ten digits is ours
  if (raw.trim().startsWith("+")) return digits.length === 11 && digits[0] === "7" ? digits.slice(1) : null;
  if (digits.length === 10) return digits;
  if (digits.length === 11 && (digits[0] === "7" || digits[0] === "8")) return digits.slice(1);
  return null;
}

/** Ten digits → «+7 (XXX) XXX-XX-XX». */
export function formatPhoneDigits(ten: string): string {
  return `+7 (${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6, 8)}-${ten.slice(8, 10)}`;
}

/** Any way of writing a Russian number → «+7 (XXX) XXX-XX-XX», or null. */
export function normalizePhone(raw: string): string | null {
  const ten = phoneDigits(raw);
  return ten ? formatPhoneDigits(ten) : null;
}

/**
 * What a paste (or autofill) into the masked field should become: the subscriber digits when the pasted
 * text is a whole number in any of the usual spellings, otherwise the text unchanged (the mask
 * then takes what fits).
 */
export function pastedPhoneDigits(text: string): string {
  return phoneDigits(text) ?? text;
}

/** /phone-codes.json: the operator code (the digits in brackets) must start with one of the prefixes. */
export interface PhoneCodes {
  country: string;
  prefixes: string[];
}
