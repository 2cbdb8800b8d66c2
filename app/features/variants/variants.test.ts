import { describe, expect, it } from "vitest";
import { checkModelVariants, MAX_VARIANTS, sectionVariantProperties } from "./variants.ts";

const COLOUR = { id: 1, title: "Цвет" };
const SIZE = { id: 2, title: "Размер спального места" };
const titles = new Map([
  [1, "Цвет"],
  [2, "Размер спального места"],
  [3, "Ширина"],
]);
const variant = (values: Record<number, string>) => new Map(Object.entries(values).map(([k, v]) => [Number(k), v]));

describe("checkModelVariants", () => {
  it("takes a single variant without choice values, and variants with every choice, each combination once", () => {
    expect(checkModelVariants({ choices: [COLOUR, SIZE], titles, modelProperties: new Set(), variants: [variant({})] })).toEqual([]);
    const variants = [variant({ 1: "Зелёный", 2: "160×200" }), variant({ 1: "Зелёный", 2: "180×200" }), variant({ 1: "Серый", 2: "160×200", 3: "166" })];
    expect(checkModelVariants({ choices: [COLOUR, SIZE], titles, modelProperties: new Set([4]), variants })).toEqual([]);
  });

  it("refuses more than the bound", () => {
    const variants = Array.from({ length: MAX_VARIANTS + 1 }, (_, i) => variant({ 1: `Цвет ${i}` }));
    expect(checkModelVariants({ choices: [COLOUR], titles, modelProperties: new Set(), variants })).toEqual([
      { variant: null, property: null, message: "У модели может быть не больше 100 вариантов: уберите лишние." },
    ]);
  });

  it("refuses a variant without a choice value once there are several", () => {
    const variants = [variant({ 1: "Зелёный", 2: "160×200" }), variant({ 1: "Серый", 2: " " })];
    expect(checkModelVariants({ choices: [COLOUR, SIZE], titles, modelProperties: new Set(), variants })).toEqual([
      { variant: 1, property: 2, message: "Укажите «Размер спального места» у этого варианта." },
    ]);
  });

  it("refuses a repeated combination, naming it", () => {
    const variants = [variant({ 1: "Зелёный", 2: "160×200" }), variant({ 1: "Серый", 2: "160×200" }), variant({ 1: "Зелёный", 2: "160×200" })];
    expect(checkModelVariants({ choices: [COLOUR, SIZE], titles, modelProperties: new Set(), variants })).toEqual([
      { variant: 2, property: null, message: "Сочетание «Зелёный, 160×200» уже есть у другого варианта." },
    ]);
  });

  it("refuses a model-level value of a property the variants have", () => {
    const variants = [variant({ 1: "Зелёный", 3: "160" }), variant({ 1: "Серый" })];
    expect(checkModelVariants({ choices: [COLOUR], titles, modelProperties: new Set([3]), variants })).toEqual([
      { variant: null, property: 3, message: "«Ширина» задано у вариантов: уберите значение у модели, чтобы оно было одно." },
    ]);
  });
});

describe("sectionVariantProperties", () => {
  const parentOf = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
    [4, null],
  ]);
  const ownOf = new Map([
    [
      1,
      [
        { property: "size", position: 2 },
        { property: "color", position: 1 },
      ],
    ],
    [3, [{ property: "color", position: 1 }]],
  ]);

  it("takes the section's own set, else the nearest ancestor's, in order; none anywhere: none", () => {
    expect(sectionVariantProperties(3, parentOf, ownOf).map((p) => p.property)).toEqual(["color"]);
    expect(sectionVariantProperties(2, parentOf, ownOf).map((p) => p.property)).toEqual(["color", "size"]);
    expect(sectionVariantProperties(4, parentOf, ownOf)).toEqual([]);
    expect(sectionVariantProperties(99, parentOf, ownOf)).toEqual([]);
  });
});
