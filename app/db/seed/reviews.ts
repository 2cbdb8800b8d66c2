// Demo reviews: every rating a product shows is one of these rows (name, date, stars, text, pros,
// cons, sometimes photos), so «4,6 · 37 отзывов» on the page is exactly what the list holds and
// the average is theirs. Pure: built from a random source seeded by the product id, so adding
// reviews does not shift the rest of the demo shop.
import { CURRENT_REVIEW_CONSENT } from "../../lib/consent.ts";
import type { TextGroup } from "./product-types.ts";
import { createRandom, type Random } from "./random.ts";

/** The demo shop's "now": reviews are dated before it. */
const REVIEWS_UNTIL = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;

/** Customer photos are the generated interior scenes (16:9), like photos taken at home. */
export const REVIEW_PHOTO_SCENES = ["living-room", "bedroom", "dining-room", "home-office", "storage", "textile", "lighting", "kids-room"] as const;

export interface ReviewPhoto {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface DemoReview {
  product_id: number;
  rating: number;
  text: string;
  pros: string;
  cons: string;
  photos: string;
  helpful: number;
  name: string;
  consent_version: string;
  consent_at: number;
  approved: number;
  created_at: number;
}

const NAMES = [
  "Анна",
  "Сергей",
  "Екатерина",
  "Дмитрий",
  "Ольга",
  "Игорь",
  "Мария",
  "Алексей",
  "Наталья",
  "Андрей",
  "Татьяна",
  "Павел",
  "Юлия",
  "Михаил",
  "Ирина",
  "Владимир",
  "Светлана",
  "Роман",
  "Елена",
  "Артём",
  "Ксения",
  "Николай",
  "Дарья",
  "Максим",
];
const INITIALS = "АБВГДЕЗИКЛМНОПРСТФХЧШ";

const OPENINGS: Record<"good" | "fine" | "bad", readonly string[]> = {
  good: [
    "Привезли вовремя, водитель позвонил за час.",
    "Выбирали долго и не пожалели.",
    "Второй раз заказываю в «Витрине», всё как обещали.",
    "Смотрели вживую в шоуруме, потом заказали на сайте.",
    "Брали на дачу, но в итоге оставили в квартире.",
    "Заказали после ремонта, ждали недолго.",
  ],
  fine: [
    "В целом нормально, но есть нюансы.",
    "За свои деньги неплохо.",
    "Ожидали чуть большего, но пользоваться можно.",
    "Вещь хорошая, доставку пришлось переносить.",
  ],
  bad: ["Разочарованы покупкой.", "Не советую, к сожалению.", "Пришлось оформлять возврат."],
};

const DETAILS: Record<TextGroup | "any", readonly string[]> = {
  soft: [
    "Сидеть удобно, спинка держит, обивка приятная и не электризуется.",
    "Раскладывается легко, спальное место ровное, без провалов.",
    "Кот пробовал когти — следов на ткани нет.",
    "Пахло только упаковкой, через день выветрилось.",
  ],
  sleep: ["Спим уже месяц, спина больше не болит.", "Основание крепкое, ничего не скрипит.", "Размер точно по описанию, бельё подошло стандартное."],
  cabinet: [
    "Двери закрываются мягко, ящики выдвигаются без усилий.",
    "Собирали сами по инструкции, ушло около трёх часов.",
    "Кромка аккуратная, отверстия совпали идеально.",
  ],
  table: ["Столешница ровная, не шатается даже на старом паркете.", "Покрытие не боится горячих кружек.", "За столом свободно помещаются шесть человек."],
  light: ["Свет тёплый, глаза не устают.", "Абажур ровный, провод достаточно длинный.", "Лампу подобрали в магазине рядом, всё подошло."],
  textile: ["Ткань плотная, после стирки не села.", "Цвет насыщенный, не полинял.", "Приятная на ощупь, не колется."],
  decor: ["Смотрится дороже своей цены.", "Гости сразу спрашивают, где купили.", "Упаковали очень надёжно, ничего не разбилось."],
  kids: ["Ребёнок в восторге, углы скруглённые.", "Краска без запаха, покрытие легко моется.", "Собирали вместе с сыном, было весело."],
  office: ["Работаю по восемь часов, спина не устаёт.", "Регулировки понятные, всё держится крепко.", "Места для монитора и ноутбука хватает."],
  garden: ["Простояла всё лето под дождём, выглядит как новая.", "Лёгкая, на зиму убираем в сарай без труда.", "Подушки снимаются и стираются."],
  any: ["Цвет точно как на фото.", "Качество сборки хорошее.", "Менеджер помог подобрать размер."],
};

const CLOSINGS: Record<"good" | "fine" | "bad", readonly string[]> = {
  good: ["Рекомендую.", "Очень довольны покупкой.", "Спасибо магазину!", "Будем заказывать ещё."],
  fine: ["Оценку снизил за мелочи.", "Если бы не это, поставил бы пять.", "Пока пользуемся, посмотрим, как покажет себя."],
  bad: ["Менеджер помог с возвратом, за это спасибо.", "Ждём замену детали.", "Больше такое не возьмём."],
};

const PROS = ["Удобно", "Красиво смотрится", "Качественные материалы", "Быстрая доставка", "Цена", "Нет запаха", "Аккуратная сборка", "Цвет как на фото"];
const CONS = ["Долгая доставка", "Инструкция только в картинках", "Маркая ткань", "Тяжело двигать", "Дороговато", "Мало цветов на выбор"];
const BAD_CONS = ["Перекос двери", "Царапина на ножке", "Не совпал оттенок", "Скрипит", "Доставку перенесли дважды"];

function tone(rating: number): "good" | "fine" | "bad" {
  return rating >= 4 ? "good" : rating === 3 ? "fine" : "bad";
}

/** How many reviews a product has: some none, most a few, popular ones dozens. */
function reviewCount(rng: Random): number {
  if (rng.chance(0.08)) return 0;
  return 1 + Math.floor(58 * rng.next() ** 2.4);
}

/** Stars around the product's quality, so averages differ between products. */
function stars(rng: Random, quality: number): number {
  const r = quality + (rng.next() - 0.5) * 2.2 + (rng.chance(0.05) ? -2 : 0);
  return Math.max(1, Math.min(5, Math.round(r)));
}

/**
 * Reviews of one product, and the average and count they make. `since` is when the product went
 * on sale (no review is older); `group` picks wording that fits the goods.
 */
export function demoReviews(productId: number, group: TextGroup, since: number): { rows: DemoReview[]; rating: number; count: number } {
  const rng = createRandom(0x5eed ^ Math.imul(productId, 2654435761));
  const count = reviewCount(rng);
  const quality = 3.9 + rng.next() * 1.2;
  const from = Math.min(since, REVIEWS_UNTIL - 30 * DAY);
  const rows: DemoReview[] = [];
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const rating = stars(rng, quality);
    sum += rating;
    const t = tone(rating);
    const details = rng.sample([...DETAILS[group], ...DETAILS.any], rng.int(1, 2));
    const text = [rng.pick(OPENINGS[t]), ...details, rng.pick(CLOSINGS[t])].join(" ");
    const withPros = rng.chance(0.6);
    const pros = withPros && rating >= 3 ? rng.sample(PROS, rng.int(1, 3)).join(", ") : "";
    const cons = withPros ? (rating >= 4 ? (rng.chance(0.5) ? rng.pick(CONS) : "Не нашёл") : rng.sample([...CONS, ...BAD_CONS], rng.int(1, 2)).join(", ")) : "";
    const photos: ReviewPhoto[] = rng.chance(0.18)
      ? rng
          .sample(REVIEW_PHOTO_SCENES, rng.int(1, 3))
          .map((scene, k) => ({ src: `/media/news/${scene}`, alt: `Фото покупателя ${k + 1}`, width: 1600, height: 900 }))
      : [];
    const at = from + Math.floor(rng.next() * (REVIEWS_UNTIL - from));
    rows.push({
      product_id: productId,
      rating,
      text,
      pros,
      cons,
      photos: JSON.stringify(photos),
      helpful: Math.floor(30 * rng.next() ** 3),
      name: `${rng.pick(NAMES)} ${INITIALS[rng.int(0, INITIALS.length - 1)]}.`,
      consent_version: CURRENT_REVIEW_CONSENT,
      consent_at: at,
      approved: 1,
      created_at: at,
    });
  }
  return { rows, rating: count ? Math.round((sum / count) * 10) / 10 : 0, count };
}
