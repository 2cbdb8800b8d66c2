import { describe, expect, it } from "vitest";
import { FEED_FORM_MESSAGES, normalizeDeliveryDays, parseFeedShopForm } from "./yml-settings-form.ts";

const good = { shopName: "Витрина", company: "ООО «Витрина»", deliveryCost: "1 490", deliveryDays: "1 – 3", salesNotes: "Оплата при получении" };

describe("feed settings form", () => {
  it("takes the shop's details as Market wants them: whole roubles, a day range with a dash", () => {
    expect(parseFeedShopForm(good)).toEqual({
      ok: true,
      data: { shopName: "Витрина", company: "ООО «Витрина»", deliveryCost: 1490, deliveryDays: "1-3", salesNotes: "Оплата при получении" },
    });
  });

  it("answers in Russian next to each wrong field", () => {
    const result = parseFeedShopForm({
      shopName: "Мебельный магазин Витрина",
      company: " ",
      deliveryCost: "99,50",
      deliveryDays: "3-1",
      salesNotes: "х".repeat(51),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        shopName: FEED_FORM_MESSAGES.shopName,
        company: FEED_FORM_MESSAGES.company,
        deliveryCost: FEED_FORM_MESSAGES.deliveryCost,
        deliveryDays: FEED_FORM_MESSAGES.deliveryDays,
        salesNotes: FEED_FORM_MESSAGES.salesNotes,
      },
    });
  });

  it("accepts a day count or a short range only", () => {
    expect(normalizeDeliveryDays("0")).toBe("0");
    expect(normalizeDeliveryDays("2")).toBe("2");
    expect(normalizeDeliveryDays("2-4")).toBe("2-4");
    expect(normalizeDeliveryDays("1-5")).toBeNull();
    expect(normalizeDeliveryDays("32")).toBeNull();
    expect(normalizeDeliveryDays("завтра")).toBeNull();
  });
});
