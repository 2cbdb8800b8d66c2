// Product sets («Комплект для гостиной Осло: диван, кресло и журнальный столик») assembled from
// generated products. A set's numbers always follow from its items:
//   old_price = Σ item price × qty (all items, optional ones included: they are in the set until
//   the shopper removes them), price = old_price − set_discount %, rounded down to whole roubles,
//   weight = Σ item weight × qty, stock = how many complete sets the items' stock allows.
// The set lives in the section of its main (first) item.
import type { NewProduct, NewProductValue, NewSetItem, ProductImage } from "../schema.ts";
import { PROPERTY_ID } from "./catalog-data.ts";
import { popularityFields, reviewedFields, type ProductSummary } from "./generate-products.ts";
import { leadWeeks } from "./point-stock.ts";
import type { DemoReview } from "./reviews.ts";
import type { Random } from "./random.ts";
import { slugify } from "../../lib/slug.ts";

interface Part {
  type: string;
  qty?: readonly [number, number];
}

interface Recipe {
  prefix: string;
  main: readonly string[];
  required: readonly Part[];
  optional: readonly Part[];
  blurb: string;
}

const RECIPES: readonly Recipe[] = [
  {
    prefix: "Комплект для гостиной",
    main: ["sofa", "corner-sofa"],
    required: [{ type: "armchair" }, { type: "coffee-table" }],
    optional: [{ type: "pouf" }, { type: "rug" }, { type: "floor-lamp" }],
    blurb: "Всё для уютной гостиной, подобранное по цвету и стилю.",
  },
  {
    prefix: "Обеденная группа",
    main: ["dining-table"],
    required: [{ type: "chair", qty: [4, 6] }],
    optional: [{ type: "pendant-lamp" }],
    blurb: "Стол и стулья одной коллекции для семейных обедов и встреч с друзьями.",
  },
  {
    prefix: "Спальня",
    main: ["bed"],
    required: [{ type: "mattress" }, { type: "nightstand", qty: [2, 2] }],
    optional: [{ type: "dresser" }, { type: "table-lamp" }],
    blurb: "Кровать, матрас подходящего размера и тумбы по обе стороны.",
  },
  {
    prefix: "Рабочее место",
    main: ["desk"],
    required: [{ type: "office-chair" }],
    optional: [{ type: "table-lamp" }, { type: "bookcase" }],
    blurb: "Удобный кабинет дома: стол, эргономичное кресло и место для бумаг.",
  },
  {
    prefix: "Детская комната",
    main: ["kids-bed"],
    required: [{ type: "kids-table" }],
    optional: [{ type: "toy-box" }, { type: "rug" }],
    blurb: "Безопасная мебель для детской из одной коллекции.",
  },
  {
    prefix: "Садовый комплект",
    main: ["garden-table"],
    required: [{ type: "garden-chair", qty: [2, 4] }],
    optional: [{ type: "lounger" }],
    blurb: "Мебель для обедов на террасе и отдыха в саду.",
  },
  {
    prefix: "Комплект для хранения",
    main: ["wardrobe"],
    required: [{ type: "dresser" }],
    optional: [{ type: "mirror" }],
    blurb: "Шкаф и комод одной серии: хватит места для одежды всей семьи.",
  },
  {
    prefix: "Уютный набор",
    main: ["throw"],
    required: [{ type: "cushion", qty: [2, 2] }],
    optional: [{ type: "vase" }],
    blurb: "Плед и подушки в одной гамме, чтобы обновить диван за один вечер.",
  },
];

export interface GeneratedSet {
  row: NewProduct & { id: number };
  items: NewSetItem[];
  values: NewProductValue[];
  reviews: DemoReview[];
}

const rub = new Intl.NumberFormat("ru-RU");

/** «стул», «4 стула», «6 стульев» */
function counted(item: ProductSummary, qty: number): string {
  if (qty === 1 || !item.type.counted) return item.type.short;
  return `${qty} ${qty <= 4 ? item.type.counted.few : item.type.counted.many}`;
}

/** «a, b и c» */
function listJoin(parts: string[]): string {
  return parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} и ${parts[parts.length - 1]}`;
}

export function setCount(products: number): number {
  return Math.max(20, Math.round(products * 0.07));
}

export function generateSets(rng: Random, products: readonly ProductSummary[], firstId: number, count: number): GeneratedSet[] {
  // Indexes by type, by type+model and by type+style (in stock only), built once: catalogues can be large.
  const byType = new Map<string, ProductSummary[]>();
  const byModel = new Map<string, ProductSummary[]>();
  const byStyle = new Map<string, ProductSummary[]>();
  const add = (map: Map<string, ProductSummary[]>, key: string, p: ProductSummary) => {
    const list = map.get(key);
    if (list) list.push(p);
    else map.set(key, [p]);
  };
  for (const p of products) {
    add(byType, p.type.key, p);
    if (p.stock > 0) {
      add(byModel, `${p.type.key}|${p.model}`, p);
      add(byStyle, `${p.type.key}|${p.style}`, p);
    }
  }
  // Prefer items of the same collection (model), then of the same style, then any.
  const pickLike = (type: string, main: ProductSummary): ProductSummary | undefined => {
    const list = byModel.get(`${type}|${main.model}`) ?? byStyle.get(`${type}|${main.style}`) ?? byType.get(type);
    return list?.length ? rng.pick(list) : undefined;
  };
  const usable = RECIPES.filter((r) => r.main.some((t) => byType.has(t)) && r.required.every((p) => byType.has(p.type)));
  if (usable.length === 0) return [];

  const sets: GeneratedSet[] = [];
  for (let i = 0; i < count; i++) {
    const recipe = usable[i % usable.length] as Recipe;
    const main = rng.pick(byType.get(rng.pick(recipe.main.filter((t) => byType.has(t)))) as ProductSummary[]);
    const chosen: { item: ProductSummary; qty: number; optional: boolean }[] = [{ item: main, qty: 1, optional: false }];
    for (const part of recipe.required) {
      const item = pickLike(part.type, main);
      if (item) chosen.push({ item, qty: part.qty ? rng.int(part.qty[0], part.qty[1]) : 1, optional: false });
    }
    // Every other set carries one or two optional extras, so «optional» shows up in half of them.
    if (i % 2 === 0) {
      for (const part of rng.sample(recipe.optional, rng.int(1, 2))) {
        const item = pickLike(part.type, main);
        if (item && chosen.length < 5) chosen.push({ item, qty: 1, optional: true });
      }
    }

    const id = firstId + i;
    const discount = rng.int(5, 15);
    const oldPrice = chosen.reduce((sum, c) => sum + c.item.price * c.qty, 0);
    const price = Math.floor((oldPrice * (100 - discount)) / 10000) * 100;
    const weight = chosen.reduce((sum, c) => sum + c.item.weight * c.qty, 0);
    const stock = Math.min(...chosen.map((c) => Math.floor(c.item.stock / c.qty)));
    const title = `${recipe.prefix} ${main.model}: ${listJoin(chosen.filter((c) => !c.optional).map((c) => counted(c.item, c.qty)))}`;
    const lines = chosen.map((c) => `${c.item.title}${c.qty > 1 ? ` — ${c.qty} шт.` : ""}${c.optional ? " (по желанию)" : ""}`);
    const description =
      `${recipe.blurb} В комплект входят: ${lines.join("; ")}.\n\n` +
      `По отдельности эти предметы стоят ${rub.format(oldPrice / 100)} ₽, в комплекте — на ${discount} % дешевле.` +
      (chosen.some((c) => c.optional) ? " Предметы с пометкой «по желанию» можно убрать из комплекта при заказе, цена пересчитается." : "");
    const images: ProductImage[] = [...new Map(chosen.map((c) => [c.item.image.src, c.item.image])).values()].slice(0, 4);
    const popularity = popularityFields(rng);
    const { reviews, ...rated } = reviewedFields(id, main.type.text, Number(popularity.created_at), Number(popularity.popularity));

    sets.push({
      reviews,
      row: {
        id,
        section_id: main.sectionId,
        kind: "set",
        slug: slugify(title, id),
        title,
        description,
        brand: main.brand.name,
        price,
        old_price: oldPrice,
        weight,
        stock,
        ...popularity,
        ...rated,
        ...leadWeeks(id),
        images: JSON.stringify(images),
        videos: "[]",
        set_discount: discount,
      },
      items: chosen.map((c, sort) => ({
        set_id: id,
        item_id: c.item.id,
        variant_id: c.item.id, // every seeded product is a model whose only variant has its id
        price: c.item.price,
        weight: c.item.weight,
        qty: c.qty,
        optional: c.optional ? 1 : 0,
        sort,
      })),
      // A set is found by the facets of its main item.
      values: [
        { product_id: id, property_id: PROPERTY_ID.color, value_text: main.colour.name, value_num: null },
        ...main.materials.map((m) => ({ product_id: id, property_id: PROPERTY_ID.material, value_text: m, value_num: null })),
        { product_id: id, property_id: PROPERTY_ID.style, value_text: main.style, value_num: null },
        { product_id: id, property_id: PROPERTY_ID.country, value_text: main.brand.country, value_num: null },
      ],
    });
  }
  return sets;
}
