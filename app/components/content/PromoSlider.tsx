// The home page promo slider (Swiper; SPEC 9: one slide, gap 10). Server-rendered, so the first
// slide is there before any script; arrows and dots come with JavaScript.
import { Link } from "react-router";
import { Swiper, SwiperSlide } from "swiper/react";
import { A11y, Keyboard, Navigation, Pagination } from "swiper/modules";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/pagination";
import "./PromoSlider.css";
import { SWIPER_A11Y_RU } from "../../lib/swiper-ru.ts";

export const PROMO_SLIDER = { slidesPerView: 1, spaceBetween: 10 } as const;

const PROMOS = [
  {
    title: "Весенняя коллекция",
    text: "Букле, лён и тёплые природные оттенки: больше 80 новинок сезона.",
    href: "/news/vesennyaya-kollektsiya-2026/",
    cta: "Смотреть новинки",
    tone: "green",
  },
  {
    title: "Подъём на этаж — дешевле",
    text: "Декор и текстиль поднимаем бесплатно, крупную мебель — по новым тарифам.",
    href: "/delivery/",
    cta: "Рассчитать стоимость",
    tone: "terracotta",
  },
  {
    title: "Свет со скидкой до 30 %",
    text: "Люстры, торшеры и настольные лампы — до конца ноября.",
    href: "/news/osennyaya-rasprodazha-sveta/",
    cta: "Подробнее",
    tone: "mustard",
  },
] as const;

export function PromoSlider() {
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
        {PROMOS.map((p) => (
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
