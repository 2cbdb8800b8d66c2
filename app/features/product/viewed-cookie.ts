// Recently viewed products live in a small cookie of product ids (newest first), not in the
// session: reading a product page must not create a session row for every visitor and crawler
// (docs/decisions/031-product-page-data.md).
import { readCookie, setCookie } from "../../lib/cookies.ts";

export const VIEWED_COOKIE = "viewed";
export const VIEWED_MAX = 12;
const MAX_AGE_S = 60 * 60 * 24 * 90;

/** Ids from the Cookie header; anything malformed is dropped, never trusted. */
export function readViewed(cookieHeader: string | null): number[] {
  const value = readCookie(cookieHeader, VIEWED_COOKIE);
  if (!value) return [];
  const ids: number[] = [];
  for (const part of value.split(".")) {
    if (!/^\d{1,10}$/.test(part)) continue;
    const id = Number(part);
    if (id > 0 && id <= 2_147_483_647 && !ids.includes(id)) ids.push(id);
    if (ids.length >= VIEWED_MAX) break;
  }
  return ids;
}

/** The list after viewing `id`: it moves to the front, the oldest falls off. */
export function pushViewed(ids: readonly number[], id: number): number[] {
  return [id, ...ids.filter((x) => x !== id)].slice(0, VIEWED_MAX);
}

export function viewedSetCookie(ids: readonly number[], secure: boolean): string {
  return setCookie(VIEWED_COOKIE, ids.join("."), { maxAgeSeconds: MAX_AGE_S, httpOnly: true, secure });
}
