import { describe, expect, it } from "vitest";
import { isOrderStatus, ORDER_STATUSES, orderStatusHint, orderStatusName } from "./order-status.ts";

describe("order statuses", () => {
  it("names every status as the back office does", () => {
    expect(Object.values(ORDER_STATUSES)).toEqual(["Новый", "Подтверждён", "Собран", "Передан в доставку", "Выполнен", "Отменён", "Предзаказ"]);
    expect(orderStatusName("shipped")).toBe("Передан в доставку");
    expect(orderStatusName("archived")).toBe("archived");
    expect(isOrderStatus("done")).toBe(true);
    expect(isOrderStatus("toString")).toBe(false);
  });

  it("never speaks of delivery to a pickup customer", () => {
    for (const status of Object.keys(ORDER_STATUSES)) {
      const hint = orderStatusHint(status, "pickup");
      expect(hint, status).not.toMatch(/доставк|курьер/i);
      expect(orderStatusHint(status, "courier"), status).toBeTruthy();
    }
    expect(orderStatusHint("new", "pickup")).toMatch(/шоурум/);
    expect(orderStatusHint("new", "floor")).toMatch(/доставки/);
  });
});
