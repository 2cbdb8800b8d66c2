// Common slider (docs/behaviour.md «Widgets and timing»): one slide; gap 20 below 768 px, 40 from
// 768 px, 30 from 991 px. Inside a tab panel that was hidden it measured nothing, so it re-measures
// (swiper.update()) when shown.
import { Children, useEffect, useState, type ReactNode } from "react";
import { Swiper, SwiperSlide } from "swiper/react";
import { A11y, Keyboard, Navigation, Pagination } from "swiper/modules";
import type { Swiper as SwiperClass } from "swiper/types";
import { useTabPanelActive } from "./Tabs.tsx";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/pagination";
import "./CommonSlider.css";
import { SWIPER_A11Y_RU } from "../lib/swiper-ru.ts";

export const COMMON_SLIDER = {
  slidesPerView: 1,
  spaceBetween: 20,
  breakpoints: { 768: { spaceBetween: 40 }, 991: { spaceBetween: 30 } },
} as const;

export function CommonSlider({ label, children }: { label: string; children: ReactNode }) {
  const [swiper, setSwiper] = useState<SwiperClass | null>(null);
  const shown = useTabPanelActive();
  useEffect(() => {
    if (shown && swiper && !swiper.destroyed) swiper.update();
  }, [shown, swiper]);
  return (
    <div className="common-slider" role="group" aria-roledescription="карусель" aria-label={label}>
      <Swiper
        modules={[A11y, Keyboard, Navigation, Pagination]}
        {...COMMON_SLIDER}
        speed={400}
        navigation
        pagination={{ clickable: true }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        onSwiper={setSwiper}
        a11y={{ ...SWIPER_A11Y_RU, containerMessage: null }}
      >
        {Children.toArray(children).map((child, i) => (
          <SwiperSlide key={i}>{child}</SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
