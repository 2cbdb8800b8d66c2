import { describe, expect, it } from "vitest";
import { lineTitle, readVariantValues, variantLabel } from "./variant-values.ts";

describe("a line's variant values", () => {
  const values = [
    { property: "Цвет", value: "Зелёный" },
    { property: "Размер", value: "160×200" },
  ];

  it("labels the values by property and names the line with them", () => {
    expect(variantLabel(values)).toBe("Цвет: Зелёный · Размер: 160×200");
    expect(lineTitle("Диван Грета, велюр", values)).toBe("Диван Грета, велюр (Зелёный, 160×200)");
  });

  it("shows nothing for a single-variant line", () => {
    expect(variantLabel([])).toBe("");
    expect(lineTitle("Стол", [])).toBe("Стол");
  });

  it("reads a stored row, and an old or broken one as no values", () => {
    expect(readVariantValues(JSON.stringify(values))).toEqual(values);
    expect(readVariantValues("[]")).toEqual([]);
    expect(readVariantValues("{oops")).toEqual([]);
    expect(readVariantValues('[{"property":1}]')).toEqual([]);
  });
});
