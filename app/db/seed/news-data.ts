// News with galleries (images are generated scenes, see scenes.ts) and the shop's contact points.
import type { ContactPointKind, GalleryItem, NewContactPoint, NewNews } from "../schema.ts";
import { newsImageSrc } from "./images.ts";

const at = (month: number, day: number) => Date.UTC(2026, month - 1, day, 9, 0, 0);
const image = (key: string, title: string): GalleryItem => ({ type: "image", src: newsImageSrc(key), title });

interface NewsSeed extends Omit<NewNews, "gallery"> {
  gallery: GalleryItem[];
}

const NEWS: NewsSeed[] = [
  {
    slug: "novyy-shourum-v-kazani",
    title: "Открыли шоурум в Казани",
    published_at: at(3, 14),
    image: newsImageSrc("showroom"),
    summary: "600 квадратных метров, больше 200 моделей мягкой мебели и отдельная зона с тканями.",
    body: `<p>Мы открыли первый шоурум в Казани — на проспекте Ямашева, 46. На 600 квадратных метрах собрали больше 200 моделей: диваны, кресла, кровати и обеденные группы.</p>
<p>Отдельная зона посвящена тканям: здесь можно сравнить больше 300 образцов обивки и сразу заказать диван в нужном цвете.</p>
<h2>Как нас найти</h2>
<p>Шоурум работает ежедневно с 10:00 до 21:00. Бесплатная парковка для покупателей — на крыше торгового центра.</p>`,
    gallery: [
      image("showroom", "Зал мягкой мебели"),
      image("living-room", "Гостиная в скандинавском стиле"),
      image("bedroom", "Спальня с мягким изголовьем"),
      image("dining-room", "Обеденная группа из ореха"),
      { type: "embed", src: "https://rutube.ru/video/5f2c8e1a9b7d4c3e8a6f1b2d0c9e7a54/", title: "Видеоэкскурсия по шоуруму", poster: newsImageSrc("showroom") },
    ],
  },
  {
    slug: "vesennyaya-kollektsiya-2026",
    title: "Весенняя коллекция: зелёный, терракота и горчица",
    published_at: at(4, 2),
    image: newsImageSrc("living-room"),
    summary: "Тёплые природные оттенки, букле и льняные ткани: рассказываем о новинках сезона.",
    body: `<p>Весной в каталоге появилось больше 80 новинок. Главные цвета сезона — оливково-зелёный, терракотовый и горчичный: они хорошо сочетаются с деревом и светлыми стенами.</p>
<p>Ткань сезона — букле: фактурная, приятная на ощупь и устойчивая к затяжкам. В ней доступны диваны Осло и Берген и кресло Грета.</p>
<h2>Как сочетать яркие цвета</h2>
<p>Начните с одного акцента: кресла или пары подушек. Если цвет приживётся, добавьте ковёр или шторы в той же гамме.</p>`,
    gallery: [image("living-room", "Диван в оливковом цвете"), image("textile", "Подушки и пледы"), image("lighting", "Свет для уютного вечера")],
  },
  {
    slug: "sadovaya-mebel-2026",
    title: "Садовая мебель 2026: что выбрать для дачи",
    published_at: at(5, 5),
    image: newsImageSrc("garden-terrace"),
    summary: "Ротанг, тик или алюминий: сравниваем материалы для террасы и балкона.",
    body: `<p>Сезон на даче начинается, и мы обновили раздел садовой мебели. Рассказываем, чем отличаются материалы.</p>
<ul>
  <li><strong>Искусственный ротанг</strong> лёгкий, не боится дождя и не выгорает. Зимой его можно оставить на открытой веранде.</li>
  <li><strong>Тик и акация</strong> — тёплая натуральная древесина. Раз в сезон её стоит покрывать маслом.</li>
  <li><strong>Алюминий</strong> не ржавеет и весит меньше стали: такую мебель удобно переносить.</li>
</ul>`,
    gallery: [
      image("garden-terrace", "Терраса с мебелью из ротанга"),
      image("living-room", "Кресла для веранды"),
      image("textile", "Уличный текстиль"),
      { type: "embed", src: "https://www.youtube.com/watch?v=Vt3kP9xQe2M", title: "Как ухаживать за садовой мебелью" },
    ],
  },
  {
    slug: "novye-tarify-podema-na-etazh",
    title: "Новые тарифы на подъём мебели на этаж",
    published_at: at(5, 20),
    image: newsImageSrc("storage"),
    summary: "С 1 июня подъём мелких товаров бесплатный, а крупную мебель поднимем дешевле.",
    body: `<p>С 1 июня 2026 года мы меняем тарифы на подъём мебели на этаж. Для большинства заказов доставка станет дешевле.</p>
<table>
  <caption>Подъём на этаж: было и стало</caption>
  <thead><tr><th scope="col">Товар</th><th scope="col">С лифтом, было</th><th scope="col">С лифтом, стало</th><th scope="col">Без лифта за этаж, стало</th></tr></thead>
  <tbody>
    <tr><td>Декор, текстиль, светильники</td><td>190 ₽</td><td>бесплатно</td><td>бесплатно</td></tr>
    <tr><td>Стулья, пуфы, тумбы</td><td>390 ₽</td><td>290 ₽</td><td>90 ₽</td></tr>
    <tr><td>Кресла, комоды, матрасы</td><td>690 ₽</td><td>590 ₽</td><td>250 ₽</td></tr>
    <tr><td>Диваны, кровати, шкафы</td><td>1 190 ₽</td><td>990 ₽</td><td>450 ₽</td></tr>
  </tbody>
</table>
<p>Подробнее об условиях — на странице <a href="/delivery/">«Доставка»</a>.</p>`,
    gallery: [image("storage", "Шкафы и комоды"), image("bedroom", "Кровать после сборки"), image("home-office", "Кабинет после доставки")],
  },
  {
    slug: "kak-vybrat-matras",
    title: "Как выбрать матрас: пять вопросов себе",
    published_at: at(6, 18),
    image: newsImageSrc("bedroom"),
    summary: "Жёсткость, высота, наполнитель: разбираемся вместе с экспертом нашего шоурума.",
    body: `<p>Хороший матрас служит 8–10 лет, поэтому выбирать его стоит не торопясь. Задайте себе пять вопросов.</p>
<ol>
  <li><strong>На каком боку вы спите?</strong> Тем, кто спит на боку, подойдут матрасы средней жёсткости, на спине — пожёстче.</li>
  <li><strong>Сколько вы весите?</strong> При весе больше 90 кг выбирайте модели с усиленным пружинным блоком.</li>
  <li><strong>Жарко ли вам ночью?</strong> Кокосовая койра и латекс лучше пропускают воздух, чем пена с памятью.</li>
  <li><strong>Какой размер кровати?</strong> Матрас должен совпадать с основанием до сантиметра.</li>
  <li><strong>Есть ли аллергия?</strong> Выбирайте гипоаллергенные наполнители и съёмный чехол.</li>
</ol>`,
    gallery: [image("bedroom", "Спальня с матрасом средней жёсткости"), image("textile", "Постельный текстиль"), image("lighting", "Прикроватный свет")],
  },
  {
    slug: "detskaya-kotoraya-rastyot",
    title: "Детская, которая растёт вместе с ребёнком",
    published_at: at(8, 12),
    image: newsImageSrc("kids-room"),
    summary: "Кровати-домики, регулируемые столы и ящики на колёсах: собрали детскую к школе.",
    body: `<p>К новому учебному году мы собрали коллекцию мебели для детской: всё из массива берёзы и сосны, с закруглёнными углами и безопасными красками на водной основе.</p>
<p>Стол и стул регулируются по высоте, поэтому подойдут ребёнку и в шесть, и в десять лет. А ящики для игрушек на колёсиках превращают уборку в игру.</p>`,
    gallery: [
      image("kids-room", "Кровать-домик"),
      image("home-office", "Место для уроков"),
      image("textile", "Мягкий ковёр"),
      image("storage", "Хранение вещей"),
    ],
  },
  {
    slug: "domashniy-kabinet",
    title: "Домашний кабинет: идеи для удобного рабочего места",
    published_at: at(9, 3),
    image: newsImageSrc("home-office"),
    summary: "Как разместить рабочее место даже в небольшой квартире и не испортить спину.",
    body: `<p>Всё больше наших покупателей работают из дома. Мы собрали советы, как сделать рабочее место удобным.</p>
<ul>
  <li>Поставьте стол перпендикулярно окну, чтобы свет падал сбоку.</li>
  <li>Глубина столешницы — не меньше 60 см: монитор должен стоять на расстоянии вытянутой руки.</li>
  <li>Выбирайте кресло с поддержкой поясницы и регулируемыми подлокотниками.</li>
  <li>Добавьте стеллаж: бумаги и книги не будут занимать стол.</li>
</ul>`,
    gallery: [
      image("home-office", "Рабочее место у окна"),
      image("storage", "Стеллажи для документов"),
      image("lighting", "Настольные лампы"),
      {
        type: "embed",
        src: "https://rutube.ru/video/a81d3f6c2e9b4f07b5c4d2e1f8a9b3c6/",
        title: "Собираем письменный стол за 20 минут",
        poster: newsImageSrc("home-office"),
      },
    ],
  },
  {
    slug: "osennyaya-rasprodazha-sveta",
    title: "Осенняя распродажа света: скидки до 30 %",
    published_at: at(10, 15),
    image: newsImageSrc("lighting"),
    summary: "Люстры, торшеры и настольные лампы со скидкой до конца ноября.",
    body: `<p>Дни становятся короче, и самое время подумать о свете. До 30 ноября на светильники действуют скидки до 30 %.</p>
<p>Сочетайте несколько источников: общий свет от люстры, торшер у кресла и настольную лампу на комоде. Так комната будет уютной в любое время суток.</p>`,
    gallery: [
      image("lighting", "Подвесные светильники"),
      image("living-room", "Торшер в гостиной"),
      image("dining-room", "Свет над обеденным столом"),
      image("bedroom", "Лампы у кровати"),
    ],
  },
];

export const NEWS_ROWS: NewNews[] = NEWS.map((n) => ({ ...n, gallery: JSON.stringify(n.gallery) }));

/** Scene keys the news refer to, so only those are rendered. */
export const NEWS_IMAGE_KEYS: string[] = [
  ...new Set(
    NEWS.flatMap((n) => [n.image, ...n.gallery.flatMap((g) => (g.type === "image" ? [g.src] : g.poster ? [g.poster] : []))]).map((src) =>
      src.replace("/media/news/", ""),
    ),
  ),
];

export const CONTACT_POINTS: (NewContactPoint & { id: number; kind: ContactPointKind })[] = [
  {
    title: "Шоурум на Ленинградском проспекте",
    city: "Москва",
    address: "Ленинградский проспект, 62, ТЦ «Аэропорт», 2 этаж",
    phones: ["+7 (495) 123-45-67", "+7 (495) 123-45-68"],
    emails: ["hello@vitrina.example"],
    hours: "Ежедневно 10:00–21:00",
    lat: 55.8003,
    lon: 37.5327,
  },
  {
    title: "Склад и пункт выдачи на Варшавском шоссе",
    city: "Москва",
    address: "Варшавское шоссе, 95, строение 2",
    phones: ["+7 (495) 123-45-69"],
    emails: ["sklad@vitrina.example"],
    hours: "Ежедневно 10:00–21:00",
    lat: 55.6385,
    lon: 37.6102,
  },
  {
    title: "Шоурум на Московском проспекте",
    city: "Санкт-Петербург",
    address: "Московский проспект, 137",
    phones: ["+7 (812) 234-56-78"],
    emails: ["spb@vitrina.example"],
    hours: "Ежедневно 10:00–21:00",
    lat: 59.8783,
    lon: 30.3193,
  },
  {
    title: "Шоурум на проспекте Ямашева",
    city: "Казань",
    address: "проспект Ямашева, 46",
    phones: ["+7 (843) 345-67-89"],
    emails: ["kazan@vitrina.example"],
    hours: "Ежедневно 10:00–21:00",
    lat: 55.8294,
    lon: 49.1148,
  },
  {
    title: "Шоурум на улице Малышева",
    city: "Екатеринбург",
    address: "улица Малышева, 51",
    phones: ["+7 (343) 456-78-90"],
    emails: ["ekb@vitrina.example"],
    hours: "Пн–Сб 10:00–20:00, Вс 11:00–19:00",
    lat: 56.8358,
    lon: 60.6086,
  },
].map((c, i) => ({
  ...c,
  id: i + 1,
  kind: c.title.startsWith("Склад") ? ("warehouse" as const) : ("showroom" as const),
  phones: JSON.stringify(c.phones),
  emails: JSON.stringify(c.emails),
  sort: (i + 1) * 10,
}));

/** The points' ids and kinds, for the stock the seed spreads over them. */
export const PICKUP_POINTS = CONTACT_POINTS.map((c) => ({ id: c.id, kind: c.kind }));
