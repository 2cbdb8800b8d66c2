// Callback and feedback requests in the back office (docs/behaviour.md «Back office»: «Новая»,
// «В работе», «Закрыта»), and how a staff search box's words become LIKE patterns over names,
// e-mails and phones.

export const REQUEST_STATUSES = {
  new: "Новая",
  in_progress: "В работе",
  closed: "Закрыта",
} as const;

export type RequestStatus = keyof typeof REQUEST_STATUSES;

export const isRequestStatus = (value: unknown): value is RequestStatus => typeof value === "string" && Object.hasOwn(REQUEST_STATUSES, value);

/** The Russian name; an unknown code is shown as it is. */
export const requestStatusName = (status: string): string => (isRequestStatus(status) ? REQUEST_STATUSES[status] : status);

export const REQUEST_NOTE_MAX = 2000;

/** the forms a request comes from */
export const REQUEST_TYPES = { callback: "Обратный звонок", feedback: "Обратная связь" } as const;
export type RequestType = keyof typeof REQUEST_TYPES;
export const isRequestType = (v: unknown): v is RequestType => typeof v === "string" && Object.hasOwn(REQUEST_TYPES, v);
/** The Russian name of a request's form. */
export const requestTypeName = (type: string): string => (isRequestType(type) ? REQUEST_TYPES[type] : type);

/** LIKE's own wildcards typed into the box are matched literally (escape character «\»). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Patterns for a staff search: the text as typed, lower-cased and capitalised (SQLite's LIKE folds
 * only Latin letters, so «иван» must also try «Иван»), and, when it holds at least three digits,
 * the digits with anything between them, so «8 900 123» and «+7(900)123» find «+7 (900) 123-45-67».
 */
export function requestSearchPatterns(query: string): { text: string[]; phone: string | null } {
  const q = query.trim().slice(0, 100);
  if (!q) return { text: [], phone: null };
  const lower = q.toLocaleLowerCase("ru");
  const variants = new Set([q, lower, lower.charAt(0).toLocaleUpperCase("ru") + lower.slice(1)]);
  let digits = q.replace(/\D/g, "");
  // a Russian number typed with its trunk prefix: 8 900… is stored as +7 900…
  if (digits.length === 11 && digits.startsWith("8")) digits = digits.slice(1);
  else if (digits.length === 11 && digits.startsWith("7")) digits = digits.slice(1);
  return {
    text: [...variants].map((v) => `%${escapeLike(v)}%`),
    phone: digits.length >= 3 ? `%${digits.split("").join("%")}%` : null,
  };
}
