// «Сообщить покупателю»: a letter per status, sent through the shop's mailer after the change is
// saved (a mail failure never undoes a status change).
import { orderStatusHint, orderStatusName } from "./order-status.ts";
import type { DeliveryType } from "../delivery/index.ts";
import { SITE } from "../settings/index.ts";
import type { Mailer } from "../../lib/ports.ts";

export interface StatusMailOrder {
  number: string;
  name: string;
  email: string;
  deliveryType: DeliveryType;
}

const SUBJECTS: Record<string, (n: string) => string> = {
  confirmed: (n) => `Заказ № ${n} подтверждён`,
  preorder: (n) => `Заказ № ${n} оформлен как предзаказ`,
  assembled: (n) => `Заказ № ${n} собран`,
  shipped: (n) => `Заказ № ${n} передан в доставку`,
  done: (n) => `Заказ № ${n} выполнен`,
  cancelled: (n) => `Заказ № ${n} отменён`,
};

/** The letter for a status (subject and text), or null when the order has no e-mail to write to. */
export function statusMail(order: StatusMailOrder, status: string, note: string): { to: string; subject: string; text: string } | null {
  if (!order.email) return null;
  const subject = SUBJECTS[status]?.(order.number) ?? `Заказ № ${order.number}: ${orderStatusName(status)}`;
  const text = [
    `${order.name ? `${order.name}, здравствуйте` : "Здравствуйте"}!`,
    "",
    `Статус заказа № ${order.number}: «${orderStatusName(status)}».`,
    orderStatusHint(status, order.deliveryType),
    note ? `\nКомментарий менеджера: ${note}` : null,
    "",
    `Ваш «${SITE.name}»`,
  ]
    .filter((l) => l !== null)
    .join("\n");
  return { to: order.email, subject, text };
}

export async function sendStatusMail(mailer: Mailer, order: StatusMailOrder, status: string, note: string): Promise<boolean> {
  const mail = statusMail(order, status, note);
  if (!mail) return false;
  await mailer.send(mail);
  return true;
}
