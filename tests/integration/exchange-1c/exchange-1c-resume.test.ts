// An import in steps survives its reader being lost (decision 088): when the next `mode=import`
// lands on another instance, or after a restart, the file is read again from the start and the
// records already staged are skipped — every product is created exactly once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import { findExchangeSession, openExchangeSession, receiveExchangeFile } from "../../../app/features/exchange-1c/exchange-1c.server.ts";
import { importExchangeFile, type ImportServices, type LiveReaders } from "../../../app/features/exchange-1c/exchange-1c-import.server.ts";
import { addStaff, CLI_ACTOR } from "../../../app/features/staff/staff.server.ts";
import { createDiskStorage } from "../../../server/file-storage.ts";
import { createMailer } from "../../../server/mailer.ts";
import { dialects, MEDIA_DIR, openTestDb } from "../../support/test-app.ts";

const PRODUCTS = 300;

function catalogue(): Uint8Array {
  const products = Array.from(
    { length: PRODUCTS },
    (_, i) => `<Товар><Ид>resume-${i}</Ид><Наименование>Табурет повторный ${i}</Наименование><Описание>${"Табурет из бука. ".repeat(10)}</Описание></Товар>`,
  ).join("\n");
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация><Каталог СодержитТолькоИзменения="true"><Товары>\n${products}\n</Товары></Каталог></КоммерческаяИнформация>\n`,
  );
}

describe.each(dialects)("a 1C import whose reader is lost on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-exchange-"));
  });
  afterAll(async () => {
    await drop?.();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("stores 1C's parts by appending and reads a file back from an offset in bounded chunks", async () => {
    const storage = createDiskStorage(path.join(dir, "parts"));
    await storage.append("exchange/parts.bin", Buffer.from("Часть первая; "));
    await storage.append("exchange/parts.bin", Buffer.from("часть вторая."));
    const whole = Buffer.from("Часть первая; часть вторая.");
    expect(await storage.read("exchange/parts.bin")).toEqual(whole);
    const chunks: Uint8Array[] = [];
    for await (const chunk of storage.readChunks("exchange/parts.bin", 5, 4)) chunks.push(chunk);
    expect(chunks.every((c) => c.byteLength <= 4)).toBe(true);
    expect(Buffer.concat(chunks)).toEqual(whole.subarray(5));
  });

  it("reads the file again on another instance, skipping what is staged, and creates each product once", async () => {
    const made = await addStaff(db, CLI_ACTOR, { email: `resume.${dialect}@example.ru`, role: "owner", password: "стол и шкаф 2026" });
    expect(made.ok).toBe(true);
    const user = await db.kysely.selectFrom("users").select(["id", "email"]).where("email", "=", `resume.${dialect}@example.ru`).executeTakeFirstOrThrow();
    const actor = { id: user.id, email: user.email };
    const storage = createDiskStorage(path.join(dir, "uploads"));
    const id = await openExchangeSession(db, actor);
    const session = async () => (await findExchangeSession(db, id, actor.id))!;
    expect(await receiveExchangeFile(db, storage, await session(), "import.xml", catalogue())).toEqual({ ok: true });
    const services = (readers: LiveReaders): ImportServices => ({
      db,
      storage,
      mailer: createMailer({ logger: pino({ level: "silent" }), outboxDir: path.join(dir, "outbox") }),
      publicUrl: "http://vitrina.test",
      mediaDir: MEDIA_DIR,
      retailPriceType: null,
      stepMs: 0,
      liveReaders: readers,
    });

    // the first instance reads one 64 KB chunk and stages what it found
    const first = await importExchangeFile(services(new Map()), await session(), actor, "import.xml");
    expect(first.kind).toBe("progress");
    const staged = Number(
      (
        await db.kysely
          .selectFrom("exchange_staging")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(staged).toBeGreaterThan(0);
    expect(staged).toBeLessThan(PRODUCTS);

    // every later request lands on a fresh instance without the reader
    let answer = first;
    for (let step = 0; answer.kind === "progress" && step < 200; step++)
      answer = await importExchangeFile(services(new Map()), await session(), actor, "import.xml");
    expect(answer).toEqual({ kind: "success", message: `Групп: 0, свойств: 0, товаров создано: ${PRODUCTS}, обновлено: 0, скрыто: 0`, warnings: [] });
    const titles = await db.kysely.selectFrom("products").select("title").where("external_id", "like", "resume-%").execute();
    expect(new Set(titles.map((t) => t.title)).size).toBe(PRODUCTS);
    expect(titles).toHaveLength(PRODUCTS);
  });
});
