// Every cookie the shop reads or writes goes through here, on the `cookie` package: one parser
// (percent-decoding, quoted values, odd spacing and a malformed escape handled the same way
// everywhere) and one writer with the shop's defaults — the whole site's path and SameSite=Lax,
// which with the CSRF check keeps cross-site posts out (decision 004).
import { parseCookie, stringifySetCookie } from "cookie";

/** The cookies of a Cookie header by name (the first of a repeated name wins); {} without one. */
export function readCookies(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parseCookie(header) : {};
}

/** One cookie's decoded value from a Cookie header, or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  return readCookies(header)[name];
}

export interface CookieOptions {
  maxAgeSeconds: number;
  /** not readable by scripts (every cookie the page's own script does not set) */
  httpOnly?: boolean;
  /** sent over HTTPS only: on whenever the shop is served over HTTPS */
  secure?: boolean;
}

/** A Set-Cookie header value for the whole site: `name=value; Max-Age=…; Path=/; SameSite=Lax…`. */
export function setCookie(name: string, value: string, { maxAgeSeconds, httpOnly = false, secure = false }: CookieOptions): string {
  return stringifySetCookie({ name, value, maxAge: maxAgeSeconds, path: "/", sameSite: "lax", httpOnly, secure });
}

/** A closed banner stays closed for a year: its own cookie `notice-<key>=closed`, set by the page's script or the no-JS form. */
export function closedBannerCookie(key: string): string {
  return setCookie(key, "closed", { maxAgeSeconds: 365 * 24 * 60 * 60 });
}
