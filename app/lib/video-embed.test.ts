import { describe, expect, it } from "vitest";
import { parseVideoLink } from "./video-embed.ts";

describe("parseVideoLink", () => {
  it("builds a YouTube player with autoplay from every link form", () => {
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com/watch?v=dQw4w9WgXcQ&t=10",
      "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    ]) {
      const v = parseVideoLink(link);
      expect(v?.provider, link).toBe("youtube");
      expect(v?.id).toBe("dQw4w9WgXcQ");
      expect(v?.embedUrl).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0");
    }
  });
  it("builds Rutube and VK Video players", () => {
    const id = "0123456789abcdef0123456789abcdef";
    expect(parseVideoLink(`https://rutube.ru/video/${id}/`)?.embedUrl).toBe(`https://rutube.ru/play/embed/${id}/?autoplay=1`);
    expect(parseVideoLink(`https://rutube.ru/play/embed/${id}`)?.id).toBe(id);
    const vk = parseVideoLink("https://vk.com/video-12345_678");
    expect(vk).toMatchObject({ provider: "vk", id: "-12345_678" });
    expect(vk?.embedUrl).toBe("https://vkvideo.ru/video_ext.php?oid=-12345&id=678&hd=2&autoplay=1");
    expect(parseVideoLink("https://vkvideo.ru/video_ext.php?oid=-1&id=2")?.id).toBe("-1_2");
    expect(parseVideoLink("https://vk.com/videos-1?z=video-1_99%2Fpl_-1")?.id).toBe("-1_99");
  });
  it("refuses what it cannot embed safely", () => {
    for (const link of [
      "not a url",
      "javascript:alert(1)",
      "https://youtube.com/watch?v=short",
      "https://youtube.com/watch?v=dQw4w9WgXcQ%22onload",
      "https://rutube.ru/video/xyz/",
      "https://evil.example/watch?v=dQw4w9WgXcQ",
      "https://vk.com/id1",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    ]) {
      expect(parseVideoLink(link), link).toBeNull();
    }
  });
});
