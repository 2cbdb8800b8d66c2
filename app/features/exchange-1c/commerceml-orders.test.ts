import { readFileSync } from "node:fs";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { CommerceMlError } from "./commerceml.ts";
import {
  decodeXmlBytes,
  exportOrderOf,
  orderDocumentXml,
  ordersXml,
  parseOrderChanges,
  statusFrom1C,
  statusPath,
  type ExportOrder,
} from "./commerceml-orders.ts";
import type { OrderRecord } from "../orders/index.ts";

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/1c/${name}`, import.meta.url), "utf8");

const order: ExportOrder = {
  number: "26-000123",
  createdAt: Date.parse("2026-11-25T07:15:30Z"),
  status: "new",
  deliveryType: "floor",
  address: "Москва, ул. Арбат, д. 10",
  floor: 5,
  deliveryDate: "2026-11-28",
  deliveryTime: "10:00–14:00",
  customerId: "phone-79161234567",
  name: 'Ирина <b>"Соколова"</b> & Co',
  phone: "+7 (916) 123-45-67",
  email: "irina@example.ru",
  comment: "Позвонить за час\u0001",
  goods: [{ id: "5b2e7c1a-1111-4000-8000-00000000000a", article: "komod-dub", title: "Комод «Дуб»", price: 2_499_050, qty: 2 }],
  deliveryCost: 99_000,
  liftingCost: 45_000,
  liftingToQuote: false,
  promoCode: "ЗИМА",
  promoDiscount: 100_000,
  total: 2_499_050 * 2 + 99_000 + 45_000 - 100_000,
  paymentMethod: "online",
  paidAt: Date.parse("2026-11-25T08:00:00Z"),
  refunded: 0,
};

/** element paths → texts, and a line's fields, read back with saxes */
function readBack(xml: string) {
  const parser = new SaxesParser({ xmlns: false });
  const path: string[] = [];
  const values: Record<string, string[]> = {};
  let buf = "";
  parser.on("opentag", (t) => {
    path.push(t.name);
    buf = "";
  });
  parser.on("text", (t) => {
    buf += t;
  });
  parser.on("closetag", () => {
    const key = path.join("/");
    (values[key] ??= []).push(buf);
    buf = "";
    path.pop();
  });
  parser.write(xml).close();
  return values;
}

describe("orderDocumentXml", () => {
  it("writes a well-formed CommerceML order with escaped text, goods, delivery, lifting and the discount", () => {
    const xml = ordersXml([orderDocumentXml(order)], Date.parse("2026-11-25T09:00:00Z"));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-25T12:00:00">')).toBe(
      true,
    );
    const v = readBack(xml);
    const doc = "КоммерческаяИнформация/Документ";
    expect(v[`${doc}/Номер`]).toEqual(["26-000123"]);
    expect(v[`${doc}/Дата`]).toEqual(["2026-11-25"]);
    expect(v[`${doc}/Время`]).toEqual(["10:15:30"]);
    expect(v[`${doc}/Сумма`]).toEqual(["50421.00"]);
    expect(v[`${doc}/Контрагенты/Контрагент/Наименование`]).toEqual(['Ирина <b>"Соколова"</b> & Co']);
    expect(v[`${doc}/Контрагенты/Контрагент/Контакты/Контакт/Значение`]).toEqual(["+7 (916) 123-45-67", "irina@example.ru"]);
    expect(v[`${doc}/Комментарий`]).toEqual(["Позвонить за час"]);
    expect(v[`${doc}/Товары/Товар/Ид`]).toEqual(["5b2e7c1a-1111-4000-8000-00000000000a", "ORDER_DELIVERY", "ORDER_LIFTING"]);
    expect(v[`${doc}/Товары/Товар/ЦенаЗаЕдиницу`]).toEqual(["24990.50", "990.00", "450.00"]);
    expect(v[`${doc}/Товары/Товар/Сумма`]).toEqual(["49981.00", "990.00", "450.00"]);
    expect(v[`${doc}/Товары/Товар/ЗначенияРеквизитов/ЗначениеРеквизита/Значение`]).toEqual(["Товар", "Товар", "Услуга", "Услуга", "Услуга", "Услуга"]);
    expect(v[`${doc}/Скидки/Скидка/Сумма`]).toEqual(["1000.00"]);
    const names = v[`${doc}/ЗначенияРеквизитов/ЗначениеРеквизита/Наименование`]!;
    const values = v[`${doc}/ЗначенияРеквизитов/ЗначениеРеквизита/Значение`]!;
    const requisites = Object.fromEntries(names.map((n, i) => [n, values[i]]));
    expect(requisites).toMatchObject({
      "Метод оплаты": "Онлайн-оплата (ЮKassa)",
      "Заказ оплачен": "true",
      "Дата оплаты": "2026-11-25 11:00:00",
      "Способ доставки": "Доставка с подъёмом на этаж",
      "Статус заказа": "Новый",
      Отменен: "false",
    });
  });

  it("leaves out the delivery line for a pickup and the payment date while unpaid", () => {
    const xml = orderDocumentXml({ ...order, deliveryType: "pickup", deliveryCost: 0, liftingCost: 0, paidAt: null, paymentMethod: "on_receipt" });
    expect(xml).not.toContain("ORDER_DELIVERY");
    expect(xml).not.toContain("Дата оплаты");
    expect(xml).toContain("<Значение>Оплата при получении</Значение>");
  });

  it("sends no lifting line while the manager is to quote it, and says so in a requisite", () => {
    const xml = orderDocumentXml({ ...order, liftingCost: 0, liftingToQuote: true, total: 2_499_050 * 2 + 99_000 - 100_000 });
    const v = readBack(xml);
    const doc = "Документ";
    expect(v[`${doc}/Товары/Товар/Ид`]).toEqual(["5b2e7c1a-1111-4000-8000-00000000000a", "ORDER_DELIVERY"]);
    const names = v[`${doc}/ЗначенияРеквизитов/ЗначениеРеквизита/Наименование`]!;
    const values = v[`${doc}/ЗначенияРеквизитов/ЗначениеРеквизита/Значение`]!;
    expect(values[names.indexOf("Подъём на этаж")]).toBe("стоимость уточнит менеджер (у товара не указан вес)");
    expect(orderDocumentXml(order)).not.toContain("уточнит менеджер");
  });

  it("reads the same until the order changes", () => {
    expect(orderDocumentXml(order)).toBe(orderDocumentXml({ ...order }));
    expect(orderDocumentXml(order)).not.toBe(orderDocumentXml({ ...order, refunded: 500 }));
  });
});

describe("exportOrderOf", () => {
  /** the shop's record of the order above, as app/features/orders/order-record.server.ts reads it */
  const record: OrderRecord = {
    number: order.number,
    status: order.status,
    version: 4,
    createdAt: order.createdAt,
    name: order.name,
    phone: order.phone,
    email: order.email,
    userId: null,
    deliveryType: "floor",
    source: "checkout",
    pickupPoint: null,
    address: order.address,
    floor: 5,
    lift: "none",
    date: order.deliveryDate,
    time: order.deliveryTime,
    comment: order.comment,
    itemsTotal: 2_499_050 * 2,
    discount: 0,
    promoCode: "ЗИМА",
    promoDiscount: 100_000,
    deliveryCost: 99_000,
    liftingCost: 45_000,
    liftingPricing: "tariff",
    total: order.total,
    weight: 80_000,
    paymentMethod: "online",
    paidAt: order.paidAt,
    consentVersion: "2026-11-22",
    consentAt: order.createdAt,
    managerNote: "не для 1С",
    lines: [
      {
        id: 7,
        productId: 31,
        kind: "product",
        title: "Комод «Дуб»",
        slug: "komod-dub",
        qty: 2,
        price: 2_499_050,
        weight: 40_000,
        items: [],
        variantId: 31,
        values: [],
        article: "",
      },
    ],
    history: [{ kind: "status", status: "new", note: "", at: order.createdAt, by: null, amount: null }],
  };
  const codes = new Map([[31, { externalId: "5b2e7c1a-1111-4000-8000-00000000000a", article: "komod-dub" }]]);

  it("tells 1C the order of the record, with the products' 1C codes and the money returned", () => {
    expect(exportOrderOf(record, codes, 0)).toEqual(order);
    expect(exportOrderOf(record, codes, 500).refunded).toBe(500);
  });

  it("names the account, else the phone, else the order as the counterparty", () => {
    expect(exportOrderOf({ ...record, userId: 12 }, codes, 0).customerId).toBe("user-12");
    expect(exportOrderOf({ ...record, phone: "" }, codes, 0).customerId).toBe("order-26-000123");
  });

  it("sends our product id and no article for a product 1C does not know (or one deleted since)", () => {
    expect(exportOrderOf(record, new Map(), 0).goods).toEqual([{ id: "31", article: "", title: "Комод «Дуб»", price: 2_499_050, qty: 2 }]);
  });

  it("gives the showroom as the address of a pickup, and leaves lifting to quote only for a floor delivery", () => {
    const pickup = { ...record, deliveryType: "pickup" as const, address: "", floor: null, pickupPoint: "Шоурум на Тверской, Москва, ул. Тверская, д. 1" };
    expect(exportOrderOf(pickup, codes, 0).address).toBe("Самовывоз: Шоурум на Тверской, Москва, ул. Тверская, д. 1");
    expect(exportOrderOf({ ...record, liftingPricing: "to_quote" }, codes, 0).liftingToQuote).toBe(true);
    expect(exportOrderOf({ ...record, deliveryType: "courier", liftingPricing: "to_quote" }, codes, 0).liftingToQuote).toBe(false);
  });
});

describe("parseOrderChanges", () => {
  it("reads each document's number and its own requisites, not those of its lines", () => {
    const docs = parseOrderChanges(fixture("orders-statuses.xml"));
    expect(docs.map((d) => [d.number, d.operation])).toEqual([
      ["ORDER_SHIPPED", "Заказ товара"],
      ["ORDER_CANCELLED", "Заказ товара"],
      ["ORDER_ILLEGAL", "Заказ товара"],
      ["99-999999", "Заказ товара"],
      ["ОТ-000077", "Отпуск товара"],
    ]);
    expect([...docs[0]!.requisites]).toEqual([
      ["Проведен", "true"],
      ["Статус заказа", "Передан в доставку"],
    ]);
    expect(docs[1]!.id).toBe("5f0c1e22-7a61-4c1e-9a3b-2f6d1b0c9e01");
  });

  it("refuses a DOCTYPE, text that is not XML, and XML that is not CommerceML", () => {
    expect(() => parseOrderChanges(fixture("orders-xxe.xml"))).toThrow(/DOCTYPE/);
    expect(() => parseOrderChanges("<КоммерческаяИнформация><Документ>")).toThrow(CommerceMlError);
    expect(() => parseOrderChanges("просто текст")).toThrow(CommerceMlError);
    expect(() => parseOrderChanges("<html><body/></html>")).toThrow(/КоммерческаяИнформация/);
  });
});

describe("decodeXmlBytes", () => {
  it("reads Windows-1251 when the declaration says so, UTF-8 otherwise", () => {
    const text = '<?xml version="1.0" encoding="windows-1251"?><КоммерческаяИнформация/>';
    const cp1251 = Uint8Array.from([...text].map((c) => (c >= "А" && c <= "я" ? c.charCodeAt(0) - 0x410 + 0xc0 : c.charCodeAt(0))));
    expect(decodeXmlBytes(cp1251)).toBe(text);
    expect(decodeXmlBytes(new TextEncoder().encode("\uFEFF<a>ё</a>"))).toBe("<a>ё</a>");
    expect(() => decodeXmlBytes(new TextEncoder().encode('<?xml version="1.0" encoding="koi8-r"?><a/>'))).toThrow(/koi8-r/);
  });
});

describe("statusFrom1C", () => {
  const req = (pairs: Record<string, string>) => new Map(Object.entries(pairs));
  it("takes «Отменен» first, then the final status or shipment, then the named status, then «Проведен»", () => {
    expect(statusFrom1C(req({ Отменен: "true", "Статус заказа": "Выполнен" }), "new")).toMatchObject({ kind: "move", to: "cancelled" });
    expect(statusFrom1C(req({ "Финальный статус": "true" }), "shipped")).toMatchObject({ kind: "move", to: "done" });
    expect(statusFrom1C(req({ "Дата отгрузки по 1С": "2026-11-26" }), "shipped")).toMatchObject({ kind: "move", to: "done" });
    expect(statusFrom1C(req({ "Статус заказа": "подтвержден" }), "new")).toMatchObject({ kind: "move", to: "confirmed" });
    expect(statusFrom1C(req({ "Статус заказа": "assembled" }), "new")).toMatchObject({ kind: "move", to: "assembled" });
    expect(statusFrom1C(req({ "Статус заказа": "Неведомый" }), "new")).toEqual({ kind: "unknown-status", value: "Неведомый" });
    expect(statusFrom1C(req({ Проведен: "true" }), "new")).toMatchObject({ kind: "move", to: "confirmed" });
    expect(statusFrom1C(req({ Проведен: "true" }), "shipped")).toEqual({ kind: "none" });
    expect(statusFrom1C(req({ Отменен: "false", Проведен: "false" }), "new")).toEqual({ kind: "none" });
  });
});

describe("statusPath", () => {
  it("walks the workflow forward step by step and never backwards", () => {
    expect(statusPath("new", "confirmed")).toEqual(["confirmed"]);
    expect(statusPath("new", "shipped")).toEqual(["confirmed", "assembled", "shipped"]);
    expect(statusPath("preorder", "done")).toEqual(["confirmed", "assembled", "shipped", "done"]);
    expect(statusPath("assembled", "cancelled")).toEqual(["cancelled"]);
    expect(statusPath("shipped", "shipped")).toEqual([]);
    expect(statusPath("cancelled", "confirmed")).toBeNull();
    expect(statusPath("done", "cancelled")).toBeNull();
    expect(statusPath("shipped", "confirmed")).toBeNull();
  });
});
