import { useMemo, useState } from "react";
import { Swiper, SwiperSlide } from "swiper/react";
import { A11y, Thumbs } from "swiper/modules";
import type { Swiper as SwiperClass } from "swiper/types";
import type { ProductImage } from "../../db/schema.ts";
import { MediaLightbox, preloadMediaLightbox, type MediaItem } from "../../ui/MediaLightbox.tsx";
import { parseVideoLink, VIDEO_PROVIDER_NAMES } from "../../lib/video-embed.ts";
import { Icon } from "../../ui/Icon.tsx";
import { ProductPicture } from "../media/components.ts";
import { galleryItems } from "./gallery-items.ts";
import "swiper/css";
import "./ProductGallery.css";

/**
 * Gallery (docs/behaviour.md «Widgets and timing»): thumbnails slide in 300 ms, the main image in
 * 400 ms; gaps 10 px, 15 px from 992 px.
 */
export const MAIN_SPEED = 400;
export const THUMBS_SPEED = 300;
export const THUMBS_BREAKPOINTS = { 768: { spaceBetween: 10, slidesPerView: 5 }, 992: { spaceBetween: 15, slidesPerView: 5 } } as const;

const MAIN_SIZES = "(min-width: 1200px) 620px, (min-width: 992px) 50vw, 100vw";

function VideoTile({ link, large }: { link: string; large: boolean }) {
  const embed = parseVideoLink(link);
  return (
    <span className={`product-gallery__video${large ? " product-gallery__video--large" : ""}`}>
      <span className="product-gallery__play" aria-hidden="true">
        ▶
      </span>
      {large ? <span>Смотреть видео{embed ? ` (${VIDEO_PROVIDER_NAMES[embed.provider]})` : ""}</span> : <span>Видео</span>}
    </span>
  );
}

/**
 * Main slider with a thumbnail slider (Swiper); a click on the main image opens the lightbox.
 * Without JavaScript each main image is a link to its large file and the first one shows.
 */
export function ProductGallery({ images, videos, title }: { images: ProductImage[]; videos: string[]; title: string }) {
  // stable between renders: the lightbox restarts from `index` whenever its slides change
  const items = useMemo(() => galleryItems(images, videos, title), [images, videos, title]);
  const [main, setMain] = useState<SwiperClass | null>(null);
  const [thumbs, setThumbs] = useState<SwiperClass | null>(null);
  const [active, setActive] = useState(0);
  const [lightbox, setLightbox] = useState<{ open: boolean; index: number }>({ open: false, index: 0 });

  if (!items.length) return <div className="product-gallery product-gallery--empty">Фото скоро появится</div>;

  const open = (index: number) => setLightbox({ open: true, index });
  const hrefOf = (item: MediaItem) => (item.type === "image" ? item.src : item.src);

  return (
    <div className="product-gallery">
      <Swiper
        className="product-gallery__main"
        modules={[Thumbs, A11y]}
        speed={MAIN_SPEED}
        spaceBetween={10}
        thumbs={{ swiper: thumbs && !thumbs.destroyed ? thumbs : null }}
        a11y={{
          enabled: true,
          prevSlideMessage: "Предыдущее фото",
          nextSlideMessage: "Следующее фото",
          slideLabelMessage: "{{index}} из {{slidesLength}}",
          containerMessage: null,
          itemRoleDescriptionMessage: null,
        }}
        onSwiper={setMain}
        onSlideChange={(s) => setActive(s.activeIndex)}
      >
        {items.map((item, i) => (
          <SwiperSlide key={i}>
            <a
              className="product-gallery__open"
              href={hrefOf(item)}
              data-lightbox="product"
              aria-label={item.type === "image" ? `Открыть фото ${i + 1} из ${items.length} во весь экран` : `Смотреть видео: ${title}`}
              onPointerEnter={preloadMediaLightbox}
              onFocus={preloadMediaLightbox}
              onClick={(e) => {
                e.preventDefault();
                open(i);
              }}
            >
              {item.type === "image" ? (
                <ProductPicture image={images[i]!} sizes={MAIN_SIZES} priority={i === 0} className="product-gallery__picture" />
              ) : (
                <VideoTile link={item.src} large />
              )}
              <span className="product-gallery__zoom" aria-hidden="true">
                <Icon name="search" size={18} />
              </span>
            </a>
          </SwiperSlide>
        ))}
      </Swiper>

      {items.length > 1 ? (
        <Swiper
          className="product-gallery__thumbs"
          modules={[Thumbs]}
          onSwiper={setThumbs}
          speed={THUMBS_SPEED}
          spaceBetween={10}
          slidesPerView={4}
          breakpoints={THUMBS_BREAKPOINTS}
          watchSlidesProgress
          slideToClickedSlide={false}
        >
          {items.map((item, i) => (
            <SwiperSlide key={i}>
              <button
                type="button"
                className="product-gallery__thumb"
                aria-label={item.type === "image" ? `Фото ${i + 1} из ${items.length}` : `Видео ${i + 1} из ${items.length}`}
                aria-current={i === active ? "true" : undefined}
                onClick={() => main?.slideTo(i)}
              >
                {item.type === "image" ? <ProductPicture image={images[i]!} sizes="120px" eager /> : <VideoTile link={item.src} large={false} />}
              </button>
            </SwiperSlide>
          ))}
        </Swiper>
      ) : null}

      <MediaLightbox
        items={items}
        open={lightbox.open}
        index={lightbox.index}
        onView={(i) => {
          setLightbox((l) => (l.index === i ? l : { ...l, index: i }));
          if (i !== active) main?.slideTo(i, 0);
        }}
        onClose={() => setLightbox((l) => ({ ...l, open: false }))}
      />
    </div>
  );
}
