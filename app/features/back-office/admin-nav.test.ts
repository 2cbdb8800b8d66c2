import { describe, expect, it } from "vitest";
import { adminAreaOfSegment, adminNavFor } from "./admin-nav.ts";

describe("admin navigation", () => {
  it("shows an owner every link in the contract's order", () => {
    expect(adminNavFor("owner").map((l) => l.label)).toEqual([
      "Заказы",
      "Заявки",
      "Отзывы",
      "Товары",
      "Разделы",
      "Импорт",
      "Контент",
      "Промокоды",
      "Сотрудники",
      "Журнал",
    ]);
  });

  it("shows a manager only orders, requests, reviews and promo codes", () => {
    expect(adminNavFor("manager").map((l) => l.label)).toEqual(["Заказы", "Заявки", "Отзывы", "Промокоды"]);
  });

  it("shows a content editor the catalogue and content", () => {
    expect(adminNavFor("content").map((l) => l.label)).toEqual(["Товары", "Разделы", "Импорт", "Контент"]);
  });

  it("shows customers and unknown roles nothing", () => {
    expect(adminNavFor(null)).toEqual([]);
    expect(adminNavFor("admin")).toEqual([]);
  });

  it("maps address segments to areas", () => {
    expect(adminAreaOfSegment("products")).toBe("catalog");
    expect(adminAreaOfSegment("exchange")).toBe("exchange");
    expect(adminAreaOfSegment("nope")).toBeNull();
  });
});
