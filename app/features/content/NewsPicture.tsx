const WIDTHS = [480, 960, 1440] as const;
export const NEWS_IMAGE = { width: 1440, height: 810 } as const;

export const newsImageUrl = (src: string, width: (typeof WIDTHS)[number] = 1440) => `${src}-${width}.webp`;

/** A news illustration (generated scene) in AVIF and WebP at three widths, 16:9, no layout shift. */
export function NewsPicture({
  src,
  alt,
  sizes,
  eager = false,
  priority = false,
  className,
}: {
  src: string;
  alt: string;
  sizes: string;
  eager?: boolean;
  priority?: boolean;
  className?: string;
}) {
  const set = (ext: string) => WIDTHS.map((w) => `${src}-${w}.${ext} ${w}w`).join(", ");
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={set("avif")} sizes={sizes} />
      <img
        src={newsImageUrl(src, 960)}
        srcSet={set("webp")}
        sizes={sizes}
        width={NEWS_IMAGE.width}
        height={NEWS_IMAGE.height}
        alt={alt}
        loading={eager || priority ? "eager" : "lazy"}
        // the first screen's largest picture (LCP): fetched ahead of the other images
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
      />
    </picture>
  );
}
