// Private files on the local disk (UPLOAD_DIR): written to `<key>.part`, owner-only, then renamed
// into place, so a full disk or a crash never leaves a half file under a real key.
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { FileStorage } from "../app/domain/ports.ts";

/** The file-system calls a write makes; tests pass failing ones to play a full disk. */
export interface DiskIo {
  writeFile(file: string, data: Uint8Array): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(file: string): Promise<void>;
}

const realIo: DiskIo = {
  writeFile: (file, data) => fs.writeFile(file, data, { flag: "wx", mode: 0o600 }),
  rename: (from, to) => fs.rename(from, to),
  unlink: (file) => fs.unlink(file),
};

const KEY = /^(?:[a-z0-9_-]+\/)?[a-z0-9_-]+(?:\.[a-z0-9]{1,8})?$/i;

export function createDiskStorage(root: string, io: DiskIo = realIo): FileStorage {
  const fileOf = (key: string) => {
    // keys are ours, but a bug must never turn into a path outside the folder
    if (!KEY.test(key)) throw new Error(`bad storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      const part = `${file}.part`;
      try {
        await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        await io.writeFile(part, bytes);
        await io.rename(part, file);
      } catch (err) {
        await io.unlink(part).catch(() => undefined);
        throw err;
      }
    },
    read: (key) => fs.readFile(fileOf(key)),
    async append(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fs.appendFile(file, bytes, { mode: 0o600 });
    },
    readChunks: (key, offset, chunkBytes) => createReadStream(fileOf(key), { start: offset, highWaterMark: chunkBytes }),
    async remove(key) {
      await io.unlink(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    },
  };
}
