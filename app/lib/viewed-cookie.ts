// Recently viewed products live in a small cookie of product ids (newest first), not in the
// session: reading a product page must not create a session row for every visitor and crawler
// (docs/decisions/031-product-page-data.md).
export const VIEWED_COOKIE = "viewed";
export const VIEWED_MAX = 12;
const MAX_AGE_S = 60 * 60 * 24 * 90;

/** Ids from the Cookie header; anything malformed is dropped, never trusted. */
export function readViewed(cookieHeader: string | null): number[] {
  if (!cookieHeader) return [];
  const m = new RegExp(`(?:^|;\\s*)${VIEWED_COOKIE}=([^;]*)`).exec(cookieHeader);
  if (!m) return [];
  const ids: number[] = [];
  for (const part of decodeURIComponentSafe(m[1]!).split(".")) {
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
  return `${VIEWED_COOKIE}=${ids.join(".")}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return "";
  }
}
