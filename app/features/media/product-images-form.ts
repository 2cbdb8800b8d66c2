// The product form's list of pictures, read from a plain form post: each row carries
// its path and size in hidden fields and its alt text in a text field, in the order shown; the
// row buttons («Выше», «Ниже», «Сделать главным», «Удалить») are submit buttons named
// `imageCommand`, so they work without JavaScript as part of the one save. The first row is the
// product's main picture (cards, listings, the gallery's first slide, JSON-LD).
import type { ProductImage } from "../../db/schema.ts";

/** a hidden field the list always posts: without it (an older form, a script) images are left as they are */
export const IMAGES_LISTED_FIELD = "imagesListed";
export const IMAGE_ALT_MAX = 200;
/** pictures one product may have; the gallery's thumbnails get unwieldy long before */
export const PRODUCT_IMAGES_MAX = 30;
/** files one save may carry (the body cap of the product form is sized for this many 10 MB files) */
export const IMAGE_UPLOADS_PER_SAVE = 10;

export const IMAGE_LIST_MESSAGES = {
  tooMany: `У товара может быть не больше ${PRODUCT_IMAGES_MAX} изображений: удалите лишние.`,
  tooManyAtOnce: `За одно сохранение — не больше ${IMAGE_UPLOADS_PER_SAVE} файлов.`,
} as const;

/** what a save does to the pictures */
export interface ProductImagesChange {
  /** the list as the form posted it (row button applied); null when the form had no list: keep the current one */
  listed: ProductImage[] | null;
  /** stored by this post, to go after the list */
  added: ProductImage[];
}

export type ImageCommand = { kind: "up" | "down" | "main" | "remove"; index: number };

export function parseImageCommand(raw: unknown): ImageCommand | null {
  const m = typeof raw === "string" ? /^(up|down|main|remove):(\d{1,3})$/.exec(raw) : null;
  return m ? { kind: m[1] as ImageCommand["kind"], index: Number(m[2]) } : null;
}

/** The list after a row button; an index outside the list changes nothing. */
export function applyImageCommand<T>(list: readonly T[], command: ImageCommand | null): T[] {
  const out = [...list];
  if (!command || command.index >= out.length) return out;
  const i = command.index;
  const [row] = out.splice(i, 1) as [T];
  if (command.kind === "remove") return out;
  const to = command.kind === "main" ? 0 : command.kind === "up" ? Math.max(0, i - 1) : Math.min(out.length, i + 1);
  out.splice(to, 0, row);
  return out;
}

/** what an upload's alt text starts as: the product's title and the picture's number */
export const defaultImageAlt = (title: string, n: number) => `${title.trim() || "Товар"}, фото ${n}`;

const MEDIA_PATH = /^\/media\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;
const size = (raw: FormDataEntryValue | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 20_000 ? n : 0;
};

/**
 * The rows as posted, with the row button applied; null when the form had no list at all.
 * Paths that are not plain media paths are dropped here; which of them the product may keep is
 * the domain's call (its own pictures, or fresh uploads).
 */
export function readImageRows(form: FormData): ProductImage[] | null {
  if (!form.has(IMAGES_LISTED_FIELD)) return null;
  const srcs = form.getAll("imageSrc");
  const alts = form.getAll("imageAlt");
  const widths = form.getAll("imageWidth");
  const heights = form.getAll("imageHeight");
  const rows: ProductImage[] = [];
  srcs.forEach((src, i) => {
    if (typeof src !== "string" || !MEDIA_PATH.test(src) || src.includes("..")) return;
    const alt = String(alts[i] ?? "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, IMAGE_ALT_MAX);
    rows.push({ src, alt, width: size(widths[i]), height: size(heights[i]) });
  });
  return applyImageCommand(rows, parseImageCommand(form.get("imageCommand")));
}
