// Order confirmation mail to the shop and, when given, the buyer (logged instead without SMTP).
import { variantLabel } from "../../lib/variant-values.ts";
import type { Db } from "../../db/database.server.ts";
import type { Mailer } from "../../lib/ports.ts";
import { deliveryName, isManagerPriced, LIFTING_BY_MANAGER, MANAGER_PRICES_DELIVERY } from "../delivery/index.ts";
import { formatPrice } from "../../lib/format.ts";
import { SITE } from "../settings/index.ts";
import { readOrders } from "./order-record.server.ts";
import { customerOrder } from "./order-types.ts";

export async function notifyAboutOrder(db: Db, mailer: Mailer, number: string): Promise<void> {
  const [record] = await readOrders(db, { number });
  if (!record) return;
  // the buyer gets this letter too: written from what the customer may see
  const order = customerOrder(record);
  const pickup = order.deliveryType === "pickup";
  // a pre-order has no delivery yet: the manager agrees it once the goods come (decision 084)
  const preorder = order.status === "preorder";
  const toQuote = order.liftingPricing === "to_quote";
  const lines = order.lines
    .map(
      (l) =>
        `— ${l.title}${l.values.length ? ` (${variantLabel(l.values)}${l.article ? `, артикул ${l.article}` : ""})` : ""} × ${l.qty}: ${formatPrice(l.price * l.qty)}`,
    )
    .join("\n");
  const text = [
    `Заказ № ${order.number}`,
    "",
    lines,
    "",
    `Товары: ${formatPrice(order.itemsTotal)}`,
    order.promoCode ? `Скидка по промокоду ${order.promoCode}: −${formatPrice(order.promoDiscount)}` : null,
    // a pickup order costs nothing to receive and says nothing of delivery
    preorder
      ? "Предзаказ: срок поставки и доставку согласует менеджер"
      : pickup
        ? null
        : toQuote
          ? // a product without weight: the lifting is not in the total, the manager prices it (decision 099)
            `${deliveryName(order.deliveryType)}: доставка ${formatPrice(order.deliveryCost)}. ${LIFTING_BY_MANAGER}`
          : `${deliveryName(order.deliveryType)}: ${isManagerPriced(order.deliveryType) ? MANAGER_PRICES_DELIVERY : formatPrice(order.deliveryCost + order.liftingCost)}`,
    `${toQuote ? "Итого без подъёма" : "Итого"}: ${formatPrice(order.total)}`,
    "",
    `Покупатель: ${order.name}, ${order.phone}${order.email ? `, ${order.email}` : ""}`,
    // a pre-order and «Купить в 1 клик» have no address: the manager agrees delivery on the phone
    preorder
      ? null
      : order.pickupPoint
        ? `Самовывоз: ${order.pickupPoint}`
        : order.address
          ? `Адрес: ${order.address}${order.floor ? `, этаж ${order.floor}` : ""}`
          : null,
  ]
    .filter((l) => l !== null)
    .join("\n");
  await mailer.send({ to: SITE.email, subject: `${preorder ? "Новый предзаказ" : "Новый заказ"} № ${order.number}`, text });
  if (order.email)
    await mailer.send({
      to: order.email,
      subject: `Ваш заказ № ${order.number} в магазине «${SITE.name}»`,
      text: `Спасибо за заказ! ${
        preorder
          ? "Менеджер позвонит, чтобы подтвердить предзаказ, срок поставки и доставку."
          : pickup
            ? "Менеджер позвонит, чтобы подтвердить заказ и сказать, когда его можно забрать в шоуруме."
            : "Менеджер позвонит, чтобы подтвердить заказ и время доставки."
      }\n\n${text}`,
    });
}
