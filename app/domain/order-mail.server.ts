// Order confirmation mail to the shop and, when given, the buyer (logged instead without SMTP).
import type { Db } from "../db/database.server.ts";
import type { Mailer } from "./ports.ts";
import { DELIVERY_TYPES } from "../lib/delivery-pricing.ts";
import { formatPrice } from "../lib/format.ts";
import { SITE } from "../lib/site.ts";
import { loadOrder } from "./orders.server.ts";

export async function notifyAboutOrder(db: Db, mailer: Mailer, number: string): Promise<void> {
  const row = await db.kysely.selectFrom("orders").select(["owner", "user_id"]).where("number", "=", number).executeTakeFirst();
  if (!row) return;
  const order = await loadOrder(db, number, { owner: row.owner, userId: row.user_id });
  if (!order) return;
  const pickup = order.deliveryType === "pickup";
  const lines = order.lines.map((l) => `— ${l.title} × ${l.qty}: ${formatPrice(l.price * l.qty)}`).join("\n");
  const text = [
    `Заказ № ${order.number}`,
    "",
    lines,
    "",
    `Товары: ${formatPrice(order.itemsTotal)}`,
    // a pickup order costs nothing to receive and says nothing of delivery
    pickup ? null : `${DELIVERY_TYPES[order.deliveryType]}: ${formatPrice(order.deliveryCost + order.liftingCost)}`,
    `Итого: ${formatPrice(order.total)}`,
    "",
    `Покупатель: ${order.name}, ${order.phone}${order.email ? `, ${order.email}` : ""}`,
    order.pickupPoint ? `Самовывоз: ${order.pickupPoint}` : `Адрес: ${order.address}${order.floor ? `, этаж ${order.floor}` : ""}`,
  ]
    .filter((l) => l !== null)
    .join("\n");
  await mailer.send({ to: SITE.email, subject: `Новый заказ № ${order.number}`, text });
  if (order.email)
    await mailer.send({
      to: order.email,
      subject: `Ваш заказ № ${order.number} в магазине «${SITE.name}»`,
      text: `Спасибо за заказ! ${
        pickup
          ? "Менеджер позвонит, чтобы подтвердить заказ и сказать, когда его можно забрать в шоуруме."
          : "Менеджер позвонит, чтобы подтвердить заказ и время доставки."
      }\n\n${text}`,
    });
}
