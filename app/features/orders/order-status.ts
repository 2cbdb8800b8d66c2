// The statuses an order goes through (docs/behaviour.md «Back office»), their Russian names and
// what each one means for the customer. A pickup order is never «on its way»: it waits in the
// showroom.
import type { DeliveryType } from "../delivery/index.ts";

export const ORDER_STATUSES = {
  new: "Новый",
  confirmed: "Подтверждён",
  assembled: "Собран",
  shipped: "Передан в доставку",
  done: "Выполнен",
  cancelled: "Отменён",
  preorder: "Предзаказ",
} as const;

export type OrderStatus = keyof typeof ORDER_STATUSES;

export const isOrderStatus = (value: string): value is OrderStatus => Object.hasOwn(ORDER_STATUSES, value);

/** The Russian name; an unknown code (written by something newer) is shown as it is. */
export const orderStatusName = (status: string): string => (isOrderStatus(status) ? ORDER_STATUSES[status] : status);

/** What the status means for this customer, in one sentence. */
export function orderStatusHint(status: string, delivery: DeliveryType): string {
  const pickup = delivery === "pickup";
  switch (status) {
    case "new":
      return pickup
        ? "Менеджер позвонит, чтобы подтвердить заказ, и скажет, когда его можно будет забрать в шоуруме."
        : "Менеджер позвонит, чтобы подтвердить заказ и согласовать день и время доставки.";
    case "confirmed":
      return pickup ? "Заказ подтверждён: собираем его для выдачи в шоуруме." : "Заказ подтверждён: собираем его на складе.";
    case "assembled":
      return pickup ? "Заказ готов к выдаче: приходите в шоурум с номером заказа." : "Заказ собран и ждёт передачи в доставку.";
    case "shipped":
      return pickup ? "Заказ везут в шоурум: позвоним, когда его можно будет забрать." : "Заказ в пути: курьер позвонит перед приездом.";
    case "done":
      return pickup ? "Заказ получен. Спасибо за покупку!" : "Заказ доставлен. Спасибо за покупку!";
    case "cancelled":
      return "Заказ отменён. Если это ошибка, позвоните нам.";
    case "preorder":
      return "Товар привезут под заказ: менеджер позвонит и скажет срок.";
    default:
      return "";
  }
}
