// Reading request bodies for the routes: HTTP stays here and in the routes, the shop's logic in
// app/domain gets plain values (FormData, bytes). The edge (server/body-limits.ts) has already
// capped every body; these limits are the routes' own, tighter ones.
import { UploadError } from "../features/accounts/index.server.ts";

/**
 * The request body, refused with 413 as soon as it passes `limit`: by Content-Length before
 * reading anything, and by counting while streaming when the length is not announced.
 */
export async function readLimitedBody(request: Request, limit: number, tooLargeMessage: string): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new UploadError(413, tooLargeMessage);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Stop reading, but do not cancel: cancelling destroys the socket before the 413 is
      // written. The route answers with `Connection: close`, so the rest is never read.
      reader.releaseLock();
      throw new UploadError(413, tooLargeMessage);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

const UNREADABLE = "Запрос не удалось разобрать. Обновите страницу и попробуйте ещё раз";

/** A form body (multipart or URL-encoded) already read within the limit. */
export async function parseFormBody(body: Uint8Array, contentType: string | null): Promise<FormData> {
  const type = (contentType ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data") && !type.startsWith("application/x-www-form-urlencoded")) {
    throw new UploadError(415, "Отправьте форму (multipart/form-data или application/x-www-form-urlencoded)");
  }
  try {
    return await new Response(new Blob([body as Uint8Array<ArrayBuffer>]), { headers: { "content-type": contentType! } }).formData();
  } catch {
    throw new UploadError(400, UNREADABLE);
  }
}

const UPLOAD_JSON_FIELDS = ["fileName", "file", "purpose"] as const;

/**
 * An upload body already read within the limit: a form (multipart or URL-encoded), or the JSON
 * `{fileName, file}` of docs/behaviour.md «Uploads» (file as a data URL; `purpose` optional), which
 * becomes the same form fields so every later check is shared. A JSON body that does not parse, is
 * not an object or has a non-string field is 400.
 */
export async function parseUploadBody(body: Uint8Array, contentType: string | null): Promise<FormData> {
  const type = (contentType ?? "").toLowerCase().split(";")[0]!.trim();
  if (type !== "application/json") {
    if (type !== "multipart/form-data" && type !== "application/x-www-form-urlencoded") {
      throw new UploadError(415, "Отправьте форму (multipart/form-data или application/x-www-form-urlencoded) или JSON");
    }
    return parseFormBody(body, contentType);
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    throw new UploadError(400, UNREADABLE);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new UploadError(400, UNREADABLE);
  const form = new FormData();
  for (const key of UPLOAD_JSON_FIELDS) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== "string") throw new UploadError(400, UNREADABLE);
    form.set(key, v);
  }
  return form;
}
