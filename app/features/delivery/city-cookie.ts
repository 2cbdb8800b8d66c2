// The visitor's city (header «Город») lives in a cookie, like recently viewed goods: it is not
// worth a session row, and it must work without JavaScript (a form post, then 303 back).
import { readCookie, setCookie } from "../../lib/cookies.ts";
import { DEFAULT_CITY, cityById, type CityId } from "./delivery-pricing.ts";

export const CITY_COOKIE = "city";
const MAX_AGE_S = 60 * 60 * 24 * 365;

/** The city from the Cookie header; an unknown or missing one is the default (Москва). */
export function readCity(cookieHeader: string | null): CityId {
  return cityById(readCookie(cookieHeader, CITY_COOKIE))?.id ?? DEFAULT_CITY;
}

export function citySetCookie(id: CityId, secure: boolean): string {
  return setCookie(CITY_COOKIE, id, { maxAgeSeconds: MAX_AGE_S, secure });
}
