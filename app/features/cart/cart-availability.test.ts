import { describe, expect, it } from "vitest";
import { availabilityLabel, availabilityReason, blockingLineText } from "./cart-availability.ts";

describe("cart line availability", () => {
  it("marks and explains the line in Russian", () => {
    expect(availabilityLabel({ state: "ok" })).toBeNull();
    expect(availabilityLabel({ state: "out" })).toBe("Нет в наличии");
    expect(availabilityLabel({ state: "short", left: 2 })).toBe("Осталось 2 шт.");
    expect(availabilityReason({ state: "out" }, 1)).toMatch(/раскупили.*не входит в итог/);
    expect(availabilityReason({ state: "short", left: 2 }, 5)).toMatch(/^В корзине 5 шт., а на складе осталось 2\. Уменьшите количество до 2/);
    expect(availabilityReason({ state: "ok" }, 5)).toBeNull();
  });

  it("names the line that blocks the checkout", () => {
    expect(blockingLineText({ title: "Диван «Осло»", qty: 1, inStock: 0 })).toBe("«Диван «Осло»» — нет в наличии");
    expect(blockingLineText({ title: "Кресло", qty: 3, inStock: 2 })).toBe("«Кресло» — осталось 2 шт. из 3");
  });
});
