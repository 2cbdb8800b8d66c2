import type { ProductImage } from "../../db/schema.ts";
import { imageVariants } from "./product-image-variants.ts";

/** A product illustration in AVIF and WebP at three widths; width/height set, so no layout shift. */
export function ProductPicture({
  image,
  sizes,
  eager = false,
  priority = false,
  className,
}: {
  image: ProductImage;
  sizes: string;
  eager?: boolean;
  priority?: boolean;
  className?: string;
}) {
  // the true width of each file: a narrow picture is stored unenlarged (decision 099)
  const set = (ext: string) =>
    imageVariants(image)
      .map((v) => `${image.src}-${v.file}.${ext} ${v.width}w`)
      .join(", ");
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={set("avif")} sizes={sizes} />
      <img
        src={`${image.src}-640.webp`}
        srcSet={set("webp")}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={eager || priority ? "eager" : "lazy"}
        // the first screen's largest picture (LCP): fetched ahead of the other images
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
      />
    </picture>
  );
}
