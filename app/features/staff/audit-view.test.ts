import { describe, expect, it } from "vitest";
import { auditActionTitle, auditChanges, auditObject } from "./audit-view.ts";

describe("audit view", () => {
  it("names known actions in Russian and keeps unknown codes", () => {
    expect(auditActionTitle("staff.add")).toBe("Добавлен сотрудник");
    expect(auditActionTitle("product.price")).toBe("product.price");
  });

  it("shows a role change with role titles", () => {
    expect(auditChanges({ email: "a@b.ru", role: "manager" }, { email: "a@b.ru", role: "owner" })).toEqual([
      { field: "роль", from: "Менеджер", to: "Владелец" },
    ]);
    expect(auditChanges({ role: "content" }, { role: null })).toEqual([{ field: "роль", from: "Контент-редактор", to: "покупатель" }]);
  });

  it("shows a created object without a «before»", () => {
    expect(auditChanges(null, { role: "manager" })).toEqual([{ field: "роль", from: null, to: "Менеджер" }]);
  });

  it("links objects into their pages", () => {
    expect(auditObject("order", "260001")).toEqual({ label: "Заказ 260001", href: "/admin/orders/260001/" });
    expect(auditObject("user", "7").href).toBe("/admin/staff/?edit=7");
    expect(auditObject("user", "7", null, { email: "m@b.ru", role: "manager" }).label).toBe("Сотрудник m@b.ru");
    expect(auditObject("thing", "1").href).toBeNull();
  });
});

describe("content entries", () => {
  it("name the banner, pages and showrooms and link to their editors", () => {
    expect(auditActionTitle("page.edit")).toBe("Изменена страница");
    expect(auditObject("page", "about")).toEqual({ label: "Страница about", href: "/admin/content/pages/about/" });
    expect(auditObject("showroom", "3").href).toBe("/admin/content/showrooms/3/");
    expect(auditChanges({ text: "старый", enabled: true }, { text: "новый", enabled: true })).toEqual([{ field: "текст", from: "старый", to: "новый" }]);
  });
});
