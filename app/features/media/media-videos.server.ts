// Video files staff upload for a product's gallery (decision 077): checked by their
// first bytes (MP4 or WebM) and size, stored as sent (there is no transcoder on the server) under
// the public media folder with a random name and the extension of the type found, so the static
// server answers with a video Content-Type whatever the file was called. Written under a
// temporary name and renamed into place, so a failed write leaves nothing behind.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sanitizeFileName } from "../../lib/file-checks.ts";
import { isUploadedVideoPath, sniffVideo, VIDEO_FILE_MAX_BYTES, VIDEO_FILE_MESSAGES } from "./video-files.ts";
import { UploadError, type IncomingFile } from "../../lib/upload-error.ts";

/** Stores one video file; returns its web path. Throws UploadError: 413 too large, 415 not MP4/WebM, 507 disk. */
export async function storeMediaVideo(mediaDir: string, file: IncomingFile): Promise<string> {
  const shown = sanitizeFileName(file.name, "видео");
  if (file.bytes.byteLength > VIDEO_FILE_MAX_BYTES) throw new UploadError(413, VIDEO_FILE_MESSAGES.tooLarge(shown));
  const type = sniffVideo(file.bytes);
  if (!type) throw new UploadError(415, VIDEO_FILE_MESSAGES.notVideo(shown));
  const name = `v${crypto.randomBytes(16).toString("hex")}.${type}`;
  const target = path.join(mediaDir, "videos", name);
  try {
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(`${target}.part`, file.bytes, { flag: "wx" });
    await fs.rename(`${target}.part`, target);
  } catch (err) {
    await fs.rm(`${target}.part`, { force: true });
    throw Object.assign(new UploadError(507, VIDEO_FILE_MESSAGES.storage), { cause: err });
  }
  return `/media/videos/${name}`;
}

/** true when the uploaded video at `src` is on disk (a path carried back by a re-rendered form) */
export async function mediaVideoExists(mediaDir: string, src: string): Promise<boolean> {
  if (!isUploadedVideoPath(src)) return false;
  return fs.stat(path.join(mediaDir, src.slice("/media/".length))).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Removes an uploaded video; video-site links and anything not shaped like an upload are left alone. */
export async function removeMediaVideo(mediaDir: string, src: string): Promise<void> {
  if (!isUploadedVideoPath(src)) return;
  await fs.rm(path.join(mediaDir, src.slice("/media/".length)), { force: true });
}
