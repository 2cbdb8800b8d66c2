import { describe, expect, it } from "vitest";
import type { Request } from "express";
import { isCrossSite } from "./csrf.ts";

function request(method: string, headers: Record<string, string>, trustProxy = false, protocol = "https"): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, protocol, get: (name: string) => lower[name.toLowerCase()], app: { get: () => trustProxy } } as unknown as Request;
}

describe("cross-site request check", () => {
  it("never blocks reads", () => {
    expect(isCrossSite(request("GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }), [])).toBe(false);
  });
  it("trusts the browser's Fetch Metadata", () => {
    expect(isCrossSite(request("POST", { "sec-fetch-site": "same-origin", origin: "null", host: "shop.ru" }), [])).toBe(false);
    expect(isCrossSite(request("POST", { "sec-fetch-site": "cross-site", origin: "https://evil.example", host: "shop.ru" }), [])).toBe(true);
    expect(isCrossSite(request("POST", { "sec-fetch-site": "same-site", origin: "https://sub.shop.ru", host: "shop.ru" }), [])).toBe(true);
  });
  it("falls back to comparing Origin with Host", () => {
    expect(isCrossSite(request("POST", { origin: "https://shop.ru", host: "shop.ru" }), [])).toBe(false);
    expect(isCrossSite(request("POST", { origin: "https://evil.example", host: "shop.ru" }), [])).toBe(true);
    expect(isCrossSite(request("POST", { origin: "null", host: "shop.ru" }), [])).toBe(true);
    expect(isCrossSite(request("POST", { host: "shop.ru" }), [])).toBe(false);
  });
  it("compares the whole origin, scheme and port included", () => {
    // an https page may not post to the http site of the same host, nor another port
    expect(isCrossSite(request("POST", { origin: "https://shop.ru", host: "shop.ru" }, false, "http"), [])).toBe(true);
    expect(isCrossSite(request("POST", { origin: "http://shop.ru", host: "shop.ru" }, false, "http"), [])).toBe(false);
    expect(isCrossSite(request("POST", { origin: "http://shop.ru:8080", host: "shop.ru" }, false, "http"), [])).toBe(true);
    expect(isCrossSite(request("POST", { origin: "HTTP://SHOP.RU", host: "shop.ru" }, false, "http"), [])).toBe(false);
  });
  it("accepts configured extra origins", () => {
    expect(isCrossSite(request("POST", { "sec-fetch-site": "cross-site", origin: "https://admin.shop.ru" }), ["https://admin.shop.ru"])).toBe(false);
  });
});
