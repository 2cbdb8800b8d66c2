// What a «В избранное» post says, read the same way from JSON and from a plain form.
import { parseId } from "../../lib/record-id.ts";
import { safeBackPath } from "../../lib/safe-back-path.ts";

export type FavoriteRequest =
  | { ok: true; action: "set"; id: number; on: boolean | undefined; back: string }
  | { ok: true; action: "clear"; back: string }
  | { ok: false; message: string; back: string };

export const BAD_ID_MESSAGE = "Не удалось понять, какой товар вы выбрали. Обновите страницу и попробуйте ещё раз.";
const BAD_STATE_MESSAGE = "Не удалось понять, добавить товар в избранное или убрать. Обновите страницу и попробуйте ещё раз.";

/**
 * `id` (a positive integer, or its digits), `on` («1»/«0», true/false; absent: flip) and `back`
 * (a same-site path to return to; the favourites page by default), or `clear=all`.
 */
export function parseFavoriteRequest(body: Readonly<Record<string, unknown>>): FavoriteRequest {
  const back = safeBackPath(typeof body.back === "string" && body.back ? body.back : "/favorites/");
  if (body.clear === "all") return { ok: true, action: "clear", back };
  const id = parseId(body.id);
  if (id === null) return { ok: false, message: BAD_ID_MESSAGE, back };
  const on = parseOn(body.on);
  if (on === null) return { ok: false, message: BAD_STATE_MESSAGE, back };
  return { ok: true, action: "set", id, on, back };
}

function parseOn(raw: unknown): boolean | undefined | null {
  if (raw === undefined || raw === "") return undefined;
  if (raw === true || raw === "1") return true;
  if (raw === false || raw === "0") return false;
  return null;
}
