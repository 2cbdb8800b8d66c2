import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UploadError } from "../../lib/upload-error.ts";
import { isUploadedImagePath, MEDIA_IMAGE_MAX_BYTES, removeMediaImage, storeMediaImage, uploadedImageSize } from "./media-images.server.ts";

let mediaDir: string;
beforeEach(() => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-media-"));
});
afterEach(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

const files = (folder: string) => (fs.existsSync(path.join(mediaDir, folder)) ? fs.readdirSync(path.join(mediaDir, folder)).sort() : []);

async function refusal(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

describe("storeMediaImage", () => {
  it("stores a product photo as AVIF and WebP at 320, 640 and 960 px wide, keeping its proportions", async () => {
    const stored = await storeMediaImage(mediaDir, "products", { name: "диван.png", bytes: await png(1200, 900) });
    expect(isUploadedImagePath(stored.src)).toBe(true);
    expect(stored).toMatchObject({ width: 960, height: 720 });
    const key = stored.src.split("/").pop()!;
    expect(files("products")).toEqual([320, 640, 960].flatMap((w) => [`${key}-${w}.avif`, `${key}-${w}.webp`]).sort());
    const meta = await sharp(path.join(mediaDir, "products", `${key}-640.webp`)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 640, 480]);
    const avif = await sharp(path.join(mediaDir, "products", `${key}-960.avif`)).metadata();
    expect(avif.format).toBe("heif");
  });

  it("uses the news widths for news pictures", async () => {
    const stored = await storeMediaImage(mediaDir, "news", { name: "salon.jpg", bytes: await png(1600, 900) });
    expect(stored.width).toBe(1440);
    expect(files("news").filter((f) => f.endsWith(".webp"))).toHaveLength(3);
  });

  it("refuses a file that is not an image, and writes nothing", async () => {
    const error = await refusal(storeMediaImage(mediaDir, "products", { name: "price.png", bytes: new TextEncoder().encode("<svg onload=alert(1)>") }));
    expect(error.status).toBe(415);
    expect(error.message).toBe("Это не изображение (нужен JPEG, PNG, WebP или AVIF): price.png");
    expect(files("products")).toEqual([]);
  });

  it("refuses an SVG even though it is a picture: it can carry scripts", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800"/></svg>');
    expect((await refusal(storeMediaImage(mediaDir, "products", { name: "a.svg", bytes: svg }))).status).toBe(415);
  });

  it("refuses a file over 10 MB before decoding it", async () => {
    const error = await refusal(storeMediaImage(mediaDir, "products", { name: "big.jpg", bytes: new Uint8Array(MEDIA_IMAGE_MAX_BYTES + 1) }));
    expect([error.status, error.message]).toEqual([413, "Файл больше 10 МБ: big.jpg"]);
  });

  it("refuses a picture narrower than the smallest width the storefront shows", async () => {
    const error = await refusal(storeMediaImage(mediaDir, "products", { name: "icon.png", bytes: await png(200, 200) }));
    expect(error.status).toBe(422);
    expect(error.message).toContain("не меньше 320 пикселей");
  });

  it("refuses a truncated image without leaving part of it on disk", async () => {
    const whole = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: "#884422" } })
      .jpeg()
      .toBuffer();
    const error = await refusal(storeMediaImage(mediaDir, "products", { name: "cut.jpg", bytes: new Uint8Array(whole.subarray(0, whole.length / 3)) }));
    expect(error.status).toBe(415);
    expect(files("products")).toEqual([]);
  });
});

describe("removeMediaImage", () => {
  it("removes every variant of an uploaded picture and never a seed picture", async () => {
    const stored = await storeMediaImage(mediaDir, "products", { name: "a.png", bytes: await png(960, 960) });
    fs.writeFileSync(path.join(mediaDir, "products", "sofa-green-320.webp"), "seed");
    await removeMediaImage(mediaDir, "/media/products/sofa-green");
    await removeMediaImage(mediaDir, stored.src);
    expect(files("products")).toEqual(["sofa-green-320.webp"]);
  });
});

describe("uploadedImageSize", () => {
  it("reads a stored upload's size from disk, and is null once it is gone or for anything else", async () => {
    const stored = await storeMediaImage(mediaDir, "products", { name: "a.png", bytes: await png(1280, 640) });
    expect(await uploadedImageSize(mediaDir, stored.src)).toEqual({ width: 960, height: 480 });
    await removeMediaImage(mediaDir, stored.src);
    expect(await uploadedImageSize(mediaDir, stored.src)).toBeNull();
    expect(await uploadedImageSize(mediaDir, "/media/products/sofa-green")).toBeNull();
  });
});
