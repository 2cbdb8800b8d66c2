// The home page's promo slides. A seasonal slide carries the days of the year it runs (Moscow
// time, month-day, a window may wrap over New Year); a slide without dates always runs. So a spring
// collection is never advertised in November, and no one has to remember to take it down.
import { SHOP_TIME_ZONE } from "../../lib/shop-calendar.ts";

export type PromoTone = "green" | "terracotta" | "mustard";

export interface Promo {
  title: string;
  text: string;
  href: string;
  cta: string;
  tone: PromoTone;
  /** first and last day it runs, «MM-DD», both included; none: all year */
  season?: { from: string; to: string };
}

export const PROMOS: readonly Promo[] = [
  {
    title: "Весенняя коллекция",
    text: "Букле, лён и тёплые природные оттенки: больше 80 новинок сезона.",
    href: "/news/vesennyaya-kollektsiya-2026/",
    cta: "Смотреть новинки",
    tone: "green",
    season: { from: "03-01", to: "05-31" },
  },
  {
    title: "Садовая мебель для дачи",
    text: "Ротанг, тик и алюминий: мебель для террасы и балкона, которая не боится дождя.",
    href: "/news/sadovaya-mebel-2026/",
    cta: "Выбрать мебель",
    tone: "green",
    season: { from: "04-15", to: "08-31" },
  },
  {
    title: "Детская к школе",
    text: "Кровати-домики, столы и стулья, которые растут вместе с ребёнком.",
    href: "/news/detskaya-kotoraya-rastyot/",
    cta: "Собрать детскую",
    tone: "mustard",
    season: { from: "08-01", to: "09-30" },
  },
  {
    title: "Свет со скидкой до 30 %",
    text: "Люстры, торшеры и настольные лампы — до конца ноября.",
    href: "/news/osennyaya-rasprodazha-sveta/",
    cta: "Подробнее",
    tone: "mustard",
    season: { from: "10-15", to: "11-30" },
  },
  {
    title: "Подъём на этаж — дешевле",
    text: "Декор и текстиль поднимаем бесплатно, крупную мебель — по новым тарифам.",
    href: "/delivery/",
    cta: "Рассчитать стоимость",
    tone: "terracotta",
  },
  {
    title: "Образцы обивки — бесплатно",
    text: "Пришлём образцы тканей, чтобы вы сравнили цвет и фактуру дома, при своём свете.",
    href: "/about/",
    cta: "Подробнее",
    tone: "green",
  },
];

const monthDay = new Intl.DateTimeFormat("en-CA", { month: "2-digit", day: "2-digit", timeZone: SHOP_TIME_ZONE });

/** «11-25» for a moment, in Moscow. */
export const moscowMonthDay = (now: number) => monthDay.format(new Date(now));

export function isInSeason(promo: Promo, now: number): boolean {
  if (!promo.season) return true;
  const day = moscowMonthDay(now);
  const { from, to } = promo.season;
  return from <= to ? day >= from && day <= to : day >= from || day <= to;
}

/** The slides running on that day: the seasonal ones first (they end), then the all-year ones. */
export function activePromos(now: number, promos: readonly Promo[] = PROMOS): Promo[] {
  const running = promos.filter((p) => isInSeason(p, now));
  return [...running.filter((p) => p.season), ...running.filter((p) => !p.season)];
}
