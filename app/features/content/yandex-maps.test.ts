import { describe, expect, it } from "vitest";
import { isYandexMapsKey, yandexMapsScriptUrl } from "./yandex-maps.ts";

describe("Yandex Maps configuration", () => {
  it("is off without a key, and a blank or malformed key is ignored", () => {
    expect(isYandexMapsKey("")).toBe(false);
    expect(isYandexMapsKey("  ")).toBe(false);
    expect(isYandexMapsKey('"><script>')).toBe(false);
  });

  it("takes a key as Yandex issues them", () => {
    expect(isYandexMapsKey("0a1b2c3d-0000-4e5f-8a9b-123456789abc")).toBe(true);
  });

  it("loads the 2.1 API in Russian", () => {
    expect(yandexMapsScriptUrl("abc-123-def")).toBe("https://api-maps.yandex.ru/2.1/?apikey=abc-123-def&lang=ru_RU");
  });
});
