// A product's pictures and video files as the back office's form changes them (
// decision 077). The uploads of a post are stored first, all or none: one refused file (not an
// image, over 10 MB, too small, not MP4/WebM) removes the others stored by that post and the
// save does not happen. Stored uploads are handed back to the form, so a save refused for another
// field keeps them (hidden fields carry their paths; only upload-shaped paths that are on disk are
// accepted back). The save itself (admin-product-form.server.ts) keeps a product's own pictures
// and fresh uploads only, and the files a save dropped are removed after its commit.
import type { ProductImage } from "../../db/schema.ts";
import {
  defaultImageAlt,
  IMAGE_LIST_MESSAGES,
  IMAGE_UPLOADS_PER_SAVE,
  PRODUCT_IMAGES_MAX,
  readImageRows,
  type ProductImagesChange,
} from "./product-images-form.ts";
import { isUploadedVideoPath } from "./video-files.ts";
import { FieldRefusal } from "../../lib/field-refusal.ts";
import { UploadError, type IncomingFile } from "../../lib/upload-error.ts";
import { isUploadedImagePath, MEDIA_IMAGE_MAX_BYTES, removeMediaImage, storeMediaImage, uploadedImageSize } from "./media-images.server.ts";
import { mediaVideoExists, removeMediaVideo, storeMediaVideo } from "./media-videos.server.ts";

/** A picture list a save refuses (a picture that is not the product's, too many), under its field. */
export class ProductImagesRefusal extends FieldRefusal {}

/** the form's file inputs */
export const IMAGE_FILES_FIELD = "images";
export const VIDEO_FILES_FIELD = "videoFiles";

/**
 * The product form's body cap (server/body-limits.ts): ten 10 MB pictures or one 100 MB video,
 * plus the text fields. The edge holds a body in memory while it is read, so this stays bounded.
 */
export const PRODUCT_FORM_MAX_BYTES = IMAGE_UPLOADS_PER_SAVE * MEDIA_IMAGE_MAX_BYTES + 1024 * 1024;
export const PRODUCT_FORM_TOO_LARGE =
  "Слишком много файлов за одно сохранение: вместе до 100 МБ (изображение — до 10 МБ, видео — до 100 МБ). Загрузите их по частям.";

const MISSING_VIDEO = "Видеофайл не найден на сервере: загрузите его ещё раз.";

export interface ReceivedMedia {
  images: ProductImagesChange;
  /** video files stored by this post, to go after the typed links */
  videos: string[];
  /** field → Russian message: `images`, `videoFiles`, `videos` */
  errors: Record<string, string>;
  /** the HTTP status of a refused upload (413, 415, 422…), null when nothing was refused */
  status: number | null;
}

async function filesOf(form: FormData, name: string): Promise<IncomingFile[]> {
  const out: IncomingFile[] = [];
  for (const v of form.getAll(name)) {
    // a file input left empty still posts one nameless empty part
    if (typeof v === "string" || (v.size === 0 && v.name === "")) continue;
    out.push({ name: v.name, bytes: new Uint8Array(await v.arrayBuffer()) });
  }
  return out;
}

/**
 * Stores the post's uploads and reads the picture list. Never throws for a refused file: the
 * refusal comes back in `errors` with its status, and nothing of this post stays on disk.
 */
export async function receiveProductMedia(mediaDir: string, form: FormData, title: string): Promise<ReceivedMedia> {
  const errors: Record<string, string> = {};
  let status: number | null = null;
  const refuse = (field: string, error: UploadError) => {
    errors[field] = error.message;
    status = error.status;
  };

  let listed = readImageRows(form);
  if (listed) {
    // carried-back uploads: kept only when they are still on disk, with the size read from there
    const sized = await Promise.all(
      listed.map(async (row) => {
        if (!isUploadedImagePath(row.src)) return row;
        const size = await uploadedImageSize(mediaDir, row.src);
        return size ? { ...row, ...size } : null;
      }),
    );
    listed = sized.filter((row): row is ProductImage => row !== null);
  }
  for (const link of String(form.get("videos") ?? "").split(/\s+/))
    if (isUploadedVideoPath(link) && !(await mediaVideoExists(mediaDir, link))) errors.videos = MISSING_VIDEO;

  const imageFiles = await filesOf(form, IMAGE_FILES_FIELD);
  const videoFiles = await filesOf(form, VIDEO_FILES_FIELD);
  if (imageFiles.length > IMAGE_UPLOADS_PER_SAVE) refuse(IMAGE_FILES_FIELD, new UploadError(422, IMAGE_LIST_MESSAGES.tooManyAtOnce));
  else if ((listed?.length ?? 0) + imageFiles.length > PRODUCT_IMAGES_MAX) refuse(IMAGE_FILES_FIELD, new UploadError(422, IMAGE_LIST_MESSAGES.tooMany));

  const added: ProductImage[] = [];
  const videos: string[] = [];
  if (status === null) {
    try {
      for (const file of imageFiles) added.push({ ...(await storeMediaImage(mediaDir, "products", file)), alt: "" });
    } catch (err) {
      if (!(err instanceof UploadError)) throw err;
      refuse(IMAGE_FILES_FIELD, err);
    }
  }
  if (status === null) {
    try {
      for (const file of videoFiles) videos.push(await storeMediaVideo(mediaDir, file));
    } catch (err) {
      if (!(err instanceof UploadError)) throw err;
      refuse(VIDEO_FILES_FIELD, err);
    }
  }
  if (status !== null) {
    // all or nothing: what this post stored goes again
    await removeProductMedia(mediaDir, [...added.map((a) => a.src), ...videos]);
    return { images: { listed, added: [] }, videos: [], errors, status };
  }
  const before = listed?.length ?? 0;
  return {
    images: {
      listed: listed?.map((row, i) => ({ ...row, alt: row.alt || defaultImageAlt(title, i + 1) })) ?? null,
      added: added.map((a, i) => ({ ...a, alt: defaultImageAlt(title, before + i + 1) })),
    },
    videos,
    errors,
    status: null,
  };
}

/**
 * The pictures a save writes: the posted list (or the current one when the form had none) and the
 * new uploads after it. A posted path must be one of the product's own pictures (their stored
 * sizes win) or an upload; anything else is refused. Empty alt texts get the default.
 */
export function resolveProductImages(current: readonly ProductImage[], change: ProductImagesChange, title: string): ProductImage[] {
  const own = new Map(current.map((img) => [img.src, img]));
  const listed = (change.listed ?? current).map((row) => {
    const mine = own.get(row.src);
    if (mine) return { src: mine.src, alt: row.alt, width: mine.width, height: mine.height };
    if (isUploadedImagePath(row.src) && row.width > 0 && row.height > 0) return { src: row.src, alt: row.alt, width: row.width, height: row.height };
    throw new ProductImagesRefusal(422, "Такого изображения у товара нет: обновите страницу и выберите файлы ещё раз.", IMAGE_FILES_FIELD);
  });
  const all = [...listed, ...change.added];
  if (all.length > PRODUCT_IMAGES_MAX) throw new ProductImagesRefusal(422, IMAGE_LIST_MESSAGES.tooMany, IMAGE_FILES_FIELD);
  return all.map((img, i) => ({ ...img, alt: img.alt || defaultImageAlt(title, i + 1) }));
}

/** The uploaded files a save no longer refers to (pictures and video files); seed pictures are never listed. */
export function droppedMedia(
  before: { images: readonly ProductImage[]; videos: readonly string[] },
  after: { images: readonly ProductImage[]; videos: readonly string[] },
): string[] {
  const keptImages = new Set(after.images.map((i) => i.src));
  const keptVideos = new Set(after.videos);
  return [
    ...before.images.map((i) => i.src).filter((src) => isUploadedImagePath(src) && !keptImages.has(src)),
    ...before.videos.filter((v) => isUploadedVideoPath(v) && !keptVideos.has(v)),
  ];
}

/** Removes uploaded pictures and video files (after the commit that dropped them). */
export async function removeProductMedia(mediaDir: string, paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((p) => (isUploadedVideoPath(p) ? removeMediaVideo(mediaDir, p) : removeMediaImage(mediaDir, p))));
}
