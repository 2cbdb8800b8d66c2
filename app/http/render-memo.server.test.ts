import { describe, expect, it } from "vitest";
import { hashRenderInput, memoBody, memoPage } from "./render-memo.server.ts";

describe("hashRenderInput", () => {
  it("is the same for the same data and differs for any difference a render could show", () => {
    const data = { cart: { count: 2, sum: 1_000_00 }, ids: [3, 1], when: new Date(0), tags: new Set(["a"]) };
    expect(hashRenderInput(data)).toBe(hashRenderInput(structuredClone(data)));
    const variants: unknown[] = [
      { ...data, cart: { count: 3, sum: 1_000_00 } },
      { ...data, ids: [1, 3] },
      { ...data, when: new Date(1) },
      { ...data, tags: new Set(["b"]) },
      { ...data, extra: undefined },
      { ids: [3, 1], cart: { count: 2, sum: 1_000_00 }, when: new Date(0), tags: new Set(["a"]) },
    ];
    const seen = new Set([hashRenderInput(data)]);
    for (const v of variants) seen.add(hashRenderInput(v));
    expect(seen.size).toBe(variants.length + 1);
  });

  it("tells apart values that print alike", () => {
    const pairs: [unknown, unknown][] = [
      ["1", 1],
      [[], {}],
      [null, undefined],
      [new Map([["a", 1]]), { a: 1 }],
      [
        ["ab", "c"],
        ["a", "bc"],
      ],
      [{ a: "b" }, { ab: "" }],
      [0, -0],
      [true, "T"],
    ];
    for (const [a, b] of pairs) expect(hashRenderInput(a)).not.toBe(hashRenderInput(b));
  });

  it("refuses what it cannot hash faithfully: a promise, a function, a class instance, a cycle", () => {
    class Money {
      kopecks = 1;
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const value of [{ later: Promise.resolve(1) }, { f: () => 1 }, { m: new Money() }, cyclic]) expect(hashRenderInput(value)).toBeNull();
  });
});

describe("memoPage and memoBody", () => {
  it("put this answer's nonce where the kept one's was", () => {
    const html = Buffer.from('<script nonce="OLDNONCE">a</script><link nonce="OLDNONCE"><p>тело</p>');
    const page = memoPage(html, "OLDNONCE");
    expect(page.parts).toHaveLength(3);
    expect(memoBody(page, "NEW").toString()).toBe('<script nonce="NEW">a</script><link nonce="NEW"><p>тело</p>');
    expect(memoBody(page, "NEW").length).toBe(Buffer.byteLength(html) - 2 * "OLDNONCE".length + 2 * "NEW".length);
  });
});
