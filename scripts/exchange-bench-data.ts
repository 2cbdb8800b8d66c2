// CommerceML 2 files for the 1C exchange bench (decision 088): an import.xml of N products in
// 40 groups with three properties (a reference «Материал», a number «Ширина», a string
// «Цвет») and an offers.xml with a retail price and stock in two warehouses. Written as a stream,
// so generating 100 000 products needs no more memory than 1 000.
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";

const GROUPS = 40;
const MATERIALS = ["Массив дуба", "Массив сосны", "ЛДСП", "МДФ", "Шпон ореха", "Металл", "Стекло", "Ротанг"];
const COLOURS = ["белый", "чёрный", "серый", "бежевый", "орех", "дуб", "венге", "зелёный"];

async function writeLines(file: string, lines: Iterable<string>): Promise<number> {
  const out = fs.createWriteStream(file);
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, "drain");
  out.end();
  await once(out, "finish");
  return fs.statSync(file).size;
}

const productId = (i: number) => `bench-0000-4000-8000-${String(i).padStart(12, "0")}`;

function* catalogue(products: number): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>';
  yield '<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-25T10:00:00">';
  yield "<Классификатор><Ид>bench-cls</Ид><Наименование>Классификатор</Наименование><Группы>";
  yield "<Группа><Ид>bench-root</Ид><Наименование>Мебель (стенд обмена)</Наименование><Группы>";
  for (let g = 0; g < GROUPS; g++) yield `<Группа><Ид>bench-group-${g}</Ид><Наименование>Группа стенда ${g + 1}</Наименование></Группа>`;
  yield "</Группы></Группа></Группы><Свойства>";
  yield "<Свойство><Ид>bench-material</Ид><Наименование>Материал</Наименование><ТипЗначений>Справочник</ТипЗначений><ВариантыЗначений>";
  for (const [i, m] of MATERIALS.entries()) yield `<Справочник><ИдЗначения>bench-material-${i}</ИдЗначения><Значение>${m}</Значение></Справочник>`;
  yield "</ВариантыЗначений></Свойство>";
  yield "<Свойство><Ид>bench-width</Ид><Наименование>Ширина, см</Наименование><ТипЗначений>Число</ТипЗначений></Свойство>";
  yield "<Свойство><Ид>bench-colour</Ид><Наименование>Цвет</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство>";
  yield '</Свойства></Классификатор><Каталог СодержитТолькоИзменения="false"><Ид>bench-cat</Ид><ИдКлассификатора>bench-cls</ИдКлассификатора><Наименование>Каталог</Наименование><Товары>';
  for (let i = 0; i < products; i++) {
    yield (
      `<Товар><Ид>${productId(i)}</Ид><Артикул>BN-${i}</Артикул><Наименование>Стеллаж стендовый № ${i + 1}</Наименование>` +
      `<Группы><Ид>bench-group-${i % GROUPS}</Ид></Группы><Описание>Стеллаж для обмена с 1С: пять полок, крепёж в комплекте.</Описание>` +
      `<ЗначенияСвойств><ЗначенияСвойства><Ид>bench-material</Ид><Значение>bench-material-${i % MATERIALS.length}</Значение></ЗначенияСвойства>` +
      `<ЗначенияСвойства><Ид>bench-width</Ид><Значение>${40 + (i % 17) * 10}</Значение></ЗначенияСвойства>` +
      `<ЗначенияСвойства><Ид>bench-colour</Ид><Значение>${COLOURS[i % COLOURS.length]}</Значение></ЗначенияСвойства></ЗначенияСвойств>` +
      `<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Вес</Наименование><Значение>${(12 + (i % 30)).toFixed(1)}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Товар>`
    );
  }
  yield "</Товары></Каталог></КоммерческаяИнформация>";
}

function* offers(products: number): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>';
  yield '<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-25T10:00:00">';
  yield '<ПакетПредложений СодержитТолькоИзменения="false"><Ид>bench-cat#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>bench-cat</ИдКаталога>';
  yield "<ТипыЦен><ТипЦены><Ид>bench-retail</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен><Предложения>";
  for (let i = 0; i < products; i++) {
    yield (
      `<Предложение><Ид>${productId(i)}</Ид><Цены><Цена><ИдТипаЦены>bench-retail</ИдТипаЦены><ЦенаЗаЕдиницу>${4990 + (i % 200) * 100}</ЦенаЗаЕдиницу></Цена></Цены>` +
      `<Остатки><Остаток><Склад><Ид>wh-1</Ид><Количество>${i % 7}</Количество></Склад></Остаток><Остаток><Склад><Ид>wh-2</Ид><Количество>${i % 3}</Количество></Склад></Остаток></Остатки></Предложение>`
    );
  }
  yield "</Предложения></ПакетПредложений></КоммерческаяИнформация>";
}

/** Writes import.xml and offers.xml of `products` products into `dir`; their paths and sizes. */
export async function writeExchangeBenchFiles(dir: string, products: number) {
  fs.mkdirSync(dir, { recursive: true });
  const importPath = path.join(dir, "import.xml");
  const offersPath = path.join(dir, "offers.xml");
  const importBytes = await writeLines(importPath, catalogue(products));
  const offersBytes = await writeLines(offersPath, offers(products));
  return { importPath, offersPath, importBytes, offersBytes };
}
