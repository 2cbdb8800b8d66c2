// The home page promo slider (Swiper: one slide, gap 10). Server-rendered, so the first
// slide is there before any script; arrows and dots come with JavaScript. Which slides run is the
// loader's choice by date (app/features/promo/seasonal-promos.ts).
import { Link } from "react-router";
import { Swiper, SwiperSlide } from "swiper/react";
import { A11y, Keyboard, Navigation, Pagination } from "swiper/modules";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/pagination";
import "./PromoSlider.css";
import { SWIPER_A11Y_RU } from "../../lib/swiper-ru.ts";
import type { Promo } from "./seasonal-promos.ts";

export const PROMO_SLIDER = { slidesPerView: 1, spaceBetween: 10 } as const;

export function PromoSlider({ promos }: { promos: readonly Promo[] }) {
  if (!promos.length) return null;
  return (
    <section className="promo-slider container" aria-label="Акции и новости">
      <Swiper
        modules={[A11y, Keyboard, Navigation, Pagination]}
        {...PROMO_SLIDER}
        navigation
        pagination={{ clickable: true }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        loop={false}
        a11y={{ ...SWIPER_A11Y_RU, containerRoleDescriptionMessage: "карусель" }}
      >
        {promos.map((p) => (
          <SwiperSlide key={p.href} className={`promo-slide promo-slide--${p.tone}`}>
            <div className="promo-slide__body">
              <h2 className="promo-slide__title">{p.title}</h2>
              <p className="promo-slide__text">{p.text}</p>
              <Link to={p.href} className="button promo-slide__cta">
                {p.cta}
              </Link>
            </div>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
