// The article's gallery: thumbnails that are plain links to the full picture or video (so they
// work without JavaScript); with JavaScript they open the lightbox, loaded on first use.
import { lazy, Suspense, useState, type MouseEvent } from "react";
import type { GalleryEntry } from "../../domain/content-types.ts";
import { parseVideoLink } from "../../lib/video-embed.ts";
import { Icon } from "../../ui/Icon.tsx";
import { NewsPicture, newsImageUrl } from "./NewsPicture.tsx";
import "./News.css";

const GalleryLightbox = lazy(() => import("./GalleryLightbox.client.tsx"));

function hrefOf(item: GalleryEntry): string {
  if (item.type === "image") return newsImageUrl(item.src);
  if (item.type === "embed") return parseVideoLink(item.src)?.pageUrl ?? item.src;
  return item.src;
}

export function NewsGallery({ items, title = "Фотографии и видео" }: { items: GalleryEntry[]; title?: string }) {
  const [index, setIndex] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  if (items.length === 0) return null;

  function open(e: MouseEvent<HTMLAnchorElement>, i: number) {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    setLoaded(true);
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
              <a className="news-gallery__link" href={hrefOf(item)} data-lightbox={item.type} onClick={(e) => open(e, i)} aria-label={`${item.title}${item.type === "image" ? "" : " (видео)"}`}>
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
      {loaded ? (
        <Suspense fallback={null}>
          <GalleryLightbox items={items} index={index ?? 0} open={index !== null} onClose={() => setIndex(null)} />
        </Suspense>
      ) : null}
      <noscript>
        <p>
          <Icon name="info" size={16} /> Фотографии открываются по ссылкам.
        </p>
      </noscript>
    </section>
  );
}
