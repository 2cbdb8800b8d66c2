// The files of a 1C exchange session (decision 100), over HTTP on both dialects: parts sent at
// once never store more than the session's limit, on disk or in the session; a session that ends
// (its last file imported, or an import that failed) leaves no file behind; files of sessions 1C
// abandoned are swept on a schedule; a file whose bytes are not valid in its declared encoding is
// `failure`, not «success»; a part that meets a full disk is `failure` with a Russian reason and
// leaves no partial file (the disk's write call fails as a full disk's does).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../../app/db/database.server.ts";
import {
  EXCHANGE_MESSAGES,
  findExchangeSession,
  openExchangeSession,
  receiveExchangeFile,
  type ExchangeFileEntry,
} from "../../../app/features/exchange-1c/exchange-1c.server.ts";
import { registerUser } from "../../../app/features/accounts/users.server.ts";
import { createDiskStorage } from "../../../server/file-storage.ts";
import { exchange1c, type Exchange1c } from "../../support/exchange-1c.ts";
import { createAccount, type TestAccount } from "../../support/staff.ts";
import { dialects, openTestDb, startTestApp, type TestApp } from "../../support/test-app.ts";
import { makeZip } from "../../support/zip.ts";

const fixture = (name: string) => fs.readFileSync(new URL(`../../fixtures/1c/${name}`, import.meta.url));
const PART = 256 * 1024;
const root = path.resolve(import.meta.dirname, "../../../data");

describe.each(dialects)("1C exchange files on %s", (dialect) => {
  let app: TestApp;
  let owner: TestAccount;
  let uploads: string;

  let oneC: Exchange1c;
  /** a catalogue session: its cookie, and its id (the cookie's value), which names its files */
  const checkauth = async () => {
    const cookie = await oneC.checkauth();
    return { cookie, id: cookie.slice(cookie.indexOf("=") + 1) };
  };
  /** the session's files on disk: name → size */
  const onDisk = (sessionId: string) => {
    const dir = path.join(uploads, "exchange");
    const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.startsWith(sessionId.slice(0, 32))) : [];
    return names.map((n) => fs.statSync(path.join(dir, n)).size);
  };
  const sessionRow = async (id: string) => {
    const row = await app.vitrina.db.kysely
      .selectFrom("exchange_sessions")
      .select(["bytes", "files", "errors", "status"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return {
      bytes: Number(row.bytes),
      files: JSON.parse(row.files) as Record<string, ExchangeFileEntry>,
      errors: JSON.parse(row.errors) as string[],
      status: row.status,
    };
  };

  beforeAll(async () => {
    uploads = path.join(root, `test-uploads-exchange-${dialect}-${process.pid}`);
    fs.rmSync(uploads, { recursive: true, force: true });
    app = await startTestApp(dialect, { uploadDir: uploads, exchangeSessionMaxBytes: 2 * PART, exchangeSweepIntervalMs: 100 });
    owner = await createAccount(app, "owner");
    oneC = exchange1c(app, owner, { maxImportSteps: 50 });
  });
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  // five at once: each request checks 1C's password, and the login throttle lets five checks of
  // one account from one address run at the same time (decision 045)
  it("five parts sent at once where the limit allows two: two are stored, on disk and in the session, the others are failure", async () => {
    const { cookie, id } = await checkauth();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => oneC.answer(`type=catalog&mode=file&filename=part${i}.xml`, { cookie, body: new Uint8Array(PART).fill(65) })),
    );
    expect(answers.filter((a) => a[0] === "success")).toHaveLength(2);
    const refused = answers.filter((a) => a[0] === "failure");
    expect(refused).toHaveLength(3);
    for (const a of refused) expect(a[1]).toBe(EXCHANGE_MESSAGES.sessionFull(2 * PART));
    expect(onDisk(id)).toEqual([PART, PART]);
    const row = await sessionRow(id);
    expect(row.bytes).toBe(2 * PART);
    expect(Object.values(row.files).map((f) => f.bytes)).toEqual([PART, PART]);
  });

  it("a session whose files are all imported leaves none on disk, sent plain or zipped; so does a failed import", async () => {
    const plain = await checkauth();
    for (const file of ["import.xml", "offers.xml"]) await oneC.send(plain.cookie, file, fixture(file));
    expect((await oneC.importUntilDone(plain.cookie, "import.xml"))[0]).toBe("success");
    // offers.xml is still to come: the session goes on
    expect(onDisk(plain.id)).toHaveLength(2);
    expect((await oneC.importUntilDone(plain.cookie, "offers.xml"))[0]).toBe("success");
    expect(onDisk(plain.id)).toEqual([]);
    expect(Object.keys((await sessionRow(plain.id)).files).sort()).toEqual(["import.xml", "offers.xml"]);

    const zipped = await checkauth();
    const zip = makeZip([
      { name: "import.xml", data: fixture("import.xml") },
      { name: "offers.xml", data: fixture("offers.xml") },
    ]);
    await oneC.send(zipped.cookie, "exchange.zip", zip);
    expect((await oneC.importUntilDone(zipped.cookie, "import.xml"))[0]).toBe("success");
    expect((await oneC.importUntilDone(zipped.cookie, "offers.xml"))[0]).toBe("success");
    expect(onDisk(zipped.id)).toEqual([]);

    const broken = await checkauth();
    await oneC.send(broken.cookie, "import.xml", fixture("xxe.xml"));
    expect((await oneC.importUntilDone(broken.cookie, "import.xml"))[0]).toBe("failure");
    expect(onDisk(broken.id)).toEqual([]);
  });

  it("a file that is not valid in its declared encoding is failure with the reason, and applies nothing", async () => {
    const before = await app.vitrina.db.kysely.selectFrom("products").select("id").where("title", "like", "Полка кодировки%").execute();
    const { cookie, id } = await checkauth();
    // declared UTF-8, but the title is written in Windows-1251, as a misconfigured export does
    const head = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08"><Каталог СодержитТолькоИзменения="true"><Ид>c</Ид><Товары><Товар><Ид>enc-1</Ид><Наименование>',
    );
    const title = Buffer.from([0xcf, 0xee, 0xeb, 0xea, 0xe0]); // «Полка» in Windows-1251
    const tail = Buffer.from(" кодировки</Наименование></Товар></Товары></Каталог></КоммерческаяИнформация>\n");
    await oneC.send(cookie, "import.xml", Buffer.concat([head, title, tail]));
    const answer = await oneC.importUntilDone(cookie, "import.xml");
    expect(answer[0]).toBe("failure");
    expect(answer[1]).toMatch(/^import\.xml: Файл не в кодировке UTF-8, указанной в его заголовке/);
    expect(await app.vitrina.db.kysely.selectFrom("products").select("id").where("external_id", "=", "enc-1").execute()).toEqual([]);
    expect(await app.vitrina.db.kysely.selectFrom("products").select("id").where("title", "like", "Полка кодировки%").execute()).toEqual(before);
    expect((await sessionRow(id)).status).toBe("failed");

    // the statuses file of the orders exchange is held to its declaration too
    const saleCookie = await oneC.checkauth("sale");
    const statuses = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08"><Документ><Ид>1</Ид><Комментарий>'),
      title,
      Buffer.from("</Комментарий></Документ></КоммерческаяИнформация>\n"),
    ]);
    const sale = await oneC.answer("type=sale&mode=file&filename=orders.xml", { cookie: saleCookie, body: statuses });
    expect(sale[0]).toBe("failure");
    expect(sale[1]).toMatch(/^orders\.xml: Файл не в кодировке UTF-8, указанной в его заголовке/);
  });

  it("sweeps the files of sessions 1C abandoned, and keeps those of a session still going", async () => {
    const abandoned = await checkauth();
    const going = await checkauth();
    for (const s of [abandoned, going]) await oneC.send(s.cookie, "import.xml", fixture("import.xml"));
    const dir = path.join(uploads, "exchange");
    const fileOf = (id: string) =>
      path.join(
        dir,
        fs.readdirSync(dir).find((n) => n.startsWith(id.slice(0, 32)))!,
      );
    const old = fileOf(abandoned.id);
    // last written eight hours ago: the session (6 hours at most) cannot go on
    const eightHoursAgo = new Date(Date.now() - 8 * 3_600_000);
    fs.utimesSync(old, eightHoursAgo, eightHoursAgo);
    // and a file left behind by an exchange from before sessions cleaned up after themselves
    const orphan = path.join(dir, `${"a".repeat(32)}-${"b".repeat(32)}.bin`);
    fs.writeFileSync(orphan, "left over");
    fs.utimesSync(orphan, eightHoursAgo, eightHoursAgo);
    await vi.waitFor(() => expect(fs.existsSync(old) || fs.existsSync(orphan)).toBe(false), { timeout: 15_000, interval: 50 });
    expect(fs.existsSync(fileOf(going.id))).toBe(true);
    expect(onDisk(going.id)).toEqual([fixture("import.xml").length]);
  });
});

describe.each(dialects)("1C exchange part on a full disk on %s", (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  let dir: string;
  let staffId: number;
  beforeAll(async () => {
    ({ db, drop } = await openTestDb(dialect));
    dir = path.join(root, `test-uploads-full-${dialect}-${process.pid}`);
    fs.rmSync(dir, { recursive: true, force: true });
    const r = await registerUser(db, { name: "Обмен", email: `full-${dialect}@example.ru`, phone: "", password: "пароль для теста" });
    if (!r.ok) throw new Error("user");
    staffId = r.user.id;
  });
  afterAll(async () => {
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers failure with a Russian reason, keeps no partial part, gives the reserved bytes back and removes the session's files", async () => {
    const enospc = () => Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
    let full = false;
    // the disk takes half of the part, then is full: what a real full disk does to a write
    const storage = createDiskStorage(dir, {
      async appendFile(file, data) {
        if (!full) return fs.promises.appendFile(file, data);
        await fs.promises.appendFile(file, data.subarray(0, data.length / 2));
        throw enospc();
      },
    });
    const id = await openExchangeSession(db, { id: staffId, email: `full-${dialect}@example.ru` });
    const session = (await findExchangeSession(db, id, staffId))!;
    expect(await receiveExchangeFile(db, storage, session, "import.xml", new Uint8Array(1000).fill(66))).toEqual({ ok: true });
    expect(await receiveExchangeFile(db, storage, session, "offers.xml", new Uint8Array(500).fill(67))).toEqual({ ok: true });
    full = true;
    const part = await receiveExchangeFile(db, storage, session, "import.xml", new Uint8Array(1000).fill(68));
    expect(part).toMatchObject({ ok: false, reason: EXCHANGE_MESSAGES.diskFull });
    // no file keeps half a part: the session is over and its files are gone
    expect(fs.readdirSync(path.join(dir, "exchange"))).toEqual([]);
    const row = await db.kysely.selectFrom("exchange_sessions").select(["bytes", "status", "errors"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(Number(row.bytes)).toBe(1500);
    expect(row.status).toBe("failed");
    expect(JSON.parse(row.errors)).toEqual([`import.xml: ${EXCHANGE_MESSAGES.diskFull}`]);

    // a new part of a new file on the full disk leaves nothing either
    const again = (await findExchangeSession(db, await openExchangeSession(db, { id: staffId, email: "x@example.ru" }), staffId))!;
    expect((await receiveExchangeFile(db, storage, again, "import.xml", new Uint8Array(800))).ok).toBe(false);
    expect(fs.readdirSync(path.join(dir, "exchange"))).toEqual([]);
  });
});
