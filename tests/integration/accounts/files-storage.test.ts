import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { prepareImage, saveProfileFile } from "../../../app/features/accounts/files.server.ts";
import { UploadError } from "../../../app/lib/upload-error.ts";
import { ATTACHMENT_STORAGE_MESSAGE, submitForm } from "../../../app/features/requests/forms.server.ts";
import { CURRENT_CONSENT_VERSION } from "../../../app/lib/consent.ts";
import { createDiskStorage, type DiskIo } from "../../../server/file-storage.ts";
import { createMailer } from "../../../server/mailer.ts";
import { createMemoryRateLimiter } from "../../../server/rate-limit.ts";
import { registerUser } from "../../../app/features/accounts/users.server.ts";
import { dialects, openTestDb } from "../../support/test-app.ts";

const enospc = () => Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });

describe.each(dialects)("profile file storage on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let dir: string;
  let userId: number;
  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-storage-"));
    const r = await registerUser(db, { name: "Анна", email: "storage@example.ru", phone: "", password: "пароль для теста" });
    if (!r.ok) throw new Error("user");
    userId = r.user.id;
  });
  afterAll(async () => {
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const image = async () =>
    prepareImage({
      name: "x.png",
      bytes: await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    });
  const rows = () => db.kysely.selectFrom("profile_files").selectAll().execute();

  it("a disk that fills up half-way leaves no partial file and no row", async () => {
    const io: Partial<DiskIo> = {
      async writeFile(file, data) {
        fs.writeFileSync(file, data.subarray(0, Math.floor(data.length / 2)));
        throw enospc();
      },
      rename: (a, b) => fs.promises.rename(a, b),
      unlink: (f) => fs.promises.unlink(f),
    };
    const err = await saveProfileFile(db, createDiskStorage(dir, io), userId, await image(), "files").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadError);
    expect((err as UploadError).status).toBe(507);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it("a failed rename leaves nothing behind either", async () => {
    const io: Partial<DiskIo> = {
      writeFile: (f, d) => fs.promises.writeFile(f, d),
      rename: async () => {
        throw enospc();
      },
      unlink: (f) => fs.promises.unlink(f),
    };
    await expect(saveProfileFile(db, createDiskStorage(dir, io), userId, await image(), "files")).rejects.toBeInstanceOf(UploadError);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it("a failed row insert removes the written file", async () => {
    // no such user: the foreign key refuses the row after the bytes are in place
    await expect(saveProfileFile(db, createDiskStorage(dir), 999_999, await image())).rejects.toThrow();
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it("a normal save writes the file with owner-only permissions", async () => {
    const saved = await saveProfileFile(db, createDiskStorage(dir), userId, await image());
    expect(fs.readdirSync(dir)).toEqual([saved.id]);
    expect(fs.statSync(path.join(dir, saved.id)).mode & 0o777).toBe(0o600);
  });

  it("refuses storage keys that could leave the folder", async () => {
    const storage = createDiskStorage(dir);
    for (const key of ["../x", "/etc/passwd", "forms/../../x", "a/b/c", ""])
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/bad storage key/);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".part"))).toEqual([]);
  });
});

describe.each(dialects)("form attachments on a full disk on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-attachments-"));
  });
  afterAll(async () => {
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the disk filling up at the second file: a Russian message for the files field, no file and no submission kept", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    let writes = 0;
    const io: Partial<DiskIo> = {
      async writeFile(file, data) {
        if (++writes === 1) return fs.promises.writeFile(file, data);
        fs.writeFileSync(file, data.subarray(0, Math.floor(data.length / 2)));
        throw enospc();
      },
      rename: (a, b) => fs.promises.rename(a, b),
      unlink: (f) => fs.promises.unlink(f),
    };
    const logger = pino({ level: "silent" });
    const data = new FormData();
    for (const [k, v] of Object.entries({
      name: "Олег",
      email: "oleg@example.ru",
      message: "Пришёл диван с царапиной, фото прилагаю.",
      consent: "on",
      consent_version: CURRENT_CONSENT_VERSION,
    }))
      data.set(k, v);
    for (const name of ["первое.png", "второе.png"]) data.append("files[]", new Blob([png], { type: "image/png" }), name);
    const outcome = await submitForm(
      { db, rateLimiter: createMemoryRateLimiter(), mailer: createMailer({ logger }), logger, storage: createDiskStorage(dir, io) },
      "feedback",
      data,
      { clientAddress: "127.0.0.1", userAgent: "vitest", sessionId: null },
    );
    expect(outcome).toMatchObject({ status: "unstored", errors: { "files[]": ATTACHMENT_STORAGE_MESSAGE } });
    expect(writes).toBe(2);
    expect(fs.readdirSync(path.join(dir, "forms"))).toEqual([]);
    expect(await db.kysely.selectFrom("form_submissions").select("id").execute()).toEqual([]);
  });
});
