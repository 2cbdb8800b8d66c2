// The files a product picture is stored as (decision 099): one per width of the storefront's
// srcset, never enlarged, so a picture narrower than a width is stored at its own width.
import type { ProductImage } from "../../db/schema.ts";

/** the widths product pictures are stored at (media-images.server.ts MEDIA_WIDTHS.products) */
const WIDTHS = [320, 640, 960] as const;

export interface ImageVariant {
  /** the file: `<src>-<file>.webp|avif` */
  file: number;
  /** its real width in pixels, for srcset's `w` */
  width: number;
}

/**
 * The variants worth offering, with their true widths: up to the first that holds the whole
 * picture (wider ones would repeat the same pixels). `image.width` is the widest file's width.
 */
export function imageVariants(image: ProductImage): ImageVariant[] {
  const widest = WIDTHS.find((w) => w >= image.width) ?? WIDTHS[2];
  return WIDTHS.filter((w) => w <= widest).map((w) => ({ file: w, width: Math.min(w, image.width) }));
}
