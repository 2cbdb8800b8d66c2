// The visitor's city (header «Город») lives in a cookie, like recently viewed goods: it is not
// worth a session row, and it must work without JavaScript (a form post, then 303 back).
import { DEFAULT_CITY, cityById, type CityId } from "./delivery-pricing.ts";

export const CITY_COOKIE = "city";
const MAX_AGE_S = 60 * 60 * 24 * 365;

/** The city from the Cookie header; an unknown or missing one is the default (Москва). */
export function readCity(cookieHeader: string | null): CityId {
  const m = cookieHeader ? new RegExp(`(?:^|;\\s*)${CITY_COOKIE}=([a-z-]{1,40})(?:;|$)`).exec(cookieHeader) : null;
  return cityById(m?.[1])?.id ?? DEFAULT_CITY;
}

export function citySetCookie(id: CityId, secure: boolean): string {
  return `${CITY_COOKIE}=${id}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
