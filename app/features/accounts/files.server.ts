// Profile files, by the OWASP file upload rules: size refused before the body is read whole,
// type by extension allow-list AND magic bytes, images decoded and re-encoded (metadata dropped,
// pixels bounded), bytes stored outside the web root under a random id, display names
// sanitised, a per-user quota, and no orphan row or partial file when a write fails.
import crypto from "node:crypto";
import type SharpModule from "sharp";
import type { Db } from "../../db/database.server.ts";
import type { FileStorage } from "../../lib/ports.ts";
import type { ProfileFileInfo } from "./account-types.ts";
import { UploadError, type IncomingFile } from "../../lib/upload-error.ts";
import { DEFAULT_ACCEPT, DEFAULT_MAX_BYTES, FILE_MESSAGES, fileExtension, hasAcceptedExtension, sanitizeFileName } from "../../lib/file-checks.ts";

export const MAX_FILE_BYTES = DEFAULT_MAX_BYTES;

let sharpLoaded: Promise<typeof SharpModule> | undefined;
/**
 * sharp (libvips, about 20 MB resident) is loaded with the first upload rather than at start:
 * most processes never decode an image. Its operation cache is switched off: an upload is decoded
 * once and never again, so the cache (50 MB by default) would only hold memory.
 */
function loadSharp(): Promise<typeof SharpModule> {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}
/** a 2 MB file as a data URL is ~2.7 MB; multipart framing and the name add little */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** decompression bombs: a small PNG can claim 50 000 × 50 000 pixels */
export const MAX_INPUT_PIXELS = 40_000_000;
/** stored images are scaled down to fit in this square */
export const MAX_DIMENSION = 4096;
export const QUOTA_BYTES = 20 * 1024 * 1024;
export const QUOTA_FILES = 50;

export type FilePurpose = "files" | "avatar";

/** `data:<anything>;base64,<payload>` → bytes. The declared MIME type is ignored on purpose. */
export function parseDataUrl(value: string): Uint8Array | null {
  const m = /^data:[^,]{0,200}?;base64,/i.exec(value);
  if (!m) return null;
  const payload = value.slice(m[0].length).replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload)) return null;
  return new Uint8Array(Buffer.from(payload, "base64"));
}

/**
 * The files of an upload form: `file` as a data URL with `fileName` (docs/behaviour.md «Uploads»),
 * or `file` parts of a multipart post (the no-JS form; several allowed), or plain mode's
 * `files[]` + `fileNames[]`.
 */
export async function filesOfForm(form: FormData): Promise<IncomingFile[]> {
  const out: IncomingFile[] = [];
  const fileName = form.get("fileName");
  const names = form.getAll("fileNames[]").map(String);
  const values = [...form.getAll("file"), ...form.getAll("files[]")];
  let plainIndex = 0;
  for (const [i, v] of values.entries()) {
    if (typeof v === "string") {
      if (v === "") continue;
      const bytes = parseDataUrl(v);
      const name = typeof fileName === "string" && i === 0 && fileName ? fileName : (names[plainIndex++] ?? "");
      if (!bytes) throw new UploadError(400, FILE_MESSAGES.badType(sanitizeFileName(name)));
      out.push({ name, bytes });
    } else {
      // an empty file part is what a no-JS form sends when nothing was chosen
      if (v.size === 0 && v.name === "") continue;
      out.push({ name: typeof fileName === "string" && fileName ? fileName : v.name, bytes: new Uint8Array(await v.arrayBuffer()) });
    }
  }
  return out;
}

type ImageType = "png" | "jpeg";

/** The real type from the first bytes; names and Content-Type headers are not evidence. */
export function sniffImage(b: Uint8Array): ImageType | null {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a)
    return "png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  return null;
}

export interface PreparedImage {
  name: string;
  mime: string;
  bytes: Buffer;
  width: number;
  height: number;
}

/** Validates one incoming file and re-encodes it; throws UploadError with the visitor's message. */
export async function prepareImage(file: IncomingFile, maxBytes = MAX_FILE_BYTES): Promise<PreparedImage> {
  const shown = sanitizeFileName(file.name);
  if (!hasAcceptedExtension(shown, DEFAULT_ACCEPT)) throw new UploadError(415, FILE_MESSAGES.badType(shown));
  if (file.bytes.byteLength === 0) throw new UploadError(400, FILE_MESSAGES.empty(shown));
  if (file.bytes.byteLength > maxBytes) throw new UploadError(413, FILE_MESSAGES.tooLarge(shown));
  const type = sniffImage(file.bytes);
  if (!type) throw new UploadError(415, FILE_MESSAGES.badType(shown));
  const sharp = await loadSharp();
  try {
    // rotate() applies the EXIF orientation before the metadata (EXIF, GPS, XMP, ICC) is dropped
    const pipeline = sharp(file.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: "inside", withoutEnlargement: true });
    const encoded = type === "png" ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const ext = fileExtension(shown);
    const name = type === "png" ? (ext === "png" ? shown : swapExtension(shown, "png")) : ext === "png" ? swapExtension(shown, "jpg") : shown;
    return { name, mime: type === "png" ? "image/png" : "image/jpeg", bytes: data, width: info.width, height: info.height };
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message))) throw new UploadError(413, FILE_MESSAGES.imageTooLarge(shown));
    throw new UploadError(415, FILE_MESSAGES.notImage(shown));
  }
}

function swapExtension(name: string, ext: string): string {
  return sanitizeFileName(`${name.slice(0, name.lastIndexOf("."))}.${ext}`);
}

export const filePathOf = (id: string) => `/profile/file/${id}/`;
const isFileId = (id: string) => /^[0-9a-f]{32}$/.test(id);

export interface SavedFile extends ProfileFileInfo {
  /** ids this upload replaced (single-file purposes) */
  replaced: string[];
}

/** The owner's usage that a new file of `purpose` counts against: files and bytes. */
async function usageOf(k: Db["kysely"], userId: number, purpose: FilePurpose): Promise<{ files: number; bytes: number }> {
  let q = k
    .selectFrom("profile_files")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.coalesce(eb.fn.sum<number>("size"), eb.lit(0)).as("bytes")])
    .where("user_id", "=", userId);
  // a new avatar replaces the old one, so the old one does not count against it
  if (purpose === "avatar") q = q.where("purpose", "<>", "avatar");
  const row = await q.executeTakeFirstOrThrow();
  return { files: Number(row.n), bytes: Number(row.bytes) };
}

const overQuota = (usage: { files: number; bytes: number }, size: number) => usage.files >= QUOTA_FILES || usage.bytes + size > QUOTA_BYTES;

/**
 * Stores a prepared image for its owner. The bytes go to `<id>.part` and are renamed into place;
 * then one transaction checks the quota and writes the row (on PostgreSQL it first locks the
 * owner's `users` row, so parallel uploads of one owner take turns; on SQLite the one connection
 * already runs transactions one at a time). A refused or failed row removes the written bytes.
 * See docs/decisions/041-atomic-upload-quota.md.
 */
export async function saveProfileFile(
  db: Db,
  storage: FileStorage,
  userId: number,
  image: PreparedImage,
  purpose: FilePurpose = "files",
  now = Date.now(),
): Promise<SavedFile> {
  const size = image.bytes.byteLength;
  // an early answer without touching the disk when the quota is plainly used up; not the guard
  if (overQuota(await usageOf(db.kysely, userId, purpose), size)) throw new UploadError(413, FILE_MESSAGES.quota);

  const id = crypto.randomBytes(16).toString("hex");
  try {
    await storage.put(id, image.bytes);
  } catch (err) {
    throw Object.assign(new UploadError(507, FILE_MESSAGES.storage), { cause: err });
  }

  let replaced: string[];
  try {
    replaced = await db.kysely.transaction().execute(async (trx) => {
      if (db.dialect === "postgres") await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
      if (overQuota(await usageOf(trx, userId, purpose), size)) throw new UploadError(413, FILE_MESSAGES.quota);
      await trx
        .insertInto("profile_files")
        .values({ id, user_id: userId, purpose, name: image.name, mime: image.mime, size, width: image.width, height: image.height, created_at: now })
        .execute();
      if (purpose !== "avatar") return [];
      // the old photo goes in the same step, so two photos sent at once cannot remove each other
      const old = await trx
        .deleteFrom("profile_files")
        .where("user_id", "=", userId)
        .where("purpose", "=", "avatar")
        .where("id", "<>", id)
        .returning("id")
        .execute();
      return old.map((o) => o.id);
    });
  } catch (err) {
    await storage.remove(id).catch(() => undefined);
    throw err;
  }
  for (const old of replaced) await storage.remove(old).catch(() => undefined);
  return { id, name: image.name, size, filePath: filePathOf(id), replaced };
}

export async function listProfileFiles(db: Db, userId: number, purpose: FilePurpose = "files"): Promise<ProfileFileInfo[]> {
  const rows = await db.kysely
    .selectFrom("profile_files")
    .select(["id", "name", "size"])
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, size: Number(r.size), filePath: filePathOf(r.id) }));
}

/** The owner's file, or null: a file of someone else looks exactly like no file. */
export async function findProfileFile(db: Db, userId: number, id: string) {
  if (!isFileId(id)) return null;
  const row = await db.kysely
    .selectFrom("profile_files")
    .select(["id", "name", "mime", "size"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? { ...row, size: Number(row.size) } : null;
}

export function readProfileFile(storage: FileStorage, id: string): Promise<Buffer> {
  if (!isFileId(id)) throw new Error("bad file id");
  return storage.read(id);
}

/** Deletes the owner's file (row first, then bytes); false when there is no such file of theirs. */
export async function deleteProfileFile(db: Db, storage: FileStorage, userId: number, id: string): Promise<boolean> {
  if (!isFileId(id)) return false;
  const res = await db.kysely.deleteFrom("profile_files").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) return false;
  await storage.remove(id).catch(() => undefined);
  return true;
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name; quotes and controls cannot break out. */
export function contentDisposition(name: string, inline = false): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
