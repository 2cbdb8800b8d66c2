// Private files on the local disk (UPLOAD_DIR): written to `<key>.part`, owner-only, then renamed
// into place, so a full disk or a crash never leaves a half file under a real key.
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import crypto from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import type { FileStorage, FileSink } from "../app/lib/ports.ts";

/** The file-system calls a write makes; tests pass failing ones to play a full disk. */
export interface DiskIo {
  writeFile(file: string, data: Uint8Array): Promise<void>;
  appendFile(file: string, data: Uint8Array): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(file: string): Promise<void>;
}

const realIo: DiskIo = {
  writeFile: (file, data) => fs.writeFile(file, data, { flag: "wx", mode: 0o600 }),
  appendFile: (file, data) => fs.appendFile(file, data, { mode: 0o600 }),
  rename: (from, to) => fs.rename(from, to),
  unlink: (file) => fs.unlink(file),
};

const FOLDER = /^[a-z0-9_-]+$/i;

const KEY = /^(?:[a-z0-9_-]+\/)?[a-z0-9_-]+(?:\.[a-z0-9]{1,8})?$/i;

/** `replaced`: some of the file-system calls swapped (tests play a full disk); the rest are the real ones. */
export function createDiskStorage(root: string, replaced: Partial<DiskIo> = {}): FileStorage {
  const io: DiskIo = { ...realIo, ...replaced };
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
    async create(key): Promise<FileSink> {
      const file = fileOf(key);
      // a random part name: two instances writing the same key never write into one part file
      const part = `${file}.${crypto.randomBytes(6).toString("hex")}.part`;
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const handle = await fs.open(part, "wx", 0o600);
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await handle.close();
      };
      return {
        async write(bytes) {
          await handle.write(bytes);
        },
        async commit() {
          await close();
          await io.rename(part, file);
        },
        async abort() {
          await close().catch(() => undefined);
          await io.unlink(part).catch(() => undefined);
        },
      };
    },
    async open(key) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(fileOf(key), "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      // the open handle keeps the bytes readable even if a newer build removes the file meanwhile
      const { size } = await handle.stat();
      return { size, stream: Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array> };
    },
    async append(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const before = await fs.stat(file).then(
        (st) => st.size,
        (err: NodeJS.ErrnoException) => {
          if (err.code === "ENOENT") return null;
          throw err;
        },
      );
      try {
        await io.appendFile(file, bytes);
      } catch (err) {
        // a full disk may take part of the bytes: cut them off again, or remove the file this call began
        if (before === null) await io.unlink(file).catch(() => undefined);
        else await fs.truncate(file, before).catch(() => undefined);
        throw err;
      }
    },
    async list(folder) {
      if (!FOLDER.test(folder)) throw new Error(`bad storage folder: ${folder}`);
      let names: string[];
      try {
        names = await fs.readdir(path.join(root, folder));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw err;
      }
      const entries = await Promise.all(
        names.map(async (name) => {
          const st = await fs.stat(path.join(root, folder, name)).catch(() => null);
          return st?.isFile() ? { key: `${folder}/${name}`, modifiedAt: st.mtimeMs, bytes: st.size } : null;
        }),
      );
      return entries.filter((e) => e !== null);
    },
    readChunks: (key, offset, chunkBytes) => createReadStream(fileOf(key), { start: offset, highWaterMark: chunkBytes }),
    async remove(key) {
      await io.unlink(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    },
  };
}
