import { describe, expect, it } from "vitest";
import { DEFAULT_TILE_URL, isTileUrlTemplate, tileCspSource } from "./map-tiles.ts";

describe("map tiles", () => {
  it("defaults to OpenStreetMap and accepts a tile template", () => {
    expect(isTileUrlTemplate("")).toBe(false);
    expect(isTileUrlTemplate("javascript:alert(1)")).toBe(false);
    expect(isTileUrlTemplate("https://tiles.example.ru/static.png")).toBe(false);
    expect(isTileUrlTemplate("https://{s}.tiles.example.ru/{z}/{x}/{y}.png")).toBe(true);
  });

  it("derives the CSP source", () => {
    expect(tileCspSource(DEFAULT_TILE_URL)).toBe("https://tile.openstreetmap.org");
    expect(tileCspSource("https://{s}.tiles.example.ru/{z}/{x}/{y}.png")).toBe("https://*.tiles.example.ru");
  });
});
