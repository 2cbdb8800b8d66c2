// How many bytes a request body may have, by address. Every body is capped at the edge while it
// streams in (server/request-body.ts), so no route can forget it and no route reads an unbounded
// body into memory: forms 64 KB, cart and comparison 8 KB, uploads and attachments their own caps.
import { FORM_BODY_MAX_BYTES } from "../app/domain/forms.server.ts";
import { MAX_BODY_BYTES as PROFILE_UPLOAD_MAX_BYTES } from "../app/domain/files.server.ts";
import { FILE_MESSAGES } from "../app/lib/file-checks.ts";
import { CSV_TOO_LARGE, CSV_UPLOAD_MAX_BYTES } from "../app/domain/catalog-import.server.ts";

export const FORM_MAX_BYTES = 64 * 1024;
export const SMALL_API_MAX_BYTES = 8 * 1024;

export interface BodyLimit {
  bytes: number;
  /** what the visitor reads with the 413 */
  message: string;
}

const TOO_LARGE = "Слишком большой запрос: сократите текст и отправьте ещё раз.";
const ATTACHMENTS_TOO_LARGE = "Файлы слишком большие: приложите до трёх изображений по 2 МБ.";

/** [address pattern, cap]; the first match wins. Paths are normalised (see below). */
const LIMITS: readonly (readonly [RegExp, BodyLimit])[] = [
  // the feedback form carries up to three 2 MB images: through the API, and as the no-JS post to /contacts/
  [/^\/forms\/feedback\/$/, { bytes: FORM_BODY_MAX_BYTES, message: ATTACHMENTS_TOO_LARGE }],
  [/^\/contacts\/$/, { bytes: FORM_BODY_MAX_BYTES, message: ATTACHMENTS_TOO_LARGE }],
  [/^\/profile\/file\/add\/$/, { bytes: PROFILE_UPLOAD_MAX_BYTES, message: FILE_MESSAGES.bodyTooLarge }],
  [/^\/admin\/import\/$/, { bytes: CSV_UPLOAD_MAX_BYTES, message: CSV_TOO_LARGE }],
  [/^\/cart\//, { bytes: SMALL_API_MAX_BYTES, message: TOO_LARGE }],
  [/^\/compare\//, { bytes: SMALL_API_MAX_BYTES, message: TOO_LARGE }],
  [/^\/banner\/close\/$/, { bytes: SMALL_API_MAX_BYTES, message: TOO_LARGE }],
];
const DEFAULT_LIMIT: BodyLimit = { bytes: FORM_MAX_BYTES, message: TOO_LARGE };

/**
 * The byte cap for a body posted to `pathname`. React Router's own data requests
 * (`/cart/product.data`, `/_root.data`) count as the page they belong to.
 */
export function bodyLimitFor(pathname: string): BodyLimit {
  let path = pathname.replace(/\.data$/, "");
  if (path === "/_root") path = "/";
  if (!path.endsWith("/")) path += "/";
  for (const [pattern, limit] of LIMITS) if (pattern.test(path)) return limit;
  return DEFAULT_LIMIT;
}
