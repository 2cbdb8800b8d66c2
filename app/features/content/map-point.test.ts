import { describe, expect, it } from "vitest";
import { formatDegrees, parseMapPoint, wrapPoint } from "./map-point.ts";

describe("parseMapPoint", () => {
  it("reads degrees with a point or a comma", () => {
    expect(parseMapPoint("55.7601", "37,6187")).toEqual({ lat: 55.7601, lon: 37.6187 });
  });
  it("is null while a field is empty, not a number or out of range", () => {
    expect(parseMapPoint("", "37.6")).toBeNull();
    expect(parseMapPoint("55.7", "север")).toBeNull();
    expect(parseMapPoint("91", "37.6")).toBeNull();
    expect(parseMapPoint("55.7", "-181")).toBeNull();
  });
});

describe("formatDegrees", () => {
  it("keeps five decimals at most", () => {
    expect(formatDegrees(55.760123456)).toBe("55.76012");
    expect(formatDegrees(37.5)).toBe("37.5");
  });
});

describe("wrapPoint", () => {
  it("brings a longitude picked past the date line back into ±180", () => {
    expect(wrapPoint({ lat: 64.7, lon: 190 })).toEqual({ lat: 64.7, lon: -170 });
    expect(wrapPoint({ lat: 55.75, lon: 37.62 })).toEqual({ lat: 55.75, lon: 37.62 });
  });
});
