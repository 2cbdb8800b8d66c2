import { describe, expect, it, vi } from "vitest";
import { collectCounts, shareUrl } from "./share-links.ts";

describe("share links", () => {
  it("encodes the page address and title for every network", () => {
    const url = "https://vitrina.example/product/divan-oslo-12/";
    const title = "Диван «Осло» & кресло";
    expect(shareUrl("vk", url, title)).toBe(`https://vk.com/share.php?url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`);
    expect(shareUrl("telegram", url, title)).toContain("https://t.me/share/url?url=https%3A%2F%2Fvitrina.example");
    expect(shareUrl("ok", url, title)).toContain("https://connect.ok.ru/offer?url=");
    expect(shareUrl("whatsapp", url, title)).toBe(`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`);
    expect(shareUrl("vk", url, title)).not.toContain("&кресло");
  });
});

describe("collectCounts", () => {
  it("resolves as soon as every counter is in", async () => {
    await expect(collectCounts({ vk: async () => 3, ok: async () => 5.7 })).resolves.toEqual({ vk: 3, ok: 5 });
    await expect(collectCounts({})).resolves.toEqual({});
  });
  it("gives up on slow or failing counters after the time-out", async () => {
    vi.useFakeTimers();
    const pending = collectCounts({ vk: () => new Promise<number>(() => {}), ok: async () => 2, telegram: async () => Promise.reject(new Error("x")) }, 1000);
    await vi.advanceTimersByTimeAsync(999);
    let done = false;
    void pending.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: 2 });
    vi.useRealTimers();
  });
});
