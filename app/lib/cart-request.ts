// Reads a cart change from JSON or a plain form, the same fields either way.
export type CartRequest =
  | { json: boolean; back: string; id: number; type: string; cnt: number; items?: number[]; mode: "add" | "set"; line?: number }
  | { json: boolean; back: string; status: number; error: string };

const TYPES = new Set(["product", "set"]);

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
  const id = Number(body.id);
  const line = body.line === undefined || body.line === "" ? undefined : Number(body.line);
  if ((line === undefined && (!Number.isInteger(id) || id <= 0)) || (line !== undefined && (!Number.isInteger(line) || line <= 0))) {
    return { json, back, status: 404, error: "Такого товара нет в каталоге." };
  }
  // A form's empty or non-numeric quantity means one piece (SPEC 5: add to cart, quantity reset);
  // an API caller sending a bad number gets 422.
  const rawCnt = body.cnt;
  let cnt = rawCnt === undefined || rawCnt === "" ? 1 : Number(typeof rawCnt === "string" ? rawCnt.trim() : rawCnt);
  if (!Number.isInteger(cnt) || cnt < 0) {
    if (json) return { json, back, status: 422, error: "Количество должно быть целым неотрицательным числом." };
    cnt = 1;
  }
  let itemIds: number[] | undefined;
  if (items !== undefined) {
    if (!Array.isArray(items) || items.length > 50) return { json, back, status: 422, error: "Неверный состав комплекта." };
    itemIds = items.map((v) => Number(v));
    if (itemIds.some((v) => !Number.isInteger(v) || v <= 0)) return { json, back, status: 422, error: "Неверный состав комплекта." };
  }
  return { json, back, id, type, cnt, items: itemIds, mode: body.mode === "add" ? "add" : "set", line };
}
