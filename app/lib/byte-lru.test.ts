import { describe, expect, it } from "vitest";
import { ByteLru } from "./byte-lru.ts";

describe("ByteLru", () => {
  it("never holds more bytes than its limit and drops the least recently used first", () => {
    const lru = new ByteLru<string>(100);
    lru.set("a", "A", 40);
    lru.set("b", "B", 40);
    expect(lru.get("a")).toBe("A"); // a is now the most recently used
    lru.set("c", "C", 40);
    expect(lru.bytes).toBeLessThanOrEqual(100);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe("A");
    expect(lru.get("c")).toBe("C");
  });

  it("replaces an entry under the same key and counts its new size", () => {
    const lru = new ByteLru<string>(100);
    lru.set("a", "A1", 60);
    lru.set("a", "A2", 30);
    expect(lru.get("a")).toBe("A2");
    expect(lru.bytes).toBe(30);
    expect(lru.size).toBe(1);
  });

  it("keeps nothing larger than the whole limit", () => {
    const lru = new ByteLru<string>(100);
    lru.set("small", "s", 10);
    lru.set("huge", "h", 101);
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.get("small")).toBe("s");
    expect(lru.bytes).toBe(10);
  });

  it("stays within the limit over many distinct keys", () => {
    const lru = new ByteLru<number>(1000);
    for (let i = 0; i < 500; i++) {
      lru.set(`k${i}`, i, 7 + (i % 13));
      expect(lru.bytes).toBeLessThanOrEqual(1000);
    }
    expect(lru.get("k499")).toBe(499);
    expect(lru.get("k0")).toBeUndefined();
  });
});
