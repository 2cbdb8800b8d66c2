// What the shop sells: one entry per kind of product with its leaf section, picture, colours,
// materials and realistic ranges of price (roubles), weight (kg) and size (cm).

type Range = readonly [min: number, max: number, step: number];

export interface Material {
  /** facet value, e.g. «Независимый пружинный блок» */
  value: string;
  /** how the title says it, e.g. «независимые пружины» */
  title: string;
}

export type TextGroup = "soft" | "cabinet" | "table" | "sleep" | "light" | "textile" | "decor" | "kids" | "office" | "garden";

export interface ProductType {
  key: string;
  section: string;
  /** the product word that opens a title: «Диван угловой» */
  word: string;
  /** grammatical gender of `word` for colour agreement; p = plural («Шторы») */
  gender: "m" | "f" | "n" | "p";
  /** how a set title lists it: «угловой диван»; `few`/`many` when a set holds 2–4 / 5+ of them */
  short: string;
  counted?: { few: string; many: string };
  /** picture drawn in images.ts */
  shape: string;
  colours: readonly string[];
  /** one is chosen and named in the title */
  primary: readonly Material[];
  /** 0–2 more materials for the facet */
  secondary: readonly string[];
  /** roubles */
  price: readonly [number, number];
  /** kilograms */
  weight: readonly [number, number];
  w?: Range;
  d?: Range;
  h?: Range;
  /** fixed footprints (sleeping places, rug sizes) named in the title, e.g. 160×200; `frame` cm are added to w and d */
  sizes?: readonly (readonly [number, number])[];
  frame?: number;
  seats?: readonly [number, number];
  mechanisms?: readonly string[];
  /** how common it is in the catalogue */
  share: number;
  text: TextGroup;
  /** type-specific description sentences; {model} {material} {w} {d} {h} are filled in */
  about: readonly string[];
}

// Abbreviations (МДФ, ЛДСП) keep their capitals in titles; other materials are lower-cased.
const m = (value: string, title = /^[А-ЯЁ]{2,}$/.test(value) ? value : value.toLowerCase()): Material => ({ value, title });

const UPHOLSTERY = [m("Велюр"), m("Рогожка"), m("Шенилл"), m("Микровелюр"), m("Экокожа"), m("Букле")];
const SOFA_FRAME = ["Массив сосны", "Массив берёзы", "Фанера", "ЛДСП"];
const CABINET = [m("ЛДСП"), m("МДФ"), m("Массив сосны"), m("Шпон дуба"), m("Шпон ореха")];

export const PRODUCT_TYPES: readonly ProductType[] = [
  {
    key: "sofa", section: "pryamye-divany", word: "Диван", gender: "m", short: "диван", shape: "sofa",
    colours: ["beige", "grey", "graphite", "green", "blue", "terracotta"], primary: UPHOLSTERY, secondary: SOFA_FRAME,
    price: [29990, 149990], weight: [45, 95], w: [180, 260, 10], d: [85, 105, 5], h: [80, 95, 5], seats: [2, 4],
    mechanisms: ["Еврокнижка", "Аккордеон", "Клик-кляк", "Пантограф", "Без механизма"], share: 10, text: "soft",
    about: ["Диван {model} с глубокой посадкой и мягкими подушками спинки рассчитан на ежедневный отдых.", "Обивка из материала «{material}» приятна на ощупь и не боится частой чистки."],
  },
  {
    key: "corner-sofa", section: "uglovye-divany", word: "Диван угловой", gender: "m", short: "угловой диван", shape: "corner-sofa",
    colours: ["beige", "grey", "graphite", "blue"], primary: UPHOLSTERY, secondary: SOFA_FRAME,
    price: [49990, 189990], weight: [80, 150], w: [240, 320, 10], d: [150, 200, 10], h: [80, 95, 5], seats: [3, 5],
    mechanisms: ["Еврокнижка", "Дельфин", "Пантограф"], share: 8, text: "soft",
    about: ["Угловой диван {model} собирается с углом слева или справа и раскладывается в большое спальное место.", "В оттоманке спрятан вместительный ящик для постельного белья."],
  },
  {
    key: "armchair", section: "kresla", word: "Кресло", gender: "n", short: "кресло", counted: { few: "кресла", many: "кресел" }, shape: "armchair",
    colours: ["beige", "green", "mustard", "terracotta", "grey"], primary: [m("Велюр"), m("Букле"), m("Рогожка"), m("Экокожа")], secondary: ["Массив бука", "Массив сосны", "Металл"],
    price: [12990, 69990], weight: [15, 35], w: [70, 95, 5], d: [75, 95, 5], h: [80, 110, 5], share: 8, text: "soft",
    about: ["Кресло {model} с высокой спинкой и широкими подлокотниками создано для неспешного чтения.", "Ножки из массива бука тонированы вручную и защищены от царапин на полу мягкими накладками."],
  },
  {
    key: "pouf", section: "pufy-i-banketki", word: "Пуф", gender: "m", short: "пуф", shape: "pouf",
    colours: ["beige", "mustard", "pink", "green"], primary: [m("Велюр"), m("Букле"), m("Рогожка")], secondary: ["ЛДСП", "Фанера"],
    price: [3990, 14990], weight: [3, 9], w: [40, 60, 5], d: [40, 60, 5], h: [40, 46, 2], share: 4, text: "soft",
    about: ["Круглый пуф {model} служит и дополнительным сиденьем, и подставкой для ног, и столиком для подноса.", "Под съёмной крышкой есть место для пледа или журналов."],
  },
  {
    key: "bench", section: "pufy-i-banketki", word: "Банкетка", gender: "f", short: "банкетка", shape: "bench",
    colours: ["beige", "grey", "pink"], primary: [m("Велюр"), m("Экокожа"), m("Рогожка")], secondary: ["Массив бука", "Металл"],
    price: [7990, 24990], weight: [8, 18], w: [80, 140, 10], d: [35, 45, 5], h: [42, 50, 2], share: 3, text: "soft",
    about: ["Банкетка {model} пригодится в прихожей, у изножья кровати или у туалетного столика.", "Плотный наполнитель не проседает и сохраняет форму годами."],
  },
  {
    key: "dining-table", section: "obedennye-stoly", word: "Стол обеденный", gender: "m", short: "обеденный стол", shape: "dining-table",
    colours: ["oak", "walnut", "white", "black"], primary: [m("Массив дуба"), m("Шпон дуба"), m("Массив сосны"), m("Керамика"), m("МДФ")], secondary: ["Металл", "Массив бука"],
    price: [14990, 119990], weight: [25, 70], w: [120, 220, 10], d: [80, 100, 5], h: [75, 76, 1], share: 7, text: "table",
    about: ["За обеденным столом {model} свободно разместятся от четырёх до восьми человек.", "Столешница покрыта износостойким маслом-воском, которое не боится горячего и влажной уборки."],
  },
  {
    key: "coffee-table", section: "zhurnalnye-stoliki", word: "Столик журнальный", gender: "m", short: "журнальный столик", shape: "coffee-table",
    colours: ["oak", "walnut", "black", "white"], primary: [m("Массив дуба"), m("Шпон ореха"), m("Стекло"), m("Искусственный камень"), m("МДФ")], secondary: ["Металл"],
    price: [4990, 39990], weight: [8, 25], w: [60, 120, 10], d: [50, 70, 5], h: [35, 50, 5], share: 6, text: "table",
    about: ["Журнальный столик {model} с нижней полкой для книг и журналов.", "Невысокий и устойчивый, он удобен и у дивана, и у кресла."],
  },
  {
    key: "chair", section: "stulya", word: "Стул", gender: "m", short: "стул", counted: { few: "стула", many: "стульев" }, shape: "chair",
    colours: ["oak", "black", "white", "beige"], primary: [m("Массив бука"), m("Массив дуба"), m("Полипропилен"), m("Велюр")], secondary: ["Металл", "Рогожка"],
    price: [3490, 17990], weight: [4, 8], w: [42, 52, 2], d: [48, 56, 2], h: [78, 95, 1], share: 8, text: "table",
    about: ["Стул {model} с анатомической спинкой удобен даже за долгим семейным ужином.", "Стулья легко штабелируются и не занимают лишнего места."],
  },
  {
    key: "bar-stool", section: "barnye-stulya", word: "Стул барный", gender: "m", short: "барный стул", counted: { few: "барных стула", many: "барных стульев" }, shape: "bar-stool",
    colours: ["black", "oak", "grey"], primary: [m("Массив бука"), m("Экокожа"), m("Металл")], secondary: ["Металл"],
    price: [4490, 16990], weight: [5, 9], w: [40, 50, 2], d: [40, 50, 2], h: [95, 110, 5], share: 4, text: "table",
    about: ["Барный стул {model} с удобной подножкой подходит для стойки высотой 100–110 см.", "Широкое сиденье и устойчивое основание не дают стулу раскачиваться."],
  },
  {
    key: "wardrobe", section: "shkafy", word: "Шкаф", gender: "m", short: "шкаф", shape: "wardrobe",
    colours: ["white", "oak", "walnut", "graphite"], primary: CABINET, secondary: ["Зеркало", "Металл"],
    price: [24990, 129990], weight: [60, 160], w: [80, 240, 20], d: [55, 65, 5], h: [200, 240, 10], share: 6, text: "cabinet",
    about: ["Шкаф {model} вмещает одежду на штанге, полки для белья и отделение для обуви.", "Двери закрываются плавно и бесшумно благодаря петлям с доводчиками."],
  },
  {
    key: "dresser", section: "komody", word: "Комод", gender: "m", short: "комод", shape: "dresser",
    colours: ["white", "oak", "walnut", "milk"], primary: CABINET, secondary: ["Металл", "Массив бука"],
    price: [11990, 59990], weight: [30, 65], w: [80, 140, 10], d: [40, 50, 5], h: [75, 105, 5], share: 6, text: "cabinet",
    about: ["В комоде {model} вместительные ящики на направляющих полного выдвижения.", "Верх комода подойдёт для телевизора, зеркала или коллекции любимых вещей."],
  },
  {
    key: "bookcase", section: "stellazhi", word: "Стеллаж", gender: "m", short: "стеллаж", shape: "bookcase",
    colours: ["oak", "white", "black"], primary: [m("Массив сосны"), m("ЛДСП"), m("Металл"), m("Шпон дуба")], secondary: ["Металл"],
    price: [6990, 39990], weight: [18, 45], w: [60, 120, 20], d: [30, 40, 5], h: [150, 210, 10], share: 5, text: "cabinet",
    about: ["Стеллаж {model} с открытыми полками выдерживает до 25 кг на каждую полку.", "Его можно поставить к стене или использовать как лёгкую перегородку."],
  },
  {
    key: "tv-stand", section: "tumby-pod-televizor", word: "Тумба под телевизор", gender: "f", short: "тумба под ТВ", shape: "tv-stand",
    colours: ["oak", "walnut", "white", "graphite"], primary: CABINET, secondary: ["Металл", "Стекло"],
    price: [8990, 49990], weight: [20, 45], w: [120, 200, 20], d: [38, 45, 1], h: [45, 60, 5], share: 4, text: "cabinet",
    about: ["Тумба {model} рассчитана на телевизор с диагональю до 75 дюймов.", "Отверстия в задней стенке прячут провода, а в нишах помещаются приставка и колонки."],
  },
  {
    key: "bed", section: "krovati", word: "Кровать", gender: "f", short: "кровать", shape: "bed",
    colours: ["beige", "grey", "graphite", "green"], primary: [m("Велюр"), m("Рогожка"), m("Букле"), m("Экокожа")], secondary: ["Массив сосны", "Фанера", "ЛДСП", "Металл"],
    price: [24990, 139990], weight: [45, 110], sizes: [[140, 200], [160, 200], [180, 200], [200, 200]], frame: 15, h: [95, 120, 5], share: 7, text: "sleep",
    about: ["Кровать {model} с мягким изголовьем и ортопедическим основанием из берёзовых ламелей.", "Подъёмный механизм на газлифтах открывает ящик для белья на всю площадь кровати."],
  },
  {
    key: "mattress", section: "matrasy", word: "Матрас", gender: "m", short: "матрас", shape: "mattress",
    colours: ["white"], primary: [m("Независимый пружинный блок", "независимые пружины"), m("Латекс"), m("Пена с памятью"), m("Кокосовая койра")], secondary: ["Хлопок", "Жаккард"],
    price: [9990, 79990], weight: [15, 40], sizes: [[90, 200], [120, 200], [140, 200], [160, 200], [180, 200]], frame: 0, h: [18, 28, 2], share: 6, text: "sleep",
    about: ["Матрас {model} средней жёсткости поддерживает позвоночник в естественном положении.", "Съёмный чехол из жаккарда можно стирать при 40 °C."],
  },
  {
    key: "nightstand", section: "prikrovatnye-tumby", word: "Тумба прикроватная", gender: "f", short: "прикроватная тумба", counted: { few: "прикроватные тумбы", many: "прикроватных тумб" }, shape: "nightstand",
    colours: ["oak", "white", "walnut"], primary: [m("МДФ"), m("Массив сосны"), m("ЛДСП"), m("Шпон дуба")], secondary: ["Металл"],
    price: [4990, 19990], weight: [8, 18], w: [40, 55, 5], d: [35, 45, 5], h: [45, 60, 5], share: 4, text: "cabinet",
    about: ["Прикроватная тумба {model} с ящиком и открытой полкой.", "Высота тумбы совпадает с высотой большинства кроватей, до ночника легко дотянуться."],
  },
  {
    key: "pendant-lamp", section: "lyustry", word: "Светильник подвесной", gender: "m", short: "подвесной светильник", shape: "pendant-lamp",
    colours: ["black", "white", "mustard"], primary: [m("Металл"), m("Стекло"), m("Ротанг")], secondary: ["Латунь"],
    price: [3990, 39990], weight: [1, 5], w: [25, 60, 5], h: [25, 45, 5], share: 5, text: "light",
    about: ["Подвесной светильник {model} хорош над обеденным столом и кухонным островом.", "Высоту подвеса можно отрегулировать от 60 до 150 см."],
  },
  {
    key: "floor-lamp", section: "torshery", word: "Торшер", gender: "m", short: "торшер", shape: "floor-lamp",
    colours: ["black", "white", "beige"], primary: [m("Металл"), m("Лён"), m("Массив бука")], secondary: ["Латунь", "Хлопок"],
    price: [5990, 34990], weight: [4, 9], w: [35, 50, 5], h: [150, 175, 5], share: 3, text: "light",
    about: ["Торшер {model} с тканевым абажуром даёт мягкий рассеянный свет.", "Ножной выключатель удобно нажимать, не вставая с кресла."],
  },
  {
    key: "table-lamp", section: "nastolnye-lampy", word: "Лампа настольная", gender: "f", short: "настольная лампа", shape: "table-lamp",
    colours: ["white", "terracotta", "green", "beige"], primary: [m("Керамика"), m("Металл"), m("Стекло")], secondary: ["Лён", "Хлопок"],
    price: [2490, 14990], weight: [1, 4], w: [20, 40, 5], h: [35, 60, 5], share: 4, text: "light",
    about: ["Настольная лампа {model} с керамическим основанием ручной работы.", "Подходит для ламп с цоколем E27 мощностью до 40 Вт."],
  },
  {
    key: "rug", section: "kovry", word: "Ковёр", gender: "m", short: "ковёр", shape: "rug",
    colours: ["beige", "grey", "terracotta", "blue", "green"], primary: [m("Шерсть"), m("Хлопок"), m("Полипропилен"), m("Джут"), m("Вискоза")], secondary: ["Хлопок", "Латекс"],
    price: [3990, 59990], weight: [3, 25], sizes: [[80, 150], [120, 180], [160, 230], [200, 300]], frame: 0, h: [1, 3, 1], share: 5, text: "textile",
    about: ["Ковёр {model} с плотным коротким ворсом не путается под ножками стульев.", "Геометрический узор спокойно смотрится и в скандинавском, и в современном интерьере."],
  },
  {
    key: "cushion", section: "podushki-i-pledy", word: "Подушка декоративная", gender: "f", short: "подушка", counted: { few: "подушки", many: "подушек" }, shape: "cushion",
    colours: ["mustard", "terracotta", "green", "pink", "beige"], primary: [m("Лён"), m("Хлопок"), m("Велюр"), m("Букле")], secondary: ["Холлофайбер"],
    price: [2490, 6990], weight: [0.4, 1], w: [40, 50, 5], h: [40, 50, 5], share: 4, text: "textile",
    about: ["Декоративная подушка {model} со съёмным чехлом на потайной молнии.", "Наполнитель из холлофайбера быстро восстанавливает форму."],
  },
  {
    key: "throw", section: "podushki-i-pledy", word: "Плед", gender: "m", short: "плед", shape: "throw",
    colours: ["beige", "grey", "mustard", "milk"], primary: [m("Хлопок"), m("Шерсть"), m("Акрил"), m("Лён")], secondary: [],
    price: [2990, 12990], weight: [0.8, 2], w: [130, 150, 10], d: [170, 200, 10], share: 3, text: "textile",
    about: ["Плед {model} крупной вязки согреет в прохладный вечер.", "Его можно стирать в машине на деликатном режиме."],
  },
  {
    key: "curtain", section: "shtory", word: "Шторы", gender: "p", short: "шторы", shape: "curtain",
    colours: ["beige", "grey", "green", "milk", "blue"], primary: [m("Лён"), m("Бархат"), m("Блэкаут"), m("Хлопок")], secondary: ["Полиэстер"],
    price: [3490, 14990], weight: [1, 3], w: [140, 200, 20], h: [260, 300, 10], share: 4, text: "textile",
    about: ["Комплект штор {model} из двух полотен на шторной ленте.", "Плотная ткань мягко рассеивает свет и красиво ложится складками."],
  },
  {
    key: "vase", section: "vazy", word: "Ваза", gender: "f", short: "ваза", shape: "vase",
    colours: ["white", "terracotta", "green", "black"], primary: [m("Керамика"), m("Стекло"), m("Фарфор"), m("Бетон")], secondary: [],
    price: [2490, 9990], weight: [0.5, 3], w: [12, 25, 1], h: [20, 45, 5], share: 4, text: "decor",
    about: ["Ваза {model} ручной работы с матовой глазурью.", "Хороша и с живыми цветами, и с сухоцветами, и сама по себе."],
  },
  {
    key: "mirror", section: "zerkala", word: "Зеркало", gender: "n", short: "зеркало", shape: "mirror",
    colours: ["black", "oak", "white"], primary: [m("Металл"), m("Массив дуба"), m("МДФ")], secondary: ["Зеркало"],
    price: [4990, 29990], weight: [4, 15], w: [50, 80, 5], d: [2, 4, 1], h: [60, 180, 10], share: 3, text: "decor",
    about: ["Зеркало {model} в тонкой раме визуально расширяет пространство.", "Крепления для вертикального и горизонтального монтажа входят в комплект."],
  },
  {
    key: "planter", section: "kashpo-i-gorshki", word: "Кашпо", gender: "n", short: "кашпо", shape: "planter",
    colours: ["white", "terracotta", "grey", "black"], primary: [m("Керамика"), m("Бетон"), m("Ротанг"), m("Металл")], secondary: [],
    price: [2490, 9990], weight: [1, 6], w: [15, 40, 5], h: [15, 45, 5], share: 3, text: "decor",
    about: ["Кашпо {model} с дренажным отверстием и поддоном.", "Подойдёт для фикуса, монстеры и других крупных растений."],
  },
  {
    key: "clock", section: "chasy", word: "Часы настенные", gender: "p", short: "часы", shape: "clock",
    colours: ["black", "white", "oak"], primary: [m("Металл"), m("Массив дуба"), m("Стекло")], secondary: [],
    price: [2490, 8990], weight: [0.6, 2], w: [30, 60, 5], d: [4, 6, 1], share: 2, text: "decor",
    about: ["Настенные часы {model} с плавным бесшумным ходом не мешают спать.", "Работают от одной батарейки АА около года."],
  },
  {
    key: "kids-bed", section: "detskie-krovati", word: "Кровать детская", gender: "f", short: "детская кровать", shape: "kids-bed",
    colours: ["white", "pink", "blue", "oak"], primary: [m("Массив сосны"), m("Массив берёзы"), m("МДФ")], secondary: ["ЛДСП"],
    price: [14990, 49990], weight: [25, 50], sizes: [[80, 160], [80, 190], [90, 190]], frame: 10, h: [130, 170, 10], share: 3, text: "kids",
    about: ["Кровать-домик {model} с защитными бортиками превращает сон в игру.", "Каркас можно использовать как основу для балдахина или гирлянды."],
  },
  {
    key: "kids-table", section: "detskie-stoly", word: "Стол детский", gender: "m", short: "детский стол", shape: "kids-table",
    colours: ["white", "oak", "green"], primary: [m("Массив берёзы"), m("Фанера"), m("МДФ")], secondary: ["Полипропилен"],
    price: [5990, 19990], weight: [8, 15], w: [60, 80, 10], d: [45, 60, 5], h: [46, 58, 2], share: 2, text: "kids",
    about: ["Детский стол {model} с регулируемой высотой растёт вместе с ребёнком.", "Покрытие без запаха легко отмывается от фломастеров и пластилина."],
  },
  {
    key: "toy-box", section: "hranenie-igrushek", word: "Ящик для игрушек", gender: "m", short: "ящик для игрушек", shape: "toy-box",
    colours: ["pink", "blue", "green", "white"], primary: [m("Фанера"), m("Массив сосны"), m("МДФ"), m("Войлок")], secondary: [],
    price: [2990, 9990], weight: [3, 8], w: [50, 80, 10], d: [35, 45, 5], h: [35, 50, 5], share: 2, text: "kids",
    about: ["Ящик {model} на мягких колёсиках легко катить даже малышу.", "Крышка с доводчиком не прищемит пальцы."],
  },
  {
    key: "desk", section: "pismennye-stoly", word: "Стол письменный", gender: "m", short: "письменный стол", shape: "desk",
    colours: ["oak", "white", "walnut", "black"], primary: [m("ЛДСП"), m("Шпон дуба"), m("Массив дуба"), m("МДФ")], secondary: ["Металл"],
    price: [9990, 59990], weight: [20, 50], w: [100, 160, 10], d: [55, 75, 5], h: [75, 76, 1], share: 4, text: "office",
    about: ["Письменный стол {model} с тумбой на три ящика и кабель-каналом под столешницей.", "Глубины столешницы хватает для ноутбука, монитора и бумаг."],
  },
  {
    key: "office-chair", section: "ofisnye-kresla", word: "Кресло офисное", gender: "n", short: "офисное кресло", shape: "office-chair",
    colours: ["black", "grey", "blue"], primary: [m("Сетчатая ткань"), m("Экокожа"), m("Рогожка"), m("Натуральная кожа")], secondary: ["Металл", "Полипропилен"],
    price: [8990, 59990], weight: [12, 22], w: [60, 70, 5], d: [60, 70, 5], h: [110, 130, 5], share: 4, text: "office",
    about: ["Офисное кресло {model} с поддержкой поясницы и регулируемыми подлокотниками.", "Механизм качания фиксируется в нескольких положениях."],
  },
  {
    key: "garden-chair", section: "sadovye-kresla", word: "Кресло садовое", gender: "n", short: "садовое кресло", counted: { few: "садовых кресла", many: "садовых кресел" }, shape: "garden-chair",
    colours: ["brown", "graphite", "beige"], primary: [m("Искусственный ротанг"), m("Тик"), m("Алюминий"), m("Массив акации")], secondary: ["Полиэстер"],
    price: [5990, 29990], weight: [6, 15], w: [60, 80, 5], d: [60, 80, 5], h: [75, 95, 5], share: 3, text: "garden",
    about: ["Садовое кресло {model} не выгорает на солнце и не боится дождя.", "Подушки в чехлах из водоотталкивающей ткани входят в комплект."],
  },
  {
    key: "garden-table", section: "sadovye-stoly", word: "Стол садовый", gender: "m", short: "садовый стол", shape: "garden-table",
    colours: ["brown", "graphite", "white"], primary: [m("Массив акации"), m("Тик"), m("Алюминий"), m("Искусственный ротанг")], secondary: ["Стекло"],
    price: [7990, 39990], weight: [10, 30], w: [80, 160, 10], d: [80, 90, 5], h: [72, 75, 1], share: 2, text: "garden",
    about: ["Садовый стол {model} с отверстием под зонт от солнца.", "Регулируемые опоры выравнивают стол на неровной плитке или газоне."],
  },
  {
    key: "lounger", section: "shezlongi", word: "Шезлонг", gender: "m", short: "шезлонг", shape: "lounger",
    colours: ["brown", "white", "graphite"], primary: [m("Массив акации"), m("Алюминий"), m("Искусственный ротанг"), m("Тик")], secondary: ["Текстилен"],
    price: [9990, 34990], weight: [10, 20], w: [60, 70, 5], d: [190, 200, 5], h: [80, 100, 5], share: 2, text: "garden",
    about: ["Спинка шезлонга {model} фиксируется в пяти положениях, от сидячего до лежачего.", "Колёса на изножье помогают передвигать его вслед за солнцем."],
  },
];

/** Pictures whose products also get a dimensions drawing as a second image (furniture, not decor). */
export const SHAPES_WITH_DIMENSIONS: ReadonlySet<string> = new Set(
  PRODUCT_TYPES.filter((t) => !["light", "textile", "decor"].includes(t.text)).map((t) => t.shape),
);
