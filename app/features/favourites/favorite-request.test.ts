import { describe, expect, it } from "vitest";
import { parseFavoriteRequest } from "./favorite-request.ts";

describe("reading a favourites post", () => {
  it("reads a form post and the JSON the script sends alike", () => {
    expect(parseFavoriteRequest({ id: "12", on: "1", back: "/catalog/divany/?page=2" })).toEqual({
      ok: true,
      action: "set",
      id: 12,
      on: true,
      back: "/catalog/divany/?page=2",
    });
    expect(parseFavoriteRequest({ id: 12, on: false })).toEqual({ ok: true, action: "set", id: 12, on: false, back: "/favorites/" });
    expect(parseFavoriteRequest({ id: "7" })).toMatchObject({ ok: true, id: 7, on: undefined });
    expect(parseFavoriteRequest({ clear: "all" })).toEqual({ ok: true, action: "clear", back: "/favorites/" });
  });

  it("refuses ids that name no row and states other than on/off", () => {
    for (const id of ["abc", "0", "-3", "0x10", "1e1", "16 ", 1.5, true, [16], null, undefined, "9".repeat(20)]) {
      expect(parseFavoriteRequest({ id }), String(id)).toMatchObject({ ok: false });
    }
    expect(parseFavoriteRequest({ id: "5", on: "yes" })).toMatchObject({ ok: false });
  });

  it("never sends the visitor to another site", () => {
    expect(parseFavoriteRequest({ id: "5", back: "https://evil.example/" })).toMatchObject({ back: "/" });
    expect(parseFavoriteRequest({ id: "abc", back: "//evil.example/" })).toMatchObject({ back: "/" });
  });
});
