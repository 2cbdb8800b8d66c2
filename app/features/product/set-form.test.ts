import { describe, expect, it } from "vitest";
import { parseItemReference, parseSetDiscount, parseSetFields, parseSetOp, readSetRows, reorderSetRows } from "./set-form.ts";

function form(entries: [string, string][]): FormData {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

const twoItems: [string, string][] = [
  ["setItem", "12"],
  ["setQty.12", "1"],
  ["setItem", "40"],
  ["setQty.40", "4"],
  ["setOptional.40", "on"],
  ["setDiscount", "10"],
];

describe("parseSetFields", () => {
  it("reads the items in order with quantity, optional mark and the discount", () => {
    expect(parseSetFields(form(twoItems))).toEqual({
      ok: true,
      set: {
        discount: 10,
        items: [
          { id: 12, qty: 1, optional: false },
          { id: 40, qty: 4, optional: true },
        ],
      },
    });
  });
  it("refuses a duplicate item, one item, only optional items and a discount over 90 % in Russian", () => {
    const dup = parseSetFields(form([...twoItems, ["setItem", "12"]]));
    expect(dup).toEqual({ ok: false, errors: { setItems: expect.stringContaining("000012 добавлен в комплект дважды") } });
    expect(parseSetFields(form(twoItems.slice(0, 2)))).toEqual({ ok: false, errors: { setItems: "В комплекте должно быть не меньше двух предметов." } });
    const allOptional = parseSetFields(form([...twoItems, ["setOptional.12", "on"]]));
    expect(allOptional).toEqual({ ok: false, errors: { setItems: "Хотя бы один предмет комплекта должен быть обязательным." } });
    const discount = parseSetFields(form([...twoItems.slice(0, 5), ["setDiscount", "120"]]));
    expect(discount).toEqual({ ok: false, errors: { setDiscount: "Скидка — целое число от 0 до 90 %." } });
  });
  it("puts a bad quantity under its own row", () => {
    const res = parseSetFields(form([...twoItems.filter(([k]) => k !== "setQty.40"), ["setQty.40", "0"]]));
    expect(res).toEqual({ ok: false, errors: { "setQty.40": "Количество — целое число от 1 до 99." } });
  });
});

describe("the editor's helpers", () => {
  it("reads what was typed, dropping ids that are not ids", () => {
    expect(readSetRows(form([["setItem", "x"], ...twoItems]))).toEqual({
      rows: [
        { id: 12, qty: "1", optional: false },
        { id: 40, qty: "4", optional: true },
      ],
      discount: "10",
    });
  });
  it("reads an article or id as people type it", () => {
    expect(parseItemReference("000123")).toBe(123);
    expect(parseItemReference(" #45 ")).toBe(45);
    expect(parseItemReference("арт. 000777")).toBe(777);
    expect(parseItemReference("диван")).toBeNull();
    expect(parseItemReference("0")).toBeNull();
  });
  it("reads the discount: empty is none, whole percent up to 90", () => {
    expect(parseSetDiscount("")).toBe(0);
    expect(parseSetDiscount("15 %")).toBe(15);
    expect(parseSetDiscount("90")).toBe(90);
    expect(parseSetDiscount("91")).toBeNull();
    expect(parseSetDiscount("7,5")).toBeNull();
  });
  it("moves and removes rows by the pressed button", () => {
    const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(reorderSetRows(rows, parseSetOp("up:2")!)).toEqual([{ id: 2 }, { id: 1 }, { id: 3 }]);
    expect(reorderSetRows(rows, parseSetOp("down:3")!)).toEqual(rows);
    expect(reorderSetRows(rows, parseSetOp("remove:1")!)).toEqual([{ id: 2 }, { id: 3 }]);
    expect(parseSetOp("add")).toEqual({ kind: "add" });
    expect(parseSetOp("drop:1")).toBeNull();
    expect(parseSetOp(null)).toBeNull();
  });
});
