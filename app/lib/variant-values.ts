// What a cart or order line says about the variant it names (docs/decisions/108-product-variants.md,
// 1.4): the values as a person reads them, snapshot when the line is written. Here, not in the
// catalogue, because the cart, orders, payments, the 1C export and the feed all sit below it.
import { z } from "zod";
import { readJsonColumn } from "./json-columns.ts";

/** one choice of a variant: the property's title and the value as text («Цвет», «Зелёный») */
export interface VariantValue {
  property: string;
  value: string;
}

const VariantValuesSchema = z.array(z.object({ property: z.string(), value: z.string() }));

/** An order line's `variant_values`; an unreadable or old row reads as none (a single-variant line). */
export function readVariantValues(json: string): VariantValue[] {
  return readJsonColumn(json, VariantValuesSchema, { fallback: [] });
}

/** «Цвет: Зелёный · Размер: 160×200»; empty for none. */
export function variantLabel(values: readonly VariantValue[]): string {
  return values.map((v) => `${v.property}: ${v.value}`).join(" · ");
}

/** «Диван Грета, велюр (Зелёный, 160×200)»: the one-line name for receipts and 1C (the caller clips it). */
export function lineTitle(title: string, values: readonly VariantValue[]): string {
  return values.length ? `${title} (${values.map((v) => v.value).join(", ")})` : title;
}
