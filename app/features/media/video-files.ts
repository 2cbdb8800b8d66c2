// Video files staff upload for a product's gallery: MP4 or WebM, recognised by their
// first bytes (names and Content-Type headers are not evidence), stored under the public media
// folder as `/media/videos/v<32 hex>.<ext>`. Pure: the form parser and the domain share it.

/** a bounded size; a minute of 1080p at a good bitrate fits */
export const VIDEO_FILE_MAX_BYTES = 100 * 1024 * 1024;

export type VideoFileType = "mp4" | "webm";

export const VIDEO_FILE_MESSAGES = {
  tooLarge: (name: string) => `Видеофайл больше 100 МБ: ${name}`,
  notVideo: (name: string) => `Это не видео MP4 или WebM: ${name}`,
  storage: "Не удалось сохранить видео на сервере. Попробуйте ещё раз",
} as const;

// major brands of the ISO base media files that are MP4 video (AVIF and HEIF pictures are ISO
// files too, with their own brands, and QuickTime's «qt  » is not MP4: both are refused)
const MP4_BRANDS = new Set(["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash", "mmp4"]);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The real type from the first bytes: an MP4 `ftyp` box with a video brand, or a WebM EBML header. */
export function sniffVideo(b: Uint8Array): VideoFileType | null {
  if (b.length >= 12 && ascii(b, 4, 8) === "ftyp" && MP4_BRANDS.has(ascii(b, 8, 12))) return "mp4";
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    // the EBML header names its document type near the start: «webm» (Matroska says «matroska»)
    const head = ascii(b, 4, Math.min(b.length, 64));
    if (head.includes("webm")) return "webm";
  }
  return null;
}

const UPLOADED_VIDEO = /^\/media\/videos\/v[0-9a-f]{32}\.(mp4|webm)$/;

/** true for a path the upload produced (the only file paths the form accepts back) */
export const isUploadedVideoPath = (src: string) => UPLOADED_VIDEO.test(src);
