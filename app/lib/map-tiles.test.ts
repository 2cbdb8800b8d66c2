import { describe, expect, it } from "vitest";
import { DEFAULT_TILE_URL, tileCspSource, tileUrlFromEnv } from "./map-tiles.ts";

describe("map tiles", () => {
  it("defaults to OpenStreetMap and accepts a tile template", () => {
    expect(tileUrlFromEnv({})).toBe(DEFAULT_TILE_URL);
    expect(tileUrlFromEnv({ MAP_TILE_URL: "javascript:alert(1)" })).toBe(DEFAULT_TILE_URL);
    expect(tileUrlFromEnv({ MAP_TILE_URL: "https://{s}.tiles.example.ru/{z}/{x}/{y}.png" })).toBe("https://{s}.tiles.example.ru/{z}/{x}/{y}.png");
  });

  it("derives the CSP source", () => {
    expect(tileCspSource(DEFAULT_TILE_URL)).toBe("https://tile.openstreetmap.org");
    expect(tileCspSource("https://{s}.tiles.example.ru/{z}/{x}/{y}.png")).toBe("https://*.tiles.example.ru");
  });
});
