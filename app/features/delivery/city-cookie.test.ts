import { describe, expect, it } from "vitest";
import { citySetCookie, readCity } from "./city-cookie.ts";

describe("city cookie", () => {
  it("reads a known city and falls back to Moscow", () => {
    expect(readCity("a=1; city=kazan; b=2")).toBe("kazan");
    expect(readCity(null)).toBe("moscow");
    expect(readCity("city=atlantis")).toBe("moscow");
    expect(readCity("city=<script>")).toBe("moscow");
    expect(readCity("xcity=kazan")).toBe("moscow");
  });
  it("writes a year-long, site-wide cookie", () => {
    expect(new Set(citySetCookie("spb", true).split("; "))).toEqual(new Set(["city=spb", "Path=/", "Max-Age=31536000", "SameSite=Lax", "Secure"]));
  });
});
