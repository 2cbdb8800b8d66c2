// The lightbox itself (see MediaLightbox.tsx): fade 270 ms, swipe with the keyboard, pointer and
// touch, full-screen, and a source area of at most 90 % of the window (the whole width below
// 992 px). A source that fails shows «Не удалось загрузить».
import { useEffect, useMemo, useRef, useState } from "react";
import Lightbox, { type RenderSlideProps, type Slide } from "yet-another-react-lightbox";
import Fullscreen from "yet-another-react-lightbox/plugins/fullscreen";
import "yet-another-react-lightbox/styles.css";
import { parseVideoLink, VIDEO_SITE_SIZE } from "../lib/video-embed.ts";
import type { MediaItem, MediaLightboxProps } from "./MediaLightbox.tsx";
import "./MediaLightbox.css";

declare module "yet-another-react-lightbox" {
  interface SlideTypes {
    "file-video": { type: "file-video"; src: string; title: string; poster?: string; captions?: string };
    "site-video": { type: "site-video"; src: string; title: string };
  }
}

/** docs/behaviour.md «Widgets and timing» */
export const FADE_MS = 270;
export const SWIPE_MS = 400;
export const WIDE_FROM_PX = 992;
export const SOURCE_AREA = 0.9;
export const VIDEO_METADATA_TIMEOUT_MS = 3000;

const FAILED = "Не удалось загрузить";

function toSlide(item: MediaItem): Slide {
  switch (item.type) {
    case "image":
      return { type: "image", src: item.src, alt: item.alt, width: item.width, height: item.height, srcSet: item.srcSet };
    case "video":
      return { type: "file-video", src: item.src, title: item.title, poster: item.poster, captions: item.captions };
    case "embed":
      return { type: "site-video", src: item.src, title: item.title };
  }
}

/** Padding that keeps the source inside 90 % of the window on wide screens, none below 992 px. */
function usePadding(): number {
  const [padding, setPadding] = useState(0);
  useEffect(() => {
    const update = () => {
      const w = window.innerWidth;
      const h = window.innerHeight;
      setPadding(w >= WIDE_FROM_PX ? Math.ceil((Math.max(w, h) * (1 - SOURCE_AREA)) / 2) : 0);
    };
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return padding;
}

function fit(rect: { width: number; height: number }, ratio: number) {
  const width = Math.floor(Math.min(rect.width, rect.height * ratio));
  return { width, height: Math.floor(width / ratio) };
}

function Failed() {
  return (
    <p className="media-lightbox__error" role="alert">
      {FAILED}
    </p>
  );
}

function FileVideo({
  src,
  title,
  poster,
  captions,
  rect,
}: {
  src: string;
  title: string;
  poster?: string;
  captions?: string;
  rect: { width: number; height: number };
}) {
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (state !== "loading") return;
    const timer = setTimeout(() => setState((s) => (s === "loading" ? "failed" : s)), VIDEO_METADATA_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state]);
  if (state === "failed") return <Failed />;
  const size = fit(rect, 16 / 9);
  return (
    // captions are shown when the shop supplies a WebVTT file; demo product videos have none
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      ref={video}
      className="media-lightbox__video"
      src={src}
      poster={poster}
      title={title}
      width={size.width}
      height={size.height}
      controls
      autoPlay
      playsInline
      onLoadedMetadata={() => setState("ready")}
      onError={() => setState("failed")}
    >
      {captions ? <track kind="captions" src={captions} srcLang="ru" label="Русские субтитры" default /> : null}
    </video>
  );
}

function SiteVideo({ src, title, rect }: { src: string; title: string; rect: { width: number; height: number } }) {
  const embed = parseVideoLink(src);
  if (!embed) return <Failed />;
  const size = fit(rect, VIDEO_SITE_SIZE.width / VIDEO_SITE_SIZE.height);
  return (
    <iframe
      className="media-lightbox__frame"
      src={embed.embedUrl}
      title={title}
      width={size.width}
      height={size.height}
      allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

function renderSlide({ slide, offset, rect }: RenderSlideProps) {
  // only the current slide plays: neighbours show nothing rather than autoplaying off-screen
  if (slide.type === "file-video")
    return offset === 0 ? <FileVideo src={slide.src} title={slide.title} poster={slide.poster} captions={slide.captions} rect={rect} /> : <span />;
  if (slide.type === "site-video") return offset === 0 ? <SiteVideo src={slide.src} title={slide.title} rect={rect} /> : <span />;
  return undefined;
}

export default function MediaLightboxView({ items, open, index, onClose, onView }: MediaLightboxProps) {
  const padding = usePadding();
  const slides = useMemo(() => items.map(toSlide), [items]);
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Fullscreen]}
      className="media-lightbox"
      animation={{ fade: FADE_MS, swipe: SWIPE_MS }}
      carousel={{ padding: `${padding}px`, spacing: "30%", finite: items.length <= 1, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      render={{
        slide: renderSlide,
        iconError: () => <Failed />,
        ...(items.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : {}),
      }}
      on={{ view: ({ index: i }) => onView?.(i) }}
      labels={{
        Previous: "Предыдущее",
        Next: "Следующее",
        Close: "Закрыть",
        Lightbox: "Просмотр фото и видео",
        Carousel: "галерея",
        Slide: "слайд",
        "Photo gallery": "Фото и видео",
        "{index} of {total}": "{index} из {total}",
        "Enter Fullscreen": "Во весь экран",
        "Exit Fullscreen": "Выйти из полноэкранного режима",
      }}
    />
  );
}
