import { Children, useState, type ReactNode } from "react";
import { Swiper, SwiperSlide } from "swiper/react";
import { A11y } from "swiper/modules";
import type { Swiper as SwiperClass } from "swiper/types";
import { Icon } from "./Icon.tsx";
import "swiper/css";
import "./ListSlider.css";

/**
 * List slider (docs/behaviour.md «Widgets and timing»): 1 slide with gap 40; 3 with gap 20 from
 * 768 px; 4 with gap 30 from 991 px.
 */
export const LIST_SLIDER_BREAKPOINTS = {
  768: { slidesPerView: 3, spaceBetween: 20 },
  991: { slidesPerView: 4, spaceBetween: 30 },
} as const;

/**
 * A row of cards that slides. Rendered on the server with the same widths and gaps as the
 * slider (ListSlider.css), so nothing moves when Swiper starts.
 */
export function ListSlider({ label, children }: { label: string; children: ReactNode }) {
  const [swiper, setSwiper] = useState<SwiperClass | null>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const update = (s: SwiperClass) => setEdges({ start: s.isBeginning, end: s.isEnd });
  const items = Children.toArray(children);
  return (
    <div className="list-slider" role="group" aria-roledescription="карусель" aria-label={label}>
      <Swiper
        modules={[A11y]}
        slidesPerView={1}
        spaceBetween={40}
        breakpoints={LIST_SLIDER_BREAKPOINTS}
        speed={400}
        watchOverflow
        a11y={{
          enabled: true,
          slideRole: "group",
          slideLabelMessage: "{{index}} из {{slidesLength}}",
          containerMessage: null,
          itemRoleDescriptionMessage: null,
        }}
        onSwiper={(s) => {
          setSwiper(s);
          update(s);
        }}
        onSlideChange={update}
        onResize={update}
        onBreakpoint={update}
      >
        {items.map((child, i) => (
          <SwiperSlide key={i}>{child}</SwiperSlide>
        ))}
      </Swiper>
      {swiper && !(edges.start && edges.end) ? (
        <div className="list-slider__nav">
          <button type="button" className="icon-button list-slider__button" onClick={() => swiper.slidePrev()} disabled={edges.start}>
            <Icon name="chevron-left" />
            <span className="visually-hidden">Назад</span>
          </button>
          <button type="button" className="icon-button list-slider__button" onClick={() => swiper.slideNext()} disabled={edges.end}>
            <Icon name="chevron-right" />
            <span className="visually-hidden">Вперёд</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
