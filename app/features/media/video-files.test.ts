import { describe, expect, it } from "vitest";
import { isUploadedVideoPath, sniffVideo } from "./video-files.ts";

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffVideo", () => {
  it("recognises MP4 by its ftyp box and a video brand", () => {
    expect(sniffVideo(bytes([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0]))).toBe("mp4");
    expect(sniffVideo(bytes([0, 0, 0, 0x18], "ftypmp42"))).toBe("mp4");
  });

  it("refuses AVIF and HEIF pictures and QuickTime, which are ISO files too", () => {
    expect(sniffVideo(bytes([0, 0, 0, 0x1c], "ftypavif"))).toBeNull();
    expect(sniffVideo(bytes([0, 0, 0, 0x18], "ftypheic"))).toBeNull();
    expect(sniffVideo(bytes([0, 0, 0, 0x14], "ftypqt  "))).toBeNull();
  });

  it("recognises WebM by its EBML header and document type, not other Matroska files", () => {
    expect(sniffVideo(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], "webm"))).toBe("webm");
    expect(sniffVideo(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], "matroska"))).toBeNull();
  });

  it("refuses text renamed to .mp4 and files too short to tell", () => {
    expect(sniffVideo(bytes("<html><script>alert(1)</script>"))).toBeNull();
    expect(sniffVideo(bytes([0, 0, 0]))).toBeNull();
  });
});

describe("isUploadedVideoPath", () => {
  it("accepts only the upload's own names under /media/videos/", () => {
    expect(isUploadedVideoPath(`/media/videos/v${"a".repeat(32)}.mp4`)).toBe(true);
    expect(isUploadedVideoPath(`/media/videos/v${"0".repeat(32)}.webm`)).toBe(true);
    expect(isUploadedVideoPath("/media/videos/../../etc/passwd.mp4")).toBe(false);
    expect(isUploadedVideoPath(`/media/products/v${"a".repeat(32)}.mp4`)).toBe(false);
    expect(isUploadedVideoPath("https://example.com/a.mp4")).toBe(false);
  });
});
