// The orders side of 1C's «Обмен с сайтом» (CommerceML 2, decision 089): the document
// the shop hands 1C on `type=sale&mode=query` (one «Документ» per order, as Bitrix and other shops
// write it for 1C's standard exchange), and the reading of the order documents 1C sends back with
// status changes. Pure: the domain reads the orders and hands the records here. Every text passes
// through the shop's XML escaper, and 1C's files are read with the same DOCTYPE-refusing saxes
// setup as the catalogue, so no value and no file can smuggle markup or entities in.
import { SaxesParser } from "saxes";
import { CommerceMlError } from "./commerceml.ts";
import { deliveryName } from "../delivery/index.ts";
import { isOrderStatus, ORDER_STATUSES, type OrderRecord, type OrderStatus, nextStatuses } from "../orders/index.ts";
import { xmlText } from "../../lib/xml-text.ts";
import { phoneDigits } from "../../lib/phone.ts";
import { shopDateTime } from "../../lib/shop-calendar.ts";

/** the schema version the shop writes; 1C 8.3's exchange reads 2.05–2.10 */
export const ORDERS_SCHEMA_VERSION = "2.08";
/** the services 1C sees as order lines next to the goods */
export const DELIVERY_LINE_ID = "ORDER_DELIVERY";
export const LIFTING_LINE_ID = "ORDER_LIFTING";

export interface ExportOrderGoods {
  /** the product's 1C «Ид» when it came from 1C, else our product id */
  id: string;
  article: string;
  title: string;
  /** kopecks per piece */
  price: number;
  qty: number;
}

export interface ExportOrder {
  number: string;
  createdAt: number;
  /** our status code (app/features/orders/order-status.ts) */
  status: string;
  deliveryType: string;
  /** the delivery address, or the showroom for a pickup */
  address: string;
  floor: number | null;
  deliveryDate: string;
  deliveryTime: string;
  /** a stable counterparty id: the account, else the phone */
  customerId: string;
  name: string;
  phone: string;
  email: string;
  comment: string;
  goods: readonly ExportOrderGoods[];
  /** kopecks */
  deliveryCost: number;
  liftingCost: number;
  /** a product has no weight and the manager has not priced the lifting yet (decision 099): no lifting line, a requisite says so */
  liftingToQuote: boolean;
  promoCode: string | null;
  promoDiscount: number;
  total: number;
  /** "online" or "on_receipt" */
  paymentMethod: string;
  paidAt: number | null;
  /** kopecks returned through the gateway */
  refunded: number;
}

/** kopecks → «1234.50», the decimal 1C reads */
export const roubles = (kopecks: number): string => (kopecks / 100).toFixed(2);

/**
 * The child elements of an order «Документ», of its «Контрагент» and of a line «Товар», in the order
 * the CommerceML 2.05–2.09 schemas define them (each an `xs:sequence`; a derived type's own elements
 * come after those of its base type, so a counterparty's «Роль» follows its «Адрес» and «Контакты»,
 * and a line's «ЦенаЗаЕдиницу», «Количество», «Сумма» follow the base «Товар»'s «ЗначенияРеквизитов»).
 * Only the elements the shop may write, and their neighbours, are listed; the integration test reads
 * the `mode=query` answer back and checks every element against this (decision 100).
 */
export const CML_ELEMENT_ORDER = {
  Документ: [
    "Ид",
    "Номер",
    "Дата",
    "ХозОперация",
    "Роль",
    "Валюта",
    "Курс",
    "Сумма",
    "Контрагенты",
    "Время",
    "СрокПлатежа",
    "Комментарий",
    "Налоги",
    "Скидки",
    "ДопРасходы",
    "Товары",
    "ЗначенияРеквизитов",
  ],
  Контрагент: [
    "Ид",
    "Наименование",
    "ОфициальноеНаименование",
    "ЮридическийАдрес",
    "ИНН",
    "КПП",
    "РасчетныеСчета",
    "ПолноеНаименование",
    "Обращение",
    "Фамилия",
    "Имя",
    "Отчество",
    "АдресРегистрации",
    "Комментарий",
    "Адрес",
    "Контакты",
    "Представители",
    "Роль",
    "РасчетныйСчет",
    "Склад",
  ],
  Товар: [
    "Ид",
    "Штрихкод",
    "Артикул",
    "Наименование",
    "БазоваяЕдиница",
    "Группы",
    "Описание",
    "СтавкиНалогов",
    "ЗначенияРеквизитов",
    "ЦенаЗаЕдиницу",
    "Количество",
    "Резерв",
    "Сумма",
    "Единица",
    "Коэффициент",
    "Налоги",
    "Скидки",
  ],
} as const;

const el = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;
const requisite = (name: string, value: string) => `<ЗначениеРеквизита>${el("Наименование", name)}${el("Значение", value)}</ЗначениеРеквизита>`;
const requisites = (pairs: readonly (readonly [string, string])[]) =>
  `<ЗначенияРеквизитов>${pairs.map(([n, v]) => requisite(n, v)).join("")}</ЗначенияРеквизитов>`;

function lineXml(line: { id: string; article: string; title: string; price: number; qty: number }, kind: "Товар" | "Услуга"): string {
  return [
    "<Товар>",
    el("Ид", line.id),
    ...(line.article ? [el("Артикул", line.article)] : []),
    el("Наименование", line.title),
    '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>',
    requisites([
      ["ВидНоменклатуры", kind],
      ["ТипНоменклатуры", kind],
    ]),
    el("ЦенаЗаЕдиницу", roubles(line.price)),
    el("Количество", String(line.qty)),
    el("Сумма", roubles(line.price * line.qty)),
    "</Товар>",
  ].join("");
}

/** a product's codes as 1C knows it: its «Ид» when it came from 1C, and its article */
export interface ProductCodes {
  externalId: string | null;
  article: string | null;
}

/**
 * The order as 1C's document tells it, from the shop's order record (app/features/orders/order-types.ts),
 * the products' codes as they are now (a product deleted since has none) and the kopecks refunded.
 */
export function exportOrderOf(order: OrderRecord, codes: ReadonlyMap<number, ProductCodes>, refunded: number): ExportOrder {
  const digits = phoneDigits(order.phone);
  return {
    number: order.number,
    createdAt: order.createdAt,
    status: order.status,
    deliveryType: order.deliveryType,
    address: order.deliveryType === "pickup" && order.pickupPoint ? `Самовывоз: ${order.pickupPoint}` : order.address,
    floor: order.floor,
    deliveryDate: order.date,
    deliveryTime: order.time,
    customerId: order.userId !== null ? `user-${order.userId}` : digits ? `phone-7${digits}` : `order-${order.number}`,
    name: order.name,
    phone: order.phone,
    email: order.email,
    comment: order.comment,
    // the product's own article (1C's «Артикул», decision 099); none is sent rather than the address
    goods: order.lines.map((l) => {
      const code = codes.get(l.productId);
      return { id: code?.externalId ?? String(l.productId), article: code?.article ?? "", title: l.title, price: l.price, qty: l.qty };
    }),
    deliveryCost: order.deliveryCost,
    liftingCost: order.liftingCost,
    liftingToQuote: order.deliveryType === "floor" && order.liftingPricing === "to_quote",
    promoCode: order.promoCode,
    promoDiscount: order.promoDiscount,
    total: order.total,
    paymentMethod: order.paymentMethod,
    paidAt: order.paidAt,
    refunded,
  };
}

/**
 * The order's «Документ». It carries no time of writing, so the same order reads the same until
 * something about it changes: its fingerprint is how the shop knows 1C has not seen a change yet.
 */
export function orderDocumentXml(o: ExportOrder): string {
  const { date, time } = shopDateTime(o.createdAt);
  const services: string[] = [];
  // a pickup has no delivery line; any other delivery is one even when free (1C plans the trip from it)
  if (o.deliveryType !== "pickup") {
    services.push(lineXml({ id: DELIVERY_LINE_ID, article: "", title: `Доставка: ${deliveryName(o.deliveryType)}`, price: o.deliveryCost, qty: 1 }, "Услуга"));
  }
  // lifting still to be quoted is no line of 0 ₽: 1C would take it as free
  if (o.liftingCost > 0 && !o.liftingToQuote) {
    const floor = o.floor !== null ? ` на ${o.floor} этаж` : " на этаж";
    services.push(lineXml({ id: LIFTING_LINE_ID, article: "", title: `Подъём${floor}`, price: o.liftingCost, qty: 1 }, "Услуга"));
  }
  const contacts = [
    ...(o.phone ? [`<Контакт><Тип>Телефон рабочий</Тип>${el("Значение", o.phone)}</Контакт>`] : []),
    ...(o.email ? [`<Контакт><Тип>Почта</Тип>${el("Значение", o.email)}</Контакт>`] : []),
  ];
  const paid = o.paidAt !== null;
  const state: [string, string][] = [
    ["Метод оплаты", o.paymentMethod === "online" ? "Онлайн-оплата (ЮKassa)" : "Оплата при получении"],
    ["Заказ оплачен", String(paid)],
    ...(paid ? ([["Дата оплаты", `${shopDateTime(o.paidAt!).date} ${shopDateTime(o.paidAt!).time}`]] as [string, string][]) : []),
    ...(o.refunded > 0 ? ([["Возвращено покупателю", roubles(o.refunded)]] as [string, string][]) : []),
    ["Способ доставки", deliveryName(o.deliveryType)],
    ["Адрес доставки", o.address],
    ...(o.liftingToQuote ? ([["Подъём на этаж", "стоимость уточнит менеджер (у товара не указан вес)"]] as [string, string][]) : []),
    ...(o.deliveryDate ? ([["Дата доставки", `${o.deliveryDate}${o.deliveryTime ? ` ${o.deliveryTime}` : ""}`]] as [string, string][]) : []),
    ["Статус заказа", isOrderStatus(o.status) ? ORDER_STATUSES[o.status] : o.status],
    ["Отменен", String(o.status === "cancelled")],
    ["Сайт", "Витрина"],
  ];
  return [
    "<Документ>",
    el("Ид", o.number),
    el("Номер", o.number),
    el("Дата", date),
    "<ХозОперация>Заказ товара</ХозОперация>",
    "<Роль>Продавец</Роль>",
    "<Валюта>руб</Валюта>",
    "<Курс>1</Курс>",
    el("Сумма", roubles(o.total)),
    "<Контрагенты><Контрагент>",
    el("Ид", o.customerId),
    el("Наименование", o.name),
    el("ПолноеНаименование", o.name),
    ...(o.address ? [`<Адрес>${el("Представление", o.address)}</Адрес>`] : []),
    ...(contacts.length ? [`<Контакты>${contacts.join("")}</Контакты>`] : []),
    "<Роль>Покупатель</Роль>",
    "</Контрагент></Контрагенты>",
    el("Время", time),
    el("Комментарий", o.comment),
    ...(o.promoDiscount > 0
      ? [
          `<Скидки><Скидка>${el("Наименование", `Промокод ${o.promoCode ?? ""}`.trim())}${el("Сумма", roubles(o.promoDiscount))}<УчтеноВСумме>true</УчтеноВСумме></Скидка></Скидки>`,
        ]
      : []),
    "<Товары>",
    ...o.goods.map((g) => lineXml(g, "Товар")),
    ...services,
    "</Товары>",
    requisites(state),
    "</Документ>",
  ].join("\n");
}

/** The whole answer to `mode=query`: the documents inside «КоммерческаяИнформация». */
export function ordersXml(documents: readonly string[], now: number): string {
  const { date, time } = shopDateTime(now);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<КоммерческаяИнформация ВерсияСхемы="${ORDERS_SCHEMA_VERSION}" ДатаФормирования="${date}T${time}">`,
    ...documents,
    "</КоммерческаяИнформация>",
    "",
  ].join("\n");
}

// ---- what 1C sends back ------------------------------------------------------------------------

export interface CmlOrderChange {
  /** «Ид» of the document as 1C has it (ours, when the order came from the shop) */
  id: string;
  number: string;
  /** «ХозОперация», "" when absent */
  operation: string;
  /** the document's own «ЗначенияРеквизитов» (the lines' are left out), names as written */
  requisites: Map<string, string>;
}

/**
 * The bytes 1C sent as text: UTF-8 (a BOM dropped), or Windows-1251 when the XML declaration says
 * so (older configurations write it). Another declared encoding is refused.
 */
export function decodeXmlBytes(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 200)).toString("latin1");
  const declared = /^\s*<\?xml[^>]*encoding=["']([A-Za-z0-9_-]+)["']/.exec(head.replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, ""))?.[1]?.toLowerCase();
  if (declared === "windows-1251" || declared === "cp1251") return new TextDecoder("windows-1251").decode(bytes);
  if (declared && declared !== "utf-8" && declared !== "utf8")
    throw new CommerceMlError(`Кодировка ${declared} не поддерживается: отправьте файл в UTF-8 или Windows-1251`);
  try {
    // fatal: a byte that is not UTF-8 fails the file instead of turning into «�» in a status or a name
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CommerceMlError("Файл не в кодировке UTF-8, указанной в его заголовке: в нём есть недопустимые последовательности байтов");
  }
}

/** Reads the order documents of a file from 1C; a malformed or hostile one throws CommerceMlError. */
export function parseOrderChanges(text: string): CmlOrderChange[] {
  const out: CmlOrderChange[] = [];
  const parser = new SaxesParser({ xmlns: false });
  const path: string[] = [];
  let buf = "";
  let doc: CmlOrderChange | null = null;
  let pair: { name: string; value: string } | null = null;
  let failure: string | null = null;
  let root = "";

  parser.on("doctype", () => {
    throw new CommerceMlError("Файл содержит DOCTYPE: объявления DTD и сущностей не принимаются");
  });
  parser.on("error", (err) => {
    failure ??= `Файл не является корректным XML: ${err.message}`;
  });
  parser.on("opentag", (tag) => {
    const parent = path.at(-1);
    if (path.length === 0) root = tag.name;
    path.push(tag.name);
    buf = "";
    if (tag.name === "Документ" && !doc) doc = { id: "", number: "", operation: "", requisites: new Map() };
    // only the document's own requisites: a line («Товар») has its own, which say nothing of the order
    else if (doc && tag.name === "ЗначениеРеквизита" && parent === "ЗначенияРеквизитов" && path.at(-3) === "Документ") pair = { name: "", value: "" };
  });
  parser.on("text", (t) => {
    buf += t;
  });
  parser.on("closetag", (tag) => {
    path.pop();
    const parent = path.at(-1);
    const value = buf.trim();
    buf = "";
    if (!doc) return;
    if (tag.name === "Документ") {
      out.push(doc);
      doc = null;
    } else if (pair && tag.name === "ЗначениеРеквизита") {
      if (pair.name) doc.requisites.set(pair.name, pair.value);
      pair = null;
    } else if (pair && parent === "ЗначениеРеквизита" && tag.name === "Наименование") pair.name = value;
    else if (pair && parent === "ЗначениеРеквизита" && tag.name === "Значение") pair.value = value;
    else if (parent === "Документ" && tag.name === "Ид") doc.id = value;
    else if (parent === "Документ" && tag.name === "Номер") doc.number = value;
    else if (parent === "Документ" && tag.name === "ХозОперация") doc.operation = value;
  });

  parser.write(text);
  if (failure) throw new CommerceMlError(failure);
  parser.close();
  if (failure) throw new CommerceMlError(failure);
  if (root !== "КоммерческаяИнформация") throw new CommerceMlError("Это не документ CommerceML: корневой элемент должен быть «КоммерческаяИнформация»");
  return out;
}

const truthy = (value: string | undefined) => value !== undefined && ["true", "истина", "да", "1"].includes(value.trim().toLowerCase());
const folded = (s: string) => s.trim().toLowerCase().replaceAll("ё", "е");

export type StatusFrom1C = { kind: "none" } | { kind: "move"; to: OrderStatus; because: string } | { kind: "unknown-status"; value: string };

/**
 * What 1C's requisites ask of an order now in `current`, strongest first: «Отменен» cancels;
 * «Финальный статус» or a «Дата отгрузки по 1С» completes it (Выполнен); «Статус заказа» names one
 * of our statuses by its title or code; «Проведен» (1C posted the order) confirms a new order and
 * says nothing about one already further on. The workflow decides afterwards whether the move is
 * allowed.
 */
export function statusFrom1C(req: ReadonlyMap<string, string>, current: string): StatusFrom1C {
  const get = (name: string) => {
    for (const [k, v] of req) if (folded(k) === folded(name)) return v;
    return undefined;
  };
  if (truthy(get("Отменен"))) return { kind: "move", to: "cancelled", because: "Отменен" };
  if (truthy(get("Финальный статус"))) return { kind: "move", to: "done", because: "Финальный статус" };
  const shipped = get("Дата отгрузки по 1С");
  if (shipped && shipped.trim()) return { kind: "move", to: "done", because: "Дата отгрузки по 1С" };
  const named = get("Статус заказа")?.trim();
  if (named) {
    const code = Object.entries(ORDER_STATUSES).find(([k, title]) => k === named || folded(title) === folded(named))?.[0];
    return code && isOrderStatus(code) ? { kind: "move", to: code, because: "Статус заказа" } : { kind: "unknown-status", value: named };
  }
  if (truthy(get("Проведен")) && (current === "new" || current === "preorder")) return { kind: "move", to: "confirmed", because: "Проведен" };
  return { kind: "none" };
}

/**
 * The statuses to pass through, each an allowed step of the back office's workflow, to get from
 * `from` to `to`: 1C knows no «Собран», so «shipped» from «confirmed» walks through it. Only the
 * forward chain is walked (never through a cancellation or a pre-order); [] when already there,
 * null when the workflow does not lead there.
 */
export function statusPath(from: string, to: OrderStatus): OrderStatus[] | null {
  if (from === to) return [];
  const seen = new Set<string>([from]);
  let frontier: { at: string; path: OrderStatus[] }[] = [{ at: from, path: [] }];
  while (frontier.length) {
    const next: typeof frontier = [];
    for (const { at, path } of frontier) {
      for (const step of nextStatuses(at)) {
        if (step === to) return [...path, step];
        if (seen.has(step) || step === "cancelled" || step === "preorder") continue;
        seen.add(step);
        next.push({ at: step, path: [...path, step] });
      }
    }
    frontier = next;
  }
  return null;
}
