// The article's gallery: thumbnails that are plain links to the full picture or video (so they
// work without JavaScript); with JavaScript they open the lightbox, loaded on first use.
import { useState, type MouseEvent } from "react";
import type { GalleryEntry } from "./content-types.ts";
import { parseVideoLink } from "../../lib/video-embed.ts";
import { Icon } from "../../ui/Icon.tsx";
import { MediaLightbox, preloadMediaLightbox, type MediaItem } from "../../ui/MediaLightbox.tsx";
import { NEWS_IMAGE, NewsPicture, newsImageUrl } from "./NewsPicture.tsx";
import "./News.css";

/** A gallery entry as the shared lightbox shows it (news pictures come at 480/960/1440 px). */
function toMediaItem(item: GalleryEntry): MediaItem {
  if (item.type === "image") {
    return {
      type: "image",
      src: newsImageUrl(item.src),
      alt: item.title,
      width: NEWS_IMAGE.width,
      height: NEWS_IMAGE.height,
      srcSet: ([480, 960, 1440] as const).map((w) => ({
        src: newsImageUrl(item.src, w),
        width: w,
        height: Math.round((w * NEWS_IMAGE.height) / NEWS_IMAGE.width),
      })),
    };
  }
  if (item.type === "video") return { type: "video", src: item.src, title: item.title, poster: item.poster ? newsImageUrl(item.poster) : undefined };
  return { type: "embed", src: item.src, title: item.title };
}

function hrefOf(item: GalleryEntry): string {
  if (item.type === "image") return newsImageUrl(item.src);
  if (item.type === "embed") return parseVideoLink(item.src)?.pageUrl ?? item.src;
  return item.src;
}

export function NewsGallery({ items, title = "Фотографии и видео" }: { items: GalleryEntry[]; title?: string }) {
  const [index, setIndex] = useState<number | null>(null);
  if (items.length === 0) return null;

  function open(e: MouseEvent<HTMLAnchorElement>, i: number) {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    setIndex(i);
  }

  return (
    <section className="news-gallery" aria-labelledby="news-gallery-title">
      <h2 id="news-gallery-title">{title}</h2>
      <ul className="news-gallery__grid">
        {items.map((item, i) => {
          const poster = item.type === "image" ? item.src : item.poster;
          return (
            <li key={`${item.src}-${i}`}>
              <a
                className="news-gallery__link"
                href={hrefOf(item)}
                data-lightbox={item.type}
                onClick={(e) => open(e, i)}
                onMouseEnter={preloadMediaLightbox}
                onFocus={preloadMediaLightbox}
                aria-label={`${item.title}${item.type === "image" ? "" : " (видео)"}`}
              >
                {poster ? (
                  <NewsPicture src={poster} alt="" sizes="(min-width: 992px) 260px, 50vw" className="news-gallery__thumb" />
                ) : (
                  <span className="news-gallery__thumb news-gallery__thumb--empty" />
                )}
                {item.type !== "image" ? (
                  <span className="news-gallery__play" aria-hidden="true">
                    ▶
                  </span>
                ) : null}
                <span className="news-gallery__caption">{item.title}</span>
              </a>
            </li>
          );
        })}
      </ul>
      <MediaLightbox items={items.map(toMediaItem)} index={index ?? 0} open={index !== null} onClose={() => setIndex(null)} />
      <noscript>
        <p>
          <Icon name="info" size={16} /> Фотографии открываются по ссылкам.
        </p>
      </noscript>
    </section>
  );
}
