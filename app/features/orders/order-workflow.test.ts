import { describe, expect, it } from "vitest";
import { canMove, classifySearch, linesEditable, nextStatuses, orderListParams, parseOrderListQuery, searchableName } from "./order-workflow.ts";

describe("order workflow", () => {
  it("walks Новый → Подтверждён → Собран → Передан в доставку → Выполнен", () => {
    expect(canMove("new", "confirmed")).toBe(true);
    expect(canMove("confirmed", "assembled")).toBe(true);
    expect(canMove("assembled", "shipped")).toBe(true);
    expect(canMove("shipped", "done")).toBe(true);
  });

  it("never skips a step or goes back", () => {
    expect(canMove("new", "assembled")).toBe(false);
    expect(canMove("new", "done")).toBe(false);
    expect(canMove("assembled", "confirmed")).toBe(false);
    expect(canMove("new", "new")).toBe(false);
  });

  it("cancels from every state before Выполнен, and nothing follows Выполнен or Отменён", () => {
    for (const from of ["new", "preorder", "confirmed", "assembled", "shipped"]) expect(canMove(from, "cancelled"), from).toBe(true);
    expect(nextStatuses("done")).toEqual([]);
    expect(nextStatuses("cancelled")).toEqual([]);
    expect(nextStatuses("archived")).toEqual([]);
  });

  it("puts Предзаказ between Новый and Подтверждён", () => {
    expect(canMove("new", "preorder")).toBe(true);
    expect(nextStatuses("preorder")).toEqual(["new", "confirmed", "cancelled"]);
  });

  it("lets lines change only before Собран", () => {
    expect(["new", "confirmed", "preorder"].every(linesEditable)).toBe(true);
    expect(["assembled", "shipped", "done", "cancelled"].some(linesEditable)).toBe(false);
  });
});

describe("order search", () => {
  it("finds one phone however it is written", () => {
    for (const q of ["8 (916) 123-45-67", "+79161234567", "9161234567", "+7 916 123 45 67"]) {
      expect(classifySearch(q), q).toEqual({ kind: "phone", value: "+7 (916) 123-45-67" });
    }
  });

  it("tells numbers, e-mails and names apart", () => {
    expect(classifySearch("26-123456")).toEqual({ kind: "number", value: "26-123456" });
    expect(classifySearch("№ 26-123456")).toEqual({ kind: "number", value: "26-123456" });
    expect(classifySearch(" Anna@Mail.RU ")).toEqual({ kind: "email", value: "anna@mail.ru" });
    expect(classifySearch("Пётр  Иванов")).toEqual({ kind: "name", value: "петр иванов" });
    expect(classifySearch("   ")).toEqual({ kind: "none" });
    // too few digits for a phone: searched as text, never as someone's number
    expect(classifySearch("12345").kind).toBe("name");
  });

  it("lowers Cyrillic names the way the stored column is lowered", () => {
    expect(searchableName("ЁЛКИНА Алёна")).toBe("елкина алена");
  });
});

describe("order list query", () => {
  it("reads the URL and falls back to defaults on anything odd", () => {
    const f = parseOrderListQuery(
      new URLSearchParams("q=+Иван+&status=shipped&delivery=floor&payment=paid&from=2026-11-01&to=2026-13-45&sort=total&dir=asc&page=3"),
    );
    expect(f).toEqual({ q: "Иван", status: "shipped", delivery: "floor", payment: "paid", from: "2026-11-01", to: null, sort: "total", dir: "asc", page: 3 });
    const odd = parseOrderListQuery(new URLSearchParams("status=toString&delivery=rocket&payment=hasOwnProperty&sort=drop&dir=up&page=-1"));
    expect(odd).toMatchObject({ status: null, delivery: null, payment: null, sort: "date", dir: "desc", page: 1 });
  });

  it("writes back only what differs from the defaults", () => {
    const f = parseOrderListQuery(new URLSearchParams("status=new&page=2"));
    expect(orderListParams(f).toString()).toBe("status=new&page=2");
    expect(orderListParams(f, { payment: "unpaid" }).toString()).toBe("status=new&payment=unpaid&page=2");
    expect(orderListParams(f, { sort: "number", dir: "asc", page: 1 }).toString()).toBe("status=new&sort=number&dir=asc");
  });
});
