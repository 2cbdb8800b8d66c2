// The back office's rules for an order's life (decision 071): which status may follow which, when
// the lines may still be edited, and how the order list reads its search box and filters from the
// URL. Pure, so the page (legal next statuses in «Статус»), the domain (refusals) and the tests
// share one rule.
import { DELIVERY_TYPES, type DeliveryType } from "../delivery/index.ts";
import { isOrderStatus, type OrderStatus } from "./order-status.ts";
import { formatPhoneDigits, phoneDigits } from "../../lib/phone.ts";
import { readPageNumber } from "../../lib/paging.ts";

/**
 * Новый → Подтверждён → Собран → Передан в доставку → Выполнен; Отменён from anything before
 * Выполнен. Предзаказ is an order whose goods are brought to order (placed from a sold-out product
 * page, or a new order a manager marks so): it holds no stock, and when the goods come it becomes
 * new or confirmed (taking the stock then) or is cancelled.
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ["confirmed", "preorder", "cancelled"],
  preorder: ["new", "confirmed", "cancelled"],
  confirmed: ["assembled", "cancelled"],
  assembled: ["shipped", "cancelled"],
  shipped: ["done", "cancelled"],
  done: [],
  cancelled: [],
};

/** The statuses an order in `from` may move to, in the workflow's order. */
export function nextStatuses(from: string): readonly OrderStatus[] {
  return isOrderStatus(from) ? NEXT[from] : [];
}

export function canMove(from: string, to: string): boolean {
  return nextStatuses(from).some((s) => s === to);
}

/** Lines, quantities and the manager's additions are open until the order is assembled. */
export function linesEditable(status: string): boolean {
  return status === "new" || status === "confirmed" || status === "preorder";
}

/** The manager may price the lifting of a floor delivery until the order is handed over or cancelled (decision 099). */
export function liftingPriceEditable(status: string, deliveryType: string): boolean {
  return deliveryType === "floor" && status !== "done" && status !== "cancelled";
}

export const LIFTING_LOCKED_MESSAGE = "Стоимость подъёма меняется только у заказа с подъёмом на этаж, пока он не выполнен и не отменён.";
export const ILLEGAL_TRANSITION_MESSAGE = "Такой переход статуса невозможен: обновите страницу и выберите статус из списка.";
export const ORDER_CONFLICT_MESSAGE = "Заказ изменён другим сотрудником, обновите страницу";
export const LINES_LOCKED_MESSAGE = "Заказ уже собран: состав больше не меняется.";

// ---- the order list's query ------------------------------------------------------------------

export const ORDER_PAGE_SIZE = 50;
export const ORDER_SORTS = ["date", "total", "number"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const ORDER_PAYMENT_FILTERS = { paid: "Оплачен", unpaid: "Не оплачен" } as const;
export type OrderPaymentFilter = keyof typeof ORDER_PAYMENT_FILTERS;

export interface OrderListFilter {
  q: string;
  status: OrderStatus | null;
  delivery: DeliveryType | null;
  /** paid online or not (orders.paid_at); null: all */
  payment: OrderPaymentFilter | null;
  /** YYYY-MM-DD, Moscow days, both inclusive */
  from: string | null;
  to: string | null;
  sort: OrderSort;
  dir: "asc" | "desc";
  /** 1-based */
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null): v is string => v !== null && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** Reads the list's URL parameters; anything unknown or malformed falls back to «all», never an error. */
export function parseOrderListQuery(params: URLSearchParams): OrderListFilter {
  const status = params.get("status") ?? "";
  const delivery = params.get("delivery") ?? "";
  const sort = params.get("sort") ?? "";
  const payment = params.get("payment") ?? "";
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    status: isOrderStatus(status) ? status : null,
    delivery: Object.hasOwn(DELIVERY_TYPES, delivery) ? (delivery as DeliveryType) : null,
    payment: Object.hasOwn(ORDER_PAYMENT_FILTERS, payment) ? (payment as OrderPaymentFilter) : null,
    from: isDay(params.get("from")) ? params.get("from") : null,
    to: isDay(params.get("to")) ? params.get("to") : null,
    sort: (ORDER_SORTS as readonly string[]).includes(sort) ? (sort as OrderSort) : "date",
    dir: params.get("dir") === "asc" ? "asc" : "desc",
    page: readPageNumber(params.get("page")),
  };
}

/** The URL parameters of a filter (defaults left out), for links to other pages and sorts. */
export function orderListParams(filter: OrderListFilter, change: Partial<OrderListFilter> = {}): URLSearchParams {
  const f = { ...filter, ...change };
  const out = new URLSearchParams();
  if (f.q) out.set("q", f.q);
  if (f.status) out.set("status", f.status);
  if (f.delivery) out.set("delivery", f.delivery);
  if (f.payment) out.set("payment", f.payment);
  if (f.from) out.set("from", f.from);
  if (f.to) out.set("to", f.to);
  if (f.sort !== "date") out.set("sort", f.sort);
  if (f.dir !== "desc") out.set("dir", f.dir);
  if (f.page > 1) out.set("page", String(f.page));
  return out;
}

export type OrderSearch =
  { kind: "none" } | { kind: "number"; value: string } | { kind: "phone"; value: string } | { kind: "email"; value: string } | { kind: "name"; value: string };

const ORDER_NUMBER = /^№?\s*(\d{2}-\d{6})$/;

/**
 * What the manager typed into «Поиск»: an order number («26-123456»), a phone in any spelling
 * (orders keep it as checkout wrote it, «+7 (916) 123-45-67»), an e-mail, or else part of a name.
 */
export function classifySearch(raw: string): OrderSearch {
  const q = raw.trim();
  if (!q) return { kind: "none" };
  const number = ORDER_NUMBER.exec(q);
  if (number) return { kind: "number", value: number[1]! };
  if (/^[\d\s()+\-.]+$/.test(q)) {
    const ten = phoneDigits(q);
    if (ten) return { kind: "phone", value: formatPhoneDigits(ten) };
  }
  if (q.includes("@")) return { kind: "email", value: q.toLowerCase() };
  return { kind: "name", value: searchableName(q) };
}

/** A name as it is searched: lower case, «ё» as «е», single spaces (SQLite lowers only ASCII). */
export function searchableName(name: string): string {
  return name.toLowerCase().replaceAll("ё", "е").replace(/\s+/g, " ").trim();
}
