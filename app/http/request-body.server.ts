// Reading request bodies for the routes: HTTP stays here and in the routes, the shop's logic in
// app/domain gets plain values (FormData, bytes). The edge (server/body-limits.ts) has already
// capped every body; these limits are the routes' own, tighter ones.
import { UploadError } from "../lib/upload-error.ts";

/**
 * The request body, refused with 413 as soon as it passes `limit`: by Content-Length before
 * reading anything, and by counting while streaming when the length is not announced.
 */
export async function readLimitedBody(request: Request, limit: number, tooLargeMessage: string): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new UploadError(413, tooLargeMessage);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  // The edge hands the body over as one chunk (server/router-handler.ts): kept as it is, no copy.
  // Should more come, they go into one buffer of the announced length, or are gathered.
  let single: Uint8Array | null = null;
  let into: Uint8Array | null = null;
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
    if (total === value.byteLength) {
      single = value;
      continue;
    }
    if (single) {
      if (Number.isInteger(declared) && total <= declared) (into = new Uint8Array(declared)).set(single);
      else chunks.push(single);
      single = null;
    }
    if (into && total <= into.byteLength) into.set(value, total - value.byteLength);
    else {
      // more than announced: gathered as chunks from here on
      if (into) chunks.push(into.subarray(0, total - value.byteLength));
      into = null;
      chunks.push(value);
    }
  }
  if (single) return single;
  if (into) return into.subarray(0, total);
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

/** a file of a form read by parseFormParts: its bytes are a view of the request body */
export interface FormFile {
  fileName: string;
  type: string;
  bytes: Uint8Array;
}

/** the first value of each name in a form, as FormData.get gives it */
export interface FormParts {
  fields: Map<string, string>;
  files: Map<string, FormFile>;
}

const CRLF_CRLF = Buffer.from("\r\n\r\n");

/** a header's parameter as browsers write it: `"`, CR and LF percent-encoded (HTML's multipart/form-data encoding) */
const unescapeParam = (value: string) => value.replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");

const percentDecoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * A form body (multipart or URL-encoded) already read within the limit, for large uploads: a file's
 * bytes are a view of `body`, not a copy, and the parts are found by a native byte search.
 * `Response.formData()` held the event loop for 450 ms on a 37 MB CSV and copied it twice more
 * (decision 104). Not a general parser: nested multipart/mixed parts are read as plain bytes.
 */
export function parseFormParts(body: Uint8Array, contentType: string | null): FormParts {
  const type = (contentType ?? "").toLowerCase();
  const fields = new Map<string, string>();
  const files = new Map<string, FormFile>();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [name, value] of new URLSearchParams(new TextDecoder().decode(body))) if (!fields.has(name)) fields.set(name, value);
    return { fields, files };
  }
  if (!type.startsWith("multipart/form-data")) {
    throw new UploadError(415, "Отправьте форму (multipart/form-data или application/x-www-form-urlencoded)");
  }
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType!);
  if (!boundary) throw new UploadError(400, UNREADABLE);
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const dashes = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const between = Buffer.concat([Buffer.from("\r\n"), dashes]);
  // the first delimiter opens the body, or ends a preamble's line
  let at = buf.subarray(0, dashes.length).equals(dashes) ? 0 : buf.indexOf(between);
  if (at < 0) throw new UploadError(400, UNREADABLE);
  at += at === 0 ? dashes.length : between.length;
  for (;;) {
    // `--` after a delimiter closes the body
    if (buf[at] === 0x2d && buf[at + 1] === 0x2d) return { fields, files };
    while (buf[at] === 0x20 || buf[at] === 0x09) at++;
    if (buf[at] !== 0x0d || buf[at + 1] !== 0x0a) throw new UploadError(400, UNREADABLE);
    const headersEnd = buf.indexOf(CRLF_CRLF, at);
    if (headersEnd < 0) throw new UploadError(400, UNREADABLE);
    const start = headersEnd + CRLF_CRLF.length;
    const end = buf.indexOf(between, start);
    if (end < 0) throw new UploadError(400, UNREADABLE);
    let disposition = "";
    let partType = "";
    for (const line of buf.toString("utf8", at + 2, headersEnd).split("\r\n")) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).trim().toLowerCase();
      if (name === "content-disposition") disposition = line.slice(colon + 1);
      else if (name === "content-type") partType = line.slice(colon + 1).trim();
    }
    const params = new Map<string, string>();
    for (const m of disposition.matchAll(/;\s*([\w*-]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g)) params.set(m[1]!.toLowerCase(), m[2] ?? m[3]!.trim());
    const name = params.has("name") ? unescapeParam(params.get("name")!) : null;
    const extended = /^utf-8''(.*)$/i.exec(params.get("filename*") ?? "");
    const fileName = params.has("filename") ? unescapeParam(params.get("filename")!) : extended ? percentDecoded(extended[1]!) : null;
    if (name !== null && fileName !== null && !files.has(name)) files.set(name, { fileName, type: partType, bytes: body.subarray(start, end) });
    else if (name !== null && fileName === null && !fields.has(name)) fields.set(name, buf.toString("utf8", start, end));
    at = end + between.length;
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
