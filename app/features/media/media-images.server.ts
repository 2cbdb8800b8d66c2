// Pictures staff upload for the storefront (product photos, news covers): checked, then re-encoded
// to AVIF and WebP at the widths the storefront's <picture> asks for, under the public media folder.
// The upload is never served as sent: sharp decodes it (so a file that is not an image, or a
// decompression bomb, is refused), applies the EXIF orientation and drops all metadata (EXIF, GPS,
// ICC). Files are written under temporary names and renamed into place only when every variant is
// encoded, so a failure leaves nothing half-written. See docs/decisions/077.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type SharpModule from "sharp";
import type { Metadata } from "sharp";
import { sanitizeFileName } from "../../lib/file-checks.ts";
import { UploadError, type IncomingFile } from "../../lib/upload-error.ts";

/** an image over 10 MB is refused */
export const MEDIA_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** decompression bombs: a small PNG can claim 50 000 × 50 000 pixels */
const MAX_INPUT_PIXELS = 50_000_000;

/** the widths each storefront picture is offered at (ProductPicture, NewsPicture) */
export const MEDIA_WIDTHS = {
  products: [320, 640, 960],
  news: [480, 960, 1440],
} as const satisfies Record<string, readonly number[]>;

export type MediaFolder = keyof typeof MEDIA_WIDTHS;

/** what sharp may decode; everything else (SVG with its scripts, PDF, TIFF…) is refused */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif"]);

export const MEDIA_IMAGE_MESSAGES = {
  tooLarge: (name: string) => `Файл больше 10 МБ: ${name}`,
  notImage: (name: string) => `Это не изображение (нужен JPEG, PNG, WebP или AVIF): ${name}`,
  tooManyPixels: (name: string) => `Слишком большое изображение (больше 50 мегапикселей): ${name}`,
  tooSmall: (name: string, width: number) => `Изображение слишком маленькое: нужно не меньше ${width} пикселей по ширине: ${name}`,
  storage: "Не удалось сохранить изображение на сервере. Попробуйте ещё раз",
} as const;

export interface StoredImage {
  /** web path without width and extension; files are `<src>-<w>.avif|webp` */
  src: string;
  /** of the widest variant: the picture's own width when it is narrower than the widest variant */
  width: number;
  height: number;
}

let sharpLoaded: Promise<typeof SharpModule> | undefined;
/** loaded with the first upload, with its operation cache off: each upload is decoded once */
function loadSharp(): Promise<typeof SharpModule> {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

/** uploaded pictures are named `u<32 hex>`, so they never collide with (or remove) the seed's */
const UPLOADED = /^\/media\/(products|news)\/(u[0-9a-f]{32})$/;

/**
 * Checks an upload and stores it at every width of the folder. Throws UploadError with the
 * Russian message for staff: 413 over 10 MB or too many pixels, 415 not an image, 422 too small
 * (narrower than the smallest width: the storefront would show it blurred), 507 disk trouble.
 */
export async function storeMediaImage(mediaDir: string, folder: MediaFolder, file: IncomingFile): Promise<StoredImage> {
  const shown = sanitizeFileName(file.name, "изображение");
  if (file.bytes.byteLength > MEDIA_IMAGE_MAX_BYTES) throw new UploadError(413, MEDIA_IMAGE_MESSAGES.tooLarge(shown));
  const widths = MEDIA_WIDTHS[folder];
  const sharp = await loadSharp();
  const source = () => sharp(file.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false });
  let meta: Metadata;
  try {
    meta = await source().metadata();
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message))) throw new UploadError(413, MEDIA_IMAGE_MESSAGES.tooManyPixels(shown));
    throw new UploadError(415, MEDIA_IMAGE_MESSAGES.notImage(shown));
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw new UploadError(415, MEDIA_IMAGE_MESSAGES.notImage(shown));
  // EXIF orientations 5–8 turn the picture by 90°: its upright width is the stored height
  const uprightWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  if (uprightWidth < widths[0]) throw new UploadError(422, MEDIA_IMAGE_MESSAGES.tooSmall(shown, widths[0]));

  const key = `u${crypto.randomBytes(16).toString("hex")}`;
  const dir = path.join(mediaDir, folder);
  const written: string[] = [];
  let size = { width: 0, height: 0 };
  try {
    await fs.mkdir(dir, { recursive: true });
    for (const width of widths) {
      // a picture narrower than a width is not enlarged (decision 099): the file keeps its own
      // width, stored below as the image's width, and ProductPicture's srcset names that width
      const resized = source().rotate().resize({ width, withoutEnlargement: true });
      for (const format of ["webp", "avif"] as const) {
        const encoded = format === "webp" ? resized.clone().webp({ quality: 80 }) : resized.clone().avif({ quality: 50, effort: 3 });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        const file = path.join(dir, `${key}-${width}.${format}`);
        await fs.writeFile(`${file}.part`, data, { flag: "wx" });
        written.push(file);
        if (width === widths[widths.length - 1]) size = { width: info.width, height: info.height };
      }
    }
    for (const file of written) await fs.rename(`${file}.part`, file);
  } catch (err) {
    await Promise.all(written.flatMap((file) => [fs.rm(`${file}.part`, { force: true }), fs.rm(file, { force: true })]));
    if (err instanceof UploadError) throw err;
    // a decoder error surfaces here for truncated files that pass the header check
    if (err instanceof Error && /Input|corrupt|premature|VipsJpeg|unsupported/i.test(err.message))
      throw new UploadError(415, MEDIA_IMAGE_MESSAGES.notImage(shown));
    throw Object.assign(new UploadError(507, MEDIA_IMAGE_MESSAGES.storage), { cause: err });
  }
  return { src: `/media/${folder}/${key}`, ...size };
}

/**
 * Removes every variant of an uploaded picture. Seed pictures (shared by many products) and
 * anything not shaped like an upload's path are left alone.
 */
export async function removeMediaImage(mediaDir: string, src: string): Promise<void> {
  const m = UPLOADED.exec(src);
  if (!m) return;
  const folder = m[1] as MediaFolder;
  await Promise.all(
    MEDIA_WIDTHS[folder].flatMap((w) => ["webp", "avif"].map((ext) => fs.rm(path.join(mediaDir, folder, `${m[2]}-${w}.${ext}`), { force: true }))),
  );
}

/** true for a path `storeMediaImage` produced (used to accept only such paths back from a form) */
export const isUploadedImagePath = (src: string) => UPLOADED.test(src);

/**
 * The size of an uploaded picture that is on disk (read from its widest WebP's header), or null
 * when it is not there: a path carried back by a re-rendered form is checked before it is kept.
 */
export async function uploadedImageSize(mediaDir: string, src: string): Promise<{ width: number; height: number } | null> {
  const m = UPLOADED.exec(src);
  if (!m) return null;
  const folder = m[1] as MediaFolder;
  const widths = MEDIA_WIDTHS[folder];
  const file = path.join(mediaDir, folder, `${m[2]}-${widths[widths.length - 1]}.webp`);
  const sharp = await loadSharp();
  try {
    const meta = await sharp(file).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
}
