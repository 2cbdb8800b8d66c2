// Reads a cart change from JSON or a plain form, the same fields either way.
import { MAX_CART_QTY, parseCartQuantity } from "./quantity.ts";
import { parseId } from "../../lib/record-id.ts";

export type CartRequest =
  | { json: boolean; back: string; id: number; variant?: number; type: string; cnt: number; items?: number[]; mode: "add" | "set"; line?: number }
  | { json: boolean; back: string; status: number; error: string };

const TYPES = new Set(["product", "set"]);

export const QUANTITY_MESSAGE = `Количество должно быть целым числом от 0 до ${MAX_CART_QTY}.`;

export async function readCartRequest(request: Request, pathType: string | undefined): Promise<CartRequest> {
  const json = (request.headers.get("content-type") ?? "").includes("application/json");
  let body: Record<string, unknown> = {};
  let items: unknown;
  try {
    if (json) {
      const value: unknown = await request.json();
      if (value && typeof value === "object" && !Array.isArray(value)) body = value as Record<string, unknown>;
      items = body.items;
    } else {
      const form = await request.formData();
      body = Object.fromEntries(form);
      items = form.has("item") ? form.getAll("item") : undefined;
    }
  } catch {
    return { json, back: "/cart/", status: 400, error: "Не удалось прочитать запрос. Обновите страницу и попробуйте ещё раз." };
  }
  const back = typeof body.back === "string" ? body.back : "/cart/";
  const type = pathType ?? "";
  if (!TYPES.has(type) || (body.type !== undefined && body.type !== type)) {
    return { json, back, status: 404, error: "Такого вида товара нет." };
  }
  const id = parseId(body.id);
  const line = body.line === undefined || body.line === "" ? undefined : parseId(body.line);
  // the variant (docs/decisions/108-product-variants.md, section 3); without it the model's only one
  const variant = body.variant === undefined || body.variant === "" ? undefined : parseId(body.variant);
  if ((line === undefined && id === null) || line === null || variant === null) {
    return { json, back, status: 404, error: "Такого товара нет в каталоге." };
  }
  // Only a JSON integer or a string of digits (docs/behaviour.md «Cart API»). A plain form's
  // missing or empty quantity means one piece; anything else is 422.
  const rawCnt = body.cnt;
  const cnt = !json && (rawCnt === undefined || rawCnt === "") ? 1 : parseCartQuantity(rawCnt);
  if (cnt === null) return { json, back, status: 422, error: QUANTITY_MESSAGE };
  let itemIds: number[] | undefined;
  if (items !== undefined) {
    if (!Array.isArray(items) || items.length > 50) return { json, back, status: 422, error: "Неверный состав комплекта." };
    const parsed = items.map(parseId);
    if (parsed.some((v) => v === null)) return { json, back, status: 422, error: "Неверный состав комплекта." };
    itemIds = parsed as number[];
  }
  return { json, back, id: id ?? 0, ...(variant === undefined ? {} : { variant }), type, cnt, items: itemIds, mode: body.mode === "add" ? "add" : "set", line };
}
