// yet-another-react-lightbox for news galleries: images, video files (Video plugin) and
// video-site embeds (iframe slides). Fades out in 270 ms (SPEC 9); a source that fails to load
// says so in Russian.
import Lightbox, { type GenericSlide, type Slide } from "yet-another-react-lightbox";
import Video from "yet-another-react-lightbox/plugins/video";
import "yet-another-react-lightbox/styles.css";
import type { GalleryEntry } from "../../domain/content-types.ts";
import { parseVideoLink, VIDEO_SITE_SIZE } from "../../lib/video-embed.ts";
import { NEWS_IMAGE, newsImageUrl } from "./NewsPicture.tsx";

export const LIGHTBOX_FADE_MS = 270;
export const LIGHTBOX_ERROR_TEXT = "Не удалось загрузить";

declare module "yet-another-react-lightbox" {
  interface SlideEmbed extends GenericSlide {
    type: "embed";
    embedUrl: string | null;
    pageUrl: string;
    title: string;
  }
  interface SlideTypes {
    embed: SlideEmbed;
  }
}

function toSlide(item: GalleryEntry): Slide {
  if (item.type === "image") {
    return {
      src: newsImageUrl(item.src),
      alt: item.title,
      width: NEWS_IMAGE.width,
      height: NEWS_IMAGE.height,
      srcSet: ([480, 960, 1440] as const).map((w) => ({ src: newsImageUrl(item.src, w), width: w, height: Math.round((w * NEWS_IMAGE.height) / NEWS_IMAGE.width) })),
    };
  }
  if (item.type === "video") {
    return { type: "video", poster: item.poster ? newsImageUrl(item.poster) : undefined, width: VIDEO_SITE_SIZE.width, height: VIDEO_SITE_SIZE.height, sources: [{ src: item.src, type: item.src.endsWith(".webm") ? "video/webm" : "video/mp4" }] };
  }
  const embed = parseVideoLink(item.src);
  return { type: "embed", embedUrl: embed?.embedUrl ?? null, pageUrl: embed?.pageUrl ?? item.src, title: item.title };
}

function EmbedSlide({ slide }: { slide: Extract<Slide, { type: "embed" }> }) {
  if (!slide.embedUrl) {
    return (
      <p className="lightbox-error">
        {LIGHTBOX_ERROR_TEXT}. <a href={slide.pageUrl}>Открыть видео на сайте</a>
      </p>
    );
  }
  return (
    <div className="lightbox-embed">
      <iframe src={slide.embedUrl} title={slide.title} allow="autoplay; fullscreen; picture-in-picture" allowFullScreen />
    </div>
  );
}

interface Props {
  items: GalleryEntry[];
  index: number;
  open: boolean;
  onClose: () => void;
}

export default function GalleryLightbox({ items, index, open, onClose }: Props) {
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={items.map(toSlide)}
      plugins={[Video]}
      animation={{ fade: LIGHTBOX_FADE_MS }}
      carousel={{ finite: items.length <= 1 }}
      labels={{ Previous: "Назад", Next: "Вперёд", Close: "Закрыть", Lightbox: "Просмотр фотографий", Carousel: "Галерея", Slide: "Слайд", "Photo gallery": "Галерея", "{index} of {total}": "{index} из {total}" }}
      render={{
        iconError: () => <span className="lightbox-error">{LIGHTBOX_ERROR_TEXT}</span>,
        slide: ({ slide }) => (slide.type === "embed" ? <EmbedSlide slide={slide} /> : undefined),
      }}
    />
  );
}
