// The order page's forms (one per intent, each carrying the version the manager saw), read into
// a typed command or a Russian field error. Pure, so the route stays thin and the rules are tested.
import { isOrderStatus, type OrderStatus } from "./order-status.ts";
import { parseRoubles } from "../payments/index.ts";

export type OrderCommand =
  | { intent: "status"; version: number; to: OrderStatus; note: string; notify: boolean }
  | { intent: "qty"; version: number; lineId: number; qty: number }
  | { intent: "remove"; version: number; lineId: number }
  | { intent: "add"; version: number; productId: number; qty: number }
  | { intent: "note"; version: number; note: string }
  | { intent: "lifting"; version: number; price: number };

export type ParsedOrderForm = { ok: true; command: OrderCommand } | { ok: false; field: string; message: string };

const wholeNumber = (raw: FormDataEntryValue | null): number | null => {
  const text = typeof raw === "string" ? raw.trim() : "";
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
};
const textOf = (raw: FormDataEntryValue | null) => (typeof raw === "string" ? raw : "");

export function parseOrderForm(form: FormData): ParsedOrderForm {
  const version = wholeNumber(form.get("version"));
  if (version === null) return { ok: false, field: "version", message: "Обновите страницу и повторите." };
  const intent = textOf(form.get("intent"));
  switch (intent) {
    case "status": {
      const to = textOf(form.get("status"));
      if (!isOrderStatus(to)) return { ok: false, field: "status", message: to ? "Выберите статус из списка." : "Выберите новый статус." };
      return { ok: true, command: { intent, version, to, note: textOf(form.get("note")).slice(0, 500), notify: form.get("notify") === "on" } };
    }
    case "qty":
    case "remove":
    case "add": {
      const qty = intent === "remove" ? 1 : wholeNumber(form.get("qty"));
      if (qty === null || qty < 1 || qty > 99) return { ok: false, field: "qty", message: "Укажите количество от 1 до 99." };
      if (intent === "add") {
        const productId = wholeNumber(form.get("productId"));
        if (productId === null) return { ok: false, field: "product", message: "Выберите товар из найденных." };
        return { ok: true, command: { intent, version, productId, qty } };
      }
      const lineId = wholeNumber(form.get("lineId"));
      if (lineId === null) return { ok: false, field: "line", message: "Обновите страницу и повторите." };
      return { ok: true, command: intent === "qty" ? { intent, version, lineId, qty } : { intent, version, lineId } };
    }
    case "note":
      return { ok: true, command: { intent, version, note: textOf(form.get("managerNote")) } };
    case "lifting": {
      const price = parseRoubles(textOf(form.get("liftingPrice")).slice(0, 40));
      if (price === null) return { ok: false, field: "liftingPrice", message: "Укажите стоимость подъёма в рублях, например 2500 или 2500,50" };
      return { ok: true, command: { intent, version, price } };
    }
    default:
      return { ok: false, field: "intent", message: "Неизвестное действие: обновите страницу." };
  }
}
