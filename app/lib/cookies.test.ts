import { describe, expect, it } from "vitest";
import { readCookie, readCookies, setCookie } from "./cookies.ts";

describe("cookies", () => {
  it("reads a value by name, decoded, whatever the spacing", () => {
    expect(readCookie("a=1;city=kazan ;  viewed=3.2.1", "city")).toBe("kazan");
    expect(readCookie("name=%D0%90%D0%BD%D0%BD%D0%B0", "name")).toBe("Анна");
    expect(readCookie("a=1", "city")).toBeUndefined();
    expect(readCookie(null, "city")).toBeUndefined();
  });

  it("keeps a malformed escape as it came instead of throwing", () => {
    expect(readCookie("city=%E0%A4%A", "city")).toBe("%E0%A4%A");
  });

  it("does not take a name that only ends like the one asked for", () => {
    expect(readCookie("mycity=spb", "city")).toBeUndefined();
    expect(readCookies("xnotice-1=closed; notice-2=closed")).toEqual({ "xnotice-1": "closed", "notice-2": "closed" });
  });

  it("writes the shop's defaults: the whole site, SameSite=Lax, and Secure/HttpOnly when asked", () => {
    const header = setCookie("city", "spb", { maxAgeSeconds: 60, httpOnly: true, secure: true });
    const parts = header.split("; ");
    expect(parts[0]).toBe("city=spb");
    expect(new Set(parts.slice(1))).toEqual(new Set(["Max-Age=60", "Path=/", "HttpOnly", "Secure", "SameSite=Lax"]));
    expect(setCookie("a", "b", { maxAgeSeconds: 1 })).not.toMatch(/HttpOnly|Secure/);
  });
});
