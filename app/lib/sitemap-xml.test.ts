import { describe, expect, it } from "vitest";
import { parsePartFile, partRange, sitemapIndexXml, sitemapParts, urlsetXml } from "./sitemap-xml.ts";

describe("sitemap XML", () => {
  it("escapes addresses and writes dates", () => {
    const xml = urlsetXml([{ loc: "https://x.example/a?b=1&c=<2>", lastmod: Date.UTC(2026, 10, 22) }, { loc: "https://x.example/" }]);
    expect(xml).toContain("<loc>https://x.example/a?b=1&amp;c=&lt;2&gt;</loc><lastmod>2026-11-22</lastmod>");
    expect(xml).toContain("<url><loc>https://x.example/</loc></url>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(sitemapIndexXml(["https://x.example/sitemap/1.xml"])).toContain("<sitemap><loc>https://x.example/sitemap/1.xml</loc></sitemap>");
  });
  it("splits only above 50 000 addresses", () => {
    expect(sitemapParts(50_000)).toBe(0);
    expect(sitemapParts(50_001)).toBe(2);
    expect(sitemapParts(150_000)).toBe(3);
    expect(partRange(2, 50_001)).toEqual({ start: 50_000, end: 50_001 });
    expect(partRange(1, 120_000)).toEqual({ start: 0, end: 50_000 });
  });
  it("reads part file names strictly", () => {
    expect(parsePartFile("2.xml")).toBe(2);
    expect(parsePartFile("0.xml")).toBeNull();
    expect(parsePartFile("02.xml")).toBeNull();
    expect(parsePartFile("2.xml.gz")).toBeNull();
    expect(parsePartFile(undefined)).toBeNull();
  });
});
