import { describe, expect, it } from "vitest";
import { mergeSessionData } from "./users.server.ts";

describe("merging the anonymous session into the account", () => {
  it("unites lists, account items first, without duplicates", () => {
    expect(mergeSessionData({ compare: [1, 3] }, { compare: [3, 7] })).toEqual({ compare: [1, 3, 7] });
    expect(mergeSessionData({ compare: [{ id: 1 }] }, { compare: [{ id: 1 }, { id: 2 }] })).toEqual({ compare: [{ id: 1 }, { id: 2 }] });
  });

  it("merges objects shallowly and lets anonymous scalars win", () => {
    expect(mergeSessionData({ prefs: { view: "grid", num: 24 }, city: "Москва" }, { prefs: { view: "list" }, city: "Казань" })).toEqual({
      prefs: { view: "list", num: 24 },
      city: "Казань",
    });
  });

  it("keeps account keys the visit did not touch and drops one-visit keys", () => {
    expect(mergeSessionData({ compare: [5] }, { flash: { files: {} } })).toEqual({ compare: [5] });
    expect(mergeSessionData({}, { compare: [2] })).toEqual({ compare: [2] });
  });
});
