import { describe, expect, it } from "vitest";
import { defaultVariant, pickVariant, valueInStock } from "./variant-choice.ts";

const groups = [{ code: "color" }, { code: "size" }];
const variants = [
  { id: 1, stock: 0, values: { color: "Серый", size: "160" } },
  { id: 2, stock: 4, values: { color: "Серый", size: "180" } },
  { id: 3, stock: 2, values: { color: "Зелёный", size: "160" } },
];

describe("variant choice", () => {
  it("defaults to the first variant in stock, else the first", () => {
    expect(defaultVariant(variants)?.id).toBe(2);
    expect(defaultVariant(variants.map((v) => ({ ...v, stock: 0 })))?.id).toBe(1);
    expect(defaultVariant([])).toBeUndefined();
  });

  it("picks the variant with the clicked value that keeps most of the others", () => {
    expect(pickVariant(variants, groups, { color: "Серый", size: "160" }, "color")?.id).toBe(1);
    expect(pickVariant(variants, groups, { color: "Зелёный", size: "180" }, "color")?.id).toBe(3);
    expect(pickVariant(variants, groups, { color: "Серый", size: "160" }, "size")?.id).toBe(1);
  });

  it("weighs earlier groups more when the whole combination does not exist", () => {
    expect(pickVariant(variants, groups, { color: "Зелёный", size: "180" })?.id).toBe(3);
    expect(pickVariant(variants, groups, { size: "180" })?.id).toBe(2);
    expect(pickVariant(variants, groups, { color: "Синий" })?.id).toBe(2);
  });

  it("tells a value no variant in stock has with the other choices", () => {
    const chosen = variants[2]!;
    expect(valueInStock(variants, groups, chosen, "color", "Серый")).toBe(false);
    expect(valueInStock(variants, groups, variants[1]!, "size", "160")).toBe(false);
    expect(valueInStock(variants, groups, chosen, "color", "Зелёный")).toBe(true);
  });
});
