// Product images and videos as lightbox items: images at the three rendered widths (the largest
// first for the viewer), video-site links as embeds, files as videos.
import type { ProductImage } from "../../db/schema.ts";
import type { MediaItem } from "../../ui/MediaLightbox.tsx";
import { imageVariants } from "../media/index.ts";
import { parseVideoLink } from "../../lib/video-embed.ts";

export function imageItem(image: ProductImage): MediaItem {
  const ratio = image.height / image.width;
  return {
    type: "image",
    src: `${image.src}-960.webp`,
    alt: image.alt,
    width: image.width,
    height: image.height,
    srcSet: imageVariants(image).map((v) => ({ src: `${image.src}-${v.file}.webp`, width: v.width, height: Math.round(v.width * ratio) })),
  };
}

export function galleryItems(images: readonly ProductImage[], videos: readonly string[], title: string): MediaItem[] {
  const items: MediaItem[] = images.map(imageItem);
  videos.forEach((link, i) => {
    const name = videos.length > 1 ? `Видео ${i + 1}: ${title}` : `Видео: ${title}`;
    if (parseVideoLink(link)) items.push({ type: "embed", src: link, title: name });
    else if (/^\/|^https:\/\//.test(link) && /\.(mp4|webm|ogv|mov)(\?|$)/i.test(link)) items.push({ type: "video", src: link, title: name });
  });
  return items;
}
