// Fixed vocabulary of the demo shop: sections, properties (facets), colours, styles, brands and
// model names. Product types that combine them live in product-types.ts.
import type { PropertyKind } from "../schema.ts";

export interface SectionSeed {
  slug: string;
  title: string;
  description: string;
  children: { slug: string; title: string; description: string }[];
}

export const SECTIONS: SectionSeed[] = [
  {
    slug: "divany-i-kresla",
    title: "Диваны и кресла",
    description: "Мягкая мебель для гостиной: от компактных диванов для первой квартиры до просторных угловых моделей для большой семьи.",
    children: [
      {
        slug: "pryamye-divany",
        title: "Прямые диваны",
        description: "Классическая форма, которая встанет вдоль любой стены. Многие модели раскладываются в полноценное спальное место.",
      },
      {
        slug: "uglovye-divany",
        title: "Угловые диваны",
        description: "Вместительные диваны для больших гостиных и студий. Угол можно собрать слева или справа.",
      },
      { slug: "kresla", title: "Кресла", description: "Кресла для чтения, отдыха и гостей: мягкие, с высокой спинкой или на тонких деревянных ножках." },
      {
        slug: "pufy-i-banketki",
        title: "Пуфы и банкетки",
        description: "Небольшая мягкая мебель для прихожей, спальни и гостиной. Многие модели с местом для хранения.",
      },
    ],
  },
  {
    slug: "stoly-i-stulya",
    title: "Столы и стулья",
    description: "Обеденные группы, журнальные столики и стулья для кухни, столовой и гостиной.",
    children: [
      {
        slug: "obedennye-stoly",
        title: "Обеденные столы",
        description: "Столы из массива, шпона и керамики на четыре, шесть и восемь персон. Есть раздвижные модели.",
      },
      { slug: "zhurnalnye-stoliki", title: "Журнальные столики", description: "Низкие столики для гостиной: для книг, чашки кофе и пульта от телевизора." },
      { slug: "stulya", title: "Стулья", description: "Удобные стулья для кухни и столовой: деревянные, с мягким сиденьем, на металлическом каркасе." },
      { slug: "barnye-stulya", title: "Барные стулья", description: "Высокие стулья для барной стойки и кухонного острова, с подножкой и без." },
    ],
  },
  {
    slug: "shkafy-i-hranenie",
    title: "Шкафы и хранение",
    description: "Шкафы, комоды и стеллажи, чтобы у каждой вещи было своё место.",
    children: [
      { slug: "shkafy", title: "Шкафы", description: "Распашные шкафы и шкафы-купе для одежды, белья и обуви. Внутреннее наполнение можно выбрать." },
      { slug: "komody", title: "Комоды", description: "Комоды с вместительными ящиками на доводчиках для спальни, детской и гостиной." },
      { slug: "stellazhi", title: "Стеллажи", description: "Открытые стеллажи для книг и декора. Помогают зонировать пространство без стен." },
      { slug: "tumby-pod-televizor", title: "Тумбы под телевизор", description: "Низкие тумбы с кабель-каналами, полками и ящиками для техники и мелочей." },
    ],
  },
  {
    slug: "krovati-i-matrasy",
    title: "Кровати и матрасы",
    description: "Всё для крепкого сна: кровати с мягким изголовьем, ортопедические матрасы и прикроватные тумбы.",
    children: [
      {
        slug: "krovati",
        title: "Кровати",
        description: "Односпальные и двуспальные кровати с мягким изголовьем, многие с подъёмным механизмом и ящиком для белья.",
      },
      { slug: "matrasy", title: "Матрасы", description: "Пружинные и беспружинные матрасы разной жёсткости. Подберём модель по росту и весу." },
      { slug: "prikrovatnye-tumby", title: "Прикроватные тумбы", description: "Компактные тумбы с ящиком и полкой: для книги, телефона и ночника." },
    ],
  },
  {
    slug: "osveshchenie",
    title: "Освещение",
    description: "Люстры, торшеры и настольные лампы для общего и уютного локального света.",
    children: [
      { slug: "lyustry", title: "Люстры и подвесные светильники", description: "Подвесные светильники над обеденным столом, кухонным островом и в гостиной." },
      { slug: "torshery", title: "Торшеры", description: "Напольные светильники для зоны чтения и мягкого вечернего света." },
      { slug: "nastolnye-lampy", title: "Настольные лампы", description: "Лампы для рабочего стола, тумбы и комода: от строгих офисных до керамических." },
    ],
  },
  {
    slug: "tekstil",
    title: "Текстиль",
    description: "Ковры, шторы, подушки и пледы из хлопка, льна и шерсти: с ними дом сразу становится уютнее.",
    children: [
      { slug: "kovry", title: "Ковры", description: "Ковры с коротким и длинным ворсом, безворсовые килимы и ковры для детской." },
      { slug: "podushki-i-pledy", title: "Подушки и пледы", description: "Декоративные подушки и мягкие пледы, чтобы обновить интерьер без ремонта." },
      { slug: "shtory", title: "Шторы", description: "Шторы из льна, бархата и блэкаута на ленте и люверсах. Стандартная высота 270 см." },
    ],
  },
  {
    slug: "dekor",
    title: "Декор",
    description: "Вазы, зеркала, часы и кашпо: детали, которые делают интерьер вашим.",
    children: [
      { slug: "vazy", title: "Вазы", description: "Керамические и стеклянные вазы для цветов, сухоцветов и просто для красоты." },
      { slug: "zerkala", title: "Зеркала", description: "Настенные и напольные зеркала в деревянных и металлических рамах." },
      { slug: "kashpo-i-gorshki", title: "Кашпо и горшки", description: "Кашпо для комнатных растений из керамики, бетона и плетёных материалов." },
      { slug: "chasy", title: "Часы", description: "Настенные часы с бесшумным механизмом для кухни, гостиной и детской." },
    ],
  },
  {
    slug: "detskaya",
    title: "Детская",
    description: "Безопасная мебель для детской из натуральных материалов, с закруглёнными углами и без резких запахов.",
    children: [
      { slug: "detskie-krovati", title: "Детские кровати", description: "Кровати-домики и кровати с бортиками для детей от трёх лет." },
      { slug: "detskie-stoly", title: "Детские столы", description: "Столы для рисования и первых уроков, подобранные по росту ребёнка." },
      { slug: "hranenie-igrushek", title: "Хранение игрушек", description: "Ящики и сундуки на колёсах, чтобы уборка занимала пять минут." },
    ],
  },
  {
    slug: "ofis",
    title: "Офис",
    description: "Мебель для домашнего кабинета и офиса: письменные столы и эргономичные кресла.",
    children: [
      { slug: "pismennye-stoly", title: "Письменные столы", description: "Письменные и компьютерные столы с тумбой, ящиками и кабель-каналом." },
      { slug: "ofisnye-kresla", title: "Офисные кресла", description: "Эргономичные кресла с регулировкой высоты, поддержкой поясницы и подлокотниками." },
    ],
  },
  {
    slug: "sad-i-balkon",
    title: "Сад и балкон",
    description: "Мебель для дачи, террасы и балкона, которая не боится солнца и дождя.",
    children: [
      { slug: "sadovye-kresla", title: "Садовые кресла", description: "Кресла из искусственного ротанга, тика и алюминия для веранды и сада." },
      { slug: "sadovye-stoly", title: "Садовые столы", description: "Столы для обедов на свежем воздухе: устойчивые, лёгкие в уходе." },
      { slug: "shezlongi", title: "Шезлонги", description: "Шезлонги с регулируемой спинкой для сада, у бассейна и на террасе." },
    ],
  },
];

export interface PropertySeed {
  id: number;
  code: string;
  title: string;
  kind: PropertyKind;
  unit: string;
}

// Ids are fixed so product values can be built before the insert.
export const PROPERTIES = [
  { id: 1, code: "color", title: "Цвет", kind: "enum", unit: "" },
  { id: 2, code: "material", title: "Материал", kind: "multi", unit: "" },
  { id: 3, code: "style", title: "Стиль", kind: "enum", unit: "" },
  { id: 4, code: "country", title: "Страна производства", kind: "enum", unit: "" },
  { id: 5, code: "width", title: "Ширина", kind: "number", unit: "см" },
  { id: 6, code: "depth", title: "Глубина", kind: "number", unit: "см" },
  { id: 7, code: "height", title: "Высота", kind: "number", unit: "см" },
  { id: 8, code: "seats", title: "Количество мест", kind: "number", unit: "" },
  { id: 9, code: "mechanism", title: "Механизм трансформации", kind: "enum", unit: "" },
] as const satisfies readonly PropertySeed[];

export type PropertyCode = (typeof PROPERTIES)[number]["code"];
export const PROPERTY_ID = Object.fromEntries(PROPERTIES.map((p) => [p.code, p.id])) as Record<PropertyCode, number>;

/** A colour: its facet value, forms agreeing with the product word in titles, and its paint. */
export interface Colour {
  code: string;
  /** facet value, e.g. «Серый» */
  name: string;
  /** title forms by grammatical gender: masculine, feminine, neuter, plural */
  forms: { m: string; f: string; n: string; p: string };
  hex: string;
}

const adjective = (code: string, stem: string, m: string, hex: string): Colour => {
  const soft = m.endsWith("ий"); // «синий» declines with soft endings
  return {
    code,
    name: stem[0]!.toUpperCase() + stem.slice(1) + m,
    forms: soft ? { m: stem + m, f: stem + "яя", n: stem + "ее", p: stem + "ие" } : { m: stem + m, f: stem + "ая", n: stem + "ое", p: stem + "ые" },
    hex,
  };
};
// Wood tones are nouns («орех»), the same in every gender.
const noun = (code: string, name: string, hex: string): Colour => {
  const lower = name.toLowerCase();
  return { code, name, forms: { m: lower, f: lower, n: lower, p: lower }, hex };
};

export const COLOURS: Record<string, Colour> = Object.fromEntries(
  [
    adjective("beige", "бежев", "ый", "#D6C1A1"),
    adjective("grey", "сер", "ый", "#A4A29E"),
    adjective("graphite", "графитов", "ый", "#53575C"),
    adjective("white", "бел", "ый", "#FCFBF8"),
    adjective("black", "чёрн", "ый", "#2F2D2B"),
    adjective("green", "зелён", "ый", "#677F5C"),
    adjective("blue", "син", "ий", "#3F5A7A"),
    adjective("terracotta", "терракотов", "ый", "#B4623F"),
    adjective("mustard", "горчичн", "ый", "#C9992F"),
    adjective("pink", "розов", "ый", "#D8A7A0"),
    adjective("brown", "коричнев", "ый", "#7B5338"),
    adjective("milk", "молочн", "ый", "#EFE5D3"),
    noun("oak", "Натуральный дуб", "#C9A373"),
    noun("walnut", "Орех", "#7C5638"),
  ].map((c) => [c.code, c]),
);

export const STYLES = ["Скандинавский", "Современный", "Лофт", "Минимализм", "Классический", "Прованс"] as const;

export interface Brand {
  name: string;
  country: string;
  /** top-level section slugs the brand makes goods for */
  sections: string[];
}

export const BRANDS: Brand[] = [
  { name: "Северный дом", country: "Россия", sections: ["divany-i-kresla", "stoly-i-stulya", "shkafy-i-hranenie", "krovati-i-matrasy", "detskaya"] },
  { name: "Лесная мастерская", country: "Россия", sections: ["stoly-i-stulya", "shkafy-i-hranenie", "krovati-i-matrasy", "detskaya", "sad-i-balkon"] },
  { name: "Ладога", country: "Россия", sections: ["divany-i-kresla", "krovati-i-matrasy", "ofis"] },
  { name: "Кама Мебель", country: "Россия", sections: ["divany-i-kresla", "shkafy-i-hranenie", "ofis"] },
  { name: "Полесье Дизайн", country: "Беларусь", sections: ["divany-i-kresla", "stoly-i-stulya", "shkafy-i-hranenie", "krovati-i-matrasy"] },
  { name: "Белый лён", country: "Беларусь", sections: ["tekstil", "dekor"] },
  { name: "Casa Verona", country: "Италия", sections: ["divany-i-kresla", "stoly-i-stulya", "osveshchenie", "dekor"] },
  { name: "Forma Milano", country: "Италия", sections: ["divany-i-kresla", "krovati-i-matrasy", "osveshchenie"] },
  { name: "Wisła Home", country: "Польша", sections: ["stoly-i-stulya", "shkafy-i-hranenie", "detskaya", "ofis"] },
  { name: "Lindqvist", country: "Швеция", sections: ["stoly-i-stulya", "osveshchenie", "dekor", "tekstil", "detskaya"] },
  { name: "Bosfor Home", country: "Турция", sections: ["tekstil", "dekor", "sad-i-balkon"] },
  { name: "Luma Light", country: "Китай", sections: ["osveshchenie", "ofis", "dekor"] },
  { name: "Tropic Garden", country: "Малайзия", sections: ["sad-i-balkon", "stoly-i-stulya"] },
  { name: "Hansen & Sohn", country: "Германия", sections: ["ofis", "shkafy-i-hranenie", "krovati-i-matrasy"] },
];

/** Collection names shared by products of different types, so sets read «Комплект Осло». */
export const MODEL_NAMES = [
  "Осло",
  "Берген",
  "Мальмё",
  "Турин",
  "Верона",
  "Милан",
  "Лион",
  "Прага",
  "Вена",
  "Рига",
  "Тоскана",
  "Нордик",
  "Сканди",
  "Бруно",
  "Марсель",
  "Флоренция",
  "Сиена",
  "Таллин",
  "Хельсинки",
  "Ларс",
  "Йорк",
  "Честер",
  "Бостон",
  "Монако",
  "Палермо",
  "Сорренто",
  "Лагуна",
  "Ривьера",
  "Альба",
  "Бьянка",
  "Грета",
  "Фьорд",
  "Порто",
  "Лиссабон",
  "Севилья",
  "Гранада",
] as const;
