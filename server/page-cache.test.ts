import { describe, expect, it } from "vitest";
import type { MemoPage } from "../app/http/render-memo.server.ts";
import { createMemoryPageStore, createRenderMemo, type CachedPage } from "./page-cache.ts";

/** a kept page of `bytes` body bytes, no headers */
const page = (bytes: number, tag = ""): CachedPage => ({ headers: [], parts: [Buffer.alloc(bytes)], bytes, etag: `"${tag}"` });

describe("the memory page store", () => {
  it("never holds more bytes than its limit and drops the least recently used page first", async () => {
    const store = createMemoryPageStore(100);
    await store.set("a", page(39, "a")); // 40 bytes with its key
    await store.set("b", page(39, "b"));
    expect((await store.get("a"))?.etag).toBe('"a"'); // a is now the most recently used
    await store.set("c", page(39, "c"));
    expect(store.bytes).toBeLessThanOrEqual(100);
    expect(await store.get("b")).toBeUndefined();
    expect((await store.get("a"))?.etag).toBe('"a"');
    expect((await store.get("c"))?.etag).toBe('"c"');
  });

  it("counts a replaced page at its new size, headers included", async () => {
    const store = createMemoryPageStore(100);
    await store.set("a", page(59));
    await store.set("a", { ...page(20), headers: [["etag", "12345"]] });
    expect(store.bytes).toBe(1 + 20 + 4 + 5);
  });

  it("keeps no page larger than the whole limit, and drops what it held under that key", async () => {
    const store = createMemoryPageStore(100);
    await store.set("small", page(9));
    await store.set("huge", page(10));
    await store.set("huge", page(200));
    expect(await store.get("huge")).toBeUndefined();
    expect(await store.get("small")).toBeDefined();
    expect(store.bytes).toBe(5 + 9);
  });

  it("stays within the limit over many distinct pages", async () => {
    const store = createMemoryPageStore(1000);
    for (let i = 0; i < 500; i++) {
      await store.set(`k${i}`, page(7 + (i % 13)));
      expect(store.bytes).toBeLessThanOrEqual(1000);
    }
    expect(await store.get("k499")).toBeDefined();
    expect(await store.get("k0")).toBeUndefined();
  });
});

describe("the render memo", () => {
  it("reports hits and misses and forgets the least recently used document past its bytes", () => {
    const seen: string[] = [];
    const memo = createRenderMemo(50, (r) => seen.push(r));
    const doc = (bytes: number): MemoPage => ({ parts: [Buffer.alloc(bytes)], bytes });
    memo.set("x", doc(20));
    memo.set("y", doc(20));
    expect(memo.get("x")).toBeDefined();
    memo.set("z", doc(20));
    expect(memo.get("y")).toBeUndefined();
    expect(seen).toEqual(["hit", "miss"]);
  });
});
