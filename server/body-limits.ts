// How many bytes a request body may have, by address. Every body is capped at the edge while it
// streams in (server/request-body.ts), so no route can forget it and no route reads an unbounded
// body into memory: forms 64 KB, cart and comparison 8 KB, uploads and attachments their own caps.
import { FORM_BODY_MAX_BYTES } from "../app/features/requests/index.server.ts";
import { MAX_BODY_BYTES as PROFILE_UPLOAD_MAX_BYTES } from "../app/features/accounts/index.server.ts";
import { FILE_MESSAGES } from "../app/lib/file-checks.ts";
import { CSV_TOO_LARGE, CSV_UPLOAD_MAX_BYTES } from "../app/features/catalog-csv/index.server.ts";
import { PRODUCT_FORM_MAX_BYTES, PRODUCT_FORM_TOO_LARGE } from "../app/features/media/index.server.ts";
import { NEWS_FORM_MAX_BYTES, NEWS_FORM_TOO_LARGE } from "../app/features/content/index.server.ts";
import { EXCHANGE_FILE_LIMIT } from "../app/features/exchange-1c/index.ts";

export const FORM_MAX_BYTES = 64 * 1024;
export const SMALL_API_MAX_BYTES = 8 * 1024;

export interface BodyLimit {
  bytes: number;
  /** what the visitor reads with the 413 */
  message: string;
  /**
   * A cap only signed-in staff get (pictures, CSV files): anyone else posting there gets the
   * default cap, so a stranger cannot make the server buffer 100 MB per request.
   */
  staffOnly?: true;
}

const TOO_LARGE = "Слишком большой запрос: сократите текст и отправьте ещё раз.";
const ATTACHMENTS_TOO_LARGE = "Файлы слишком большие: приложите до трёх изображений по 2 МБ.";

/** [address pattern, cap]; the first match wins. Paths are normalised (see below). */
const LIMITS: readonly (readonly [RegExp, BodyLimit])[] = [
  // the feedback form carries up to three 2 MB images: through the API, and as the no-JS post to /contacts/
  [/^\/forms\/feedback\/$/, { bytes: FORM_BODY_MAX_BYTES, message: ATTACHMENTS_TOO_LARGE }],
  [/^\/contacts\/$/, { bytes: FORM_BODY_MAX_BYTES, message: ATTACHMENTS_TOO_LARGE }],
  [/^\/profile\/file\/add\/$/, { bytes: PROFILE_UPLOAD_MAX_BYTES, message: FILE_MESSAGES.bodyTooLarge }],
  [/^\/admin\/import\/$/, { bytes: CSV_UPLOAD_MAX_BYTES, message: CSV_TOO_LARGE, staffOnly: true }],
  // the product form carries its pictures and video files (decision 077)
  [/^\/admin\/products\/(new|\d{1,9})\/$/, { bytes: PRODUCT_FORM_MAX_BYTES, message: PRODUCT_FORM_TOO_LARGE, staffOnly: true }],
  // a news item with its cover picture (10 MB); only the news form, not the rest of /admin/content/
  [/^\/admin\/content\/news\/(?:new|\d{1,9})\/$/, { bytes: NEWS_FORM_MAX_BYTES, message: NEWS_FORM_TOO_LARGE, staffOnly: true }],
  // 1C sends files in parts of at most file_limit (mode=init says so); the edge cannot tell 1C's
  // Basic-auth staff from a stranger, so the cap is fixed and moderate rather than staff-only
  [/^\/exchange\/1c\/$/, { bytes: EXCHANGE_FILE_LIMIT, message: `Часть файла больше ${EXCHANGE_FILE_LIMIT} байт: 1С отправляет части не больше file_limit` }],
  [/^\/cart\//, { bytes: SMALL_API_MAX_BYTES, message: TOO_LARGE }],
  [/^\/compare\//, { bytes: SMALL_API_MAX_BYTES, message: TOO_LARGE }],
  [/^\/banner\/close\/$/, { bytes: SMALL_API_MAX_BYTES, message: TOO_LARGE }],
];
export const DEFAULT_LIMIT: BodyLimit = { bytes: FORM_MAX_BYTES, message: TOO_LARGE };

/**
 * The largest body any visitor may send, and the largest a signed-in member of staff may (every
 * staff-only cap is under /admin/): deploy/nginx.conf's client_max_body_size outside and inside
 * /admin/ follow these, so the proxy never refuses what the app would take.
 */
export function largestBodies(): { anyone: number; staff: number } {
  const all = [...LIMITS.map(([, limit]) => limit), DEFAULT_LIMIT];
  return { anyone: Math.max(...all.filter((l) => !l.staffOnly).map((l) => l.bytes)), staff: Math.max(...all.map((l) => l.bytes)) };
}

/** The address patterns of the staff-only caps (all must start with /admin/, where nginx allows them). */
export const staffOnlyPatterns = (): RegExp[] => LIMITS.filter(([, limit]) => limit.staffOnly).map(([pattern]) => pattern);

/**
 * The byte cap for a body posted to `pathname`. React Router's own data requests
 * (`/cart/product.data`, `/admin/import/_.data`, `/_root.data`) count as the page they belong to.
 */
export function bodyLimitFor(pathname: string): BodyLimit {
  // `/a/b/_.data` is the data request of `/a/b/` (addresses ending in a slash), `/a/b.data` of `/a/b`
  let path = pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  if (path === "/_root") path = "/";
  if (!path.endsWith("/")) path += "/";
  for (const [pattern, limit] of LIMITS) if (pattern.test(path)) return limit;
  return DEFAULT_LIMIT;
}
