import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, startTestApp, type TestApp } from "../../support/test-app.ts";
import { QUOTA_BYTES, QUOTA_FILES } from "../../../app/features/accounts/files.server.ts";
import { registerVisitor, Visitor } from "../../support/accounts-client.ts";

const MB2 = 2 * 1024 * 1024;
const png = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#2F5D50" } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#B4452F" } })
    .withExif({ IFD0: { Copyright: "secret-owner" } })
    .jpeg()
    .toBuffer();
const dataUrl = (bytes: Uint8Array, mime = "image/png") => `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;
const GIF_WITH_SCRIPT = Buffer.concat([
  Buffer.from(
    "GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;",
    "latin1",
  ),
  Buffer.from("<script>alert(1)</script>"),
]);
const SVG_ONLOAD = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");

/** The widget's call: fields fileName and file as a data URL. */
function addByDataUrl(v: Visitor, fileName: string, file: string, extra: Record<string, string> = {}) {
  const body = new FormData();
  body.set("fileName", fileName);
  body.set("file", file);
  for (const [k, val] of Object.entries(extra)) body.set(k, val);
  return v.postForm("/profile/file/add/", body);
}

/** The same call as a JSON body `{fileName, file}`. */
function addByJson(v: Visitor, body: unknown) {
  return v.request("/profile/file/add/", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const QUOTA_MESSAGE = "Место для ваших файлов закончилось: удалите ненужные и попробуйте снова";
const UNREADABLE = "Запрос не удалось разобрать. Обновите страницу и попробуйте ещё раз";

function addMultipart(v: Visitor, name: string, bytes: Uint8Array, accept = "application/json") {
  const body = new FormData();
  body.set("file", new Blob([new Uint8Array(bytes)], { type: "application/octet-stream" }), name);
  return v.postForm("/profile/file/add/", body, { accept });
}

describe.each(dialects)("profile files on %s", (dialect) => {
  let app: TestApp;
  let uploadDir: string;
  let owner: Visitor;
  let stranger: Visitor;
  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-uploads-"));
    app = await startTestApp(dialect, { uploadDir, seedDemo: false });
    owner = new Visitor(app.url);
    stranger = new Visitor(app.url);
    await registerVisitor(owner);
    await registerVisitor(stranger);
  });
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });
  const rows = () => app.vitrina.db.kysely.selectFrom("profile_files").selectAll().execute();

  async function expectRefused(res: Response, status: number, message: string) {
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error: message });
  }

  it("stores a PNG sent as a data URL and answers {id, filePath}", async () => {
    const res = await addByDataUrl(owner, "комната.png", dataUrl(await png()));
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{32}$/), filePath: `/profile/file/${answer.id}/`, name: "комната.png" });
    expect(fs.readdirSync(uploadDir)).toContain(answer.id);
    const html = await (await owner.get("/profile/")).text();
    expect(html).toContain("комната.png");
  });

  it("accepts the JSON body {fileName, file} with the same answers and checks as the form", async () => {
    const res = await addByJson(owner, { fileName: "гостиная.png", file: dataUrl(await png()) });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{32}$/), filePath: `/profile/file/${answer.id}/`, name: "гостиная.png" });
    expect(fs.readdirSync(uploadDir)).toContain(answer.id);
    const served = await owner.get(answer.filePath);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(await (await owner.get("/profile/")).text()).toContain("гостиная.png");
    // type by magic bytes, size limit and extension, exactly as for form fields
    await expectRefused(await addByJson(owner, { fileName: "fake.png", file: dataUrl(HTML, "image/png") }), 415, "Недопустимый формат файла: fake.png");
    await expectRefused(
      await addByJson(owner, { fileName: "logo.svg", file: dataUrl(SVG_ONLOAD, "image/svg+xml") }),
      415,
      "Недопустимый формат файла: logo.svg",
    );
    const header = await png();
    const over = Buffer.concat([header, Buffer.alloc(MB2 + 1 - header.length)]);
    await expectRefused(await addByJson(owner, { fileName: "big.png", file: dataUrl(over) }), 413, "Файл слишком большой: big.png");
    await expectRefused(await addByJson(owner, { fileName: "empty.png", file: "data:image/png;base64," }), 400, "Файл пустой: empty.png");
    // anonymous visitors cannot add by JSON either
    expect((await addByJson(new Visitor(app.url), { fileName: "x.png", file: dataUrl(await png()) })).status).toBe(404);
  });

  it("serves a file only to its owner, as a download with nosniff and a locked-down CSP", async () => {
    const { id, filePath } = await (await addByDataUrl(owner, "план.png", dataUrl(await png()))).json();
    const res = await owner.get(filePath);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="____.png"; filename*=UTF-8''${encodeURIComponent("план.png")}`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'; sandbox");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe("png");

    for (const who of [stranger, new Visitor(app.url)]) {
      expect((await who.get(filePath)).status).toBe(404);
      expect((await who.postForm("/profile/file/delete/", new URLSearchParams({ id }))).status).toBe(404);
    }
    expect(fs.existsSync(path.join(uploadDir, id))).toBe(true);
    // anonymous visitors cannot add either
    expect((await addByDataUrl(new Visitor(app.url), "x.png", dataUrl(await png()))).status).toBe(404);
    expect((await owner.get("/profile/file/0123456789abcdef0123456789abcdef/")).status).toBe(404);
    expect((await owner.get("/profile/file/..%2f..%2fetc%2fpasswd/")).status).toBe(404);
  });

  it("deletes the owner's file: row and bytes", async () => {
    const { id } = await (await addByDataUrl(owner, "удалить.png", dataUrl(await png()))).json();
    const res = await owner.postForm("/profile/file/delete/", new URLSearchParams({ id }));
    expect(res.status).toBe(200);
    expect(fs.existsSync(path.join(uploadDir, id))).toBe(false);
    expect((await rows()).some((r) => r.id === id)).toBe(false);
    expect((await owner.postForm("/profile/file/delete/", new URLSearchParams({ id }))).status).toBe(404);
  });

  describe("bad inputs", () => {
    it("a.php.jpg with real JPEG content is kept as an image under a random name", async () => {
      const res = await addMultipart(owner, "a.php.jpg", await jpeg());
      expect(res.status).toBe(200);
      const { id, name, filePath } = await res.json();
      expect(name).toBe("a.php.jpg");
      expect(fs.readdirSync(uploadDir).some((f) => f.includes("php"))).toBe(false);
      expect(fs.existsSync(path.join(uploadDir, id))).toBe(true);
      const served = await owner.get(filePath);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
    });

    it("a.jpg.php is refused by its extension even with JPEG content", async () => {
      await expectRefused(await addMultipart(owner, "a.jpg.php", await jpeg()), 415, "Недопустимый формат файла: a.jpg.php");
    });

    it("../../x.png keeps only its last part as a display name and writes nothing outside", async () => {
      const res = await addByDataUrl(owner, "../../x.png", dataUrl(await png()));
      expect(res.status).toBe(200);
      expect((await res.json()).name).toBe("x.png");
      for (const p of ["x.png", "../x.png", "../../x.png"]) expect(fs.existsSync(path.resolve(uploadDir, p))).toBe(false);
      expect(fs.readdirSync(uploadDir).every((f) => /^[0-9a-f]{32}$/.test(f))).toBe(true);
    });

    it("a right-to-left override cannot disguise an extension, and is removed from names", async () => {
      await expectRefused(await addByDataUrl(owner, "photo\u202Egnp.php", dataUrl(await png())), 415, "Недопустимый формат файла: photognp.php");
      const ok = await addByDataUrl(owner, "отчёт\u202Eфото.png", dataUrl(await png()));
      expect(ok.status).toBe(200);
      const { id, name } = await ok.json();
      expect(name).toBe("отчётфото.png");
      expect((await rows()).find((r) => r.id === id)?.name).toBe("отчётфото.png");
    });

    it("a 300-character name is cut to 255 characters, extension kept", async () => {
      const res = await addByDataUrl(owner, `${"д".repeat(296)}.png`, dataUrl(await png()));
      expect(res.status).toBe(200);
      const { name } = await res.json();
      expect(Array.from(name as string)).toHaveLength(255);
      expect(name.endsWith(".png")).toBe(true);
    });

    it("HTML inside a .png is refused by its magic bytes", async () => {
      await expectRefused(await addMultipart(owner, "page.png", HTML), 415, "Недопустимый формат файла: page.png");
    });

    it("a GIF with a script appended is refused (as .gif and disguised as .png)", async () => {
      await expectRefused(await addMultipart(owner, "anim.gif", GIF_WITH_SCRIPT), 415, "Недопустимый формат файла: anim.gif");
      await expectRefused(await addMultipart(owner, "anim.png", GIF_WITH_SCRIPT), 415, "Недопустимый формат файла: anim.png");
    });

    it("a PNG with a script appended is stored re-encoded, without the script", async () => {
      const polyglot = Buffer.concat([await png(), Buffer.from("<script>alert(1)</script>")]);
      const res = await addMultipart(owner, "poly.png", polyglot);
      expect(res.status).toBe(200);
      const { id } = await res.json();
      expect(fs.readFileSync(path.join(uploadDir, id)).includes("<script>")).toBe(false);
    });

    it("SVG with onload is refused", async () => {
      await expectRefused(await addMultipart(owner, "logo.svg", SVG_ONLOAD), 415, "Недопустимый формат файла: logo.svg");
      await expectRefused(await addByDataUrl(owner, "logo.png", dataUrl(SVG_ONLOAD, "image/png")), 415, "Недопустимый формат файла: logo.png");
    });

    it("an empty file is refused", async () => {
      await expectRefused(await addByDataUrl(owner, "empty.png", "data:image/png;base64,"), 400, "Файл пустой: empty.png");
      await expectRefused(await addMultipart(owner, "empty.png", new Uint8Array()), 400, "Файл пустой: empty.png");
    });

    it("a file one byte over 2 MB is refused; the limit itself passes the size check", async () => {
      const header = await png();
      const over = Buffer.concat([header, Buffer.alloc(MB2 + 1 - header.length)]);
      await expectRefused(await addByDataUrl(owner, "big.png", dataUrl(over)), 413, "Файл слишком большой: big.png");
      await expectRefused(await addMultipart(owner, "big.png", over), 413, "Файл слишком большой: big.png");
      // exactly 2 MB: past the size check, then judged as an image (zero padding is not one)
      const exact = Buffer.concat([header, Buffer.alloc(MB2 - header.length)]);
      const res = await addMultipart(owner, "exact.png", exact);
      expect(res.status).not.toBe(413);
    });

    it("a data URL with a lying MIME type is judged by its content", async () => {
      await expectRefused(await addByDataUrl(owner, "fake.png", dataUrl(HTML, "image/png")), 415, "Недопустимый формат файла: fake.png");
      const res = await addByDataUrl(owner, "real.png", dataUrl(await png(), "text/html"));
      expect(res.status).toBe(200);
      expect((await owner.get((await res.json()).filePath)).headers.get("content-type")).toBe("image/png");
    });

    it("another user's id is not found, for download and delete alike", async () => {
      const { id, filePath } = await (await addByDataUrl(stranger, "чужой.png", dataUrl(await png()))).json();
      expect((await owner.get(filePath)).status).toBe(404);
      await expectRefused(await owner.postForm("/profile/file/delete/", new URLSearchParams({ id })), 404, "Файл не найден");
      expect((await rows()).some((r) => r.id === id)).toBe(true);
      expect((await stranger.get(filePath)).status).toBe(200);
    });

    /**
     * Sends a body with node:http, chunk by chunk, and stops as soon as the server answers:
     * the answer must come before the whole body was sent (the server did not read it all).
     */
    function sendUntilAnswered(
      headers: Record<string, string>,
      chunks: number,
      prefix = "fileName=x.png&file=",
    ): Promise<{ status: number; body: string; sentChunks: number }> {
      const url = new URL("/profile/file/add/", app.url);
      return new Promise((resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = http.request(
          url,
          { method: "POST", headers: { ...headers, "sec-fetch-site": "same-origin", cookie: owner.cookie, accept: "application/json" } },
          (res) => {
            answered = true;
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (c: string) => (body += c));
            res.on("end", () => {
              req.destroy();
              resolve({ status: res.statusCode ?? 0, body, sentChunks: sent });
            });
          },
        );
        req.on("error", (err) => (answered ? undefined : reject(err)));
        const chunk = Buffer.alloc(64 * 1024, 65);
        const pump = () => {
          if (answered) return;
          if (sent === 0) req.write(prefix);
          if (sent >= chunks) return req.end();
          sent++;
          if (req.write(chunk)) setImmediate(pump);
          else req.once("drain", pump);
        };
        pump();
      });
    }

    it("a body over the limit is refused from Content-Length, before it is read", async () => {
      const chunks = (50 * 1024 * 1024) / (64 * 1024);
      const res = await sendUntilAnswered({ "content-type": "application/x-www-form-urlencoded", "content-length": String(50 * 1024 * 1024 + 20) }, chunks);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ error: "Файл слишком большой: можно до 2 МБ" });
      expect(res.sentChunks).toBeLessThan(chunks);
    });

    it("a streamed body without Content-Length is cut off at the limit", async () => {
      const chunks = (50 * 1024 * 1024) / (64 * 1024);
      const res = await sendUntilAnswered({ "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" }, chunks);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ error: "Файл слишком большой: можно до 2 МБ" });
      expect(res.sentChunks).toBeLessThan(chunks);
      expect((await owner.get("/profile/")).status).toBe(200); // the server is fine afterwards
    });

    it("a malformed JSON body is refused with 400 and one over the limit with 413, in Russian", async () => {
      for (const body of [
        "{",
        '{"fileName":"x.png","file":',
        "[]",
        "null",
        '"data:image/png;base64,AAAA"',
        '{"fileName":"x.png","file":42}',
        '{"fileName":["x.png"],"file":"data:image/png;base64,AAAA"}',
      ]) {
        const res = await addByJson(owner, body);
        expect(res.status, body).toBe(400);
        expect(await res.json(), body).toEqual({ error: UNREADABLE });
      }
      const notUtf8 = await owner.request("/profile/file/add/", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      });
      expect(notUtf8.status).toBe(400);
      expect(await notUtf8.json()).toEqual({ error: UNREADABLE });
      await expectRefused(await addByJson(owner, {}), 400, "Выберите файл");
      // the body limit holds for JSON too: refused from Content-Length or while streaming
      const chunks = (50 * 1024 * 1024) / (64 * 1024);
      const prefix = '{"fileName":"x.png","file":"data:image/png;base64,';
      const res = await sendUntilAnswered(
        { "content-type": "application/json", "content-length": String(50 * 1024 * 1024 + prefix.length + 2) },
        chunks,
        prefix,
      );
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ error: "Файл слишком большой: можно до 2 МБ" });
      expect(res.sentChunks).toBeLessThan(chunks);
      const streamed = await sendUntilAnswered({ "content-type": "application/json", "transfer-encoding": "chunked" }, chunks, prefix);
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.body)).toEqual({ error: "Файл слишком большой: можно до 2 МБ" });
      expect(streamed.sentChunks).toBeLessThan(chunks);
    });

    it("a request that is neither a form nor JSON is refused with 415", async () => {
      const res = await owner.request("/profile/file/add/", {
        method: "POST",
        headers: { "content-type": "text/plain", accept: "application/json" },
        body: "data:image/png;base64,AAAA",
      });
      expect(res.status).toBe(415);
    });
  });

  describe("images are decoded and re-encoded", () => {
    it("drops EXIF metadata", async () => {
      const original = await jpeg();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const { id } = await (await addMultipart(owner, "exif.jpg", original)).json();
      const stored = fs.readFileSync(path.join(uploadDir, id));
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
      expect(stored.includes("secret-owner")).toBe(false);
    });

    it("bounds pixel dimensions and refuses decompression bombs", async () => {
      const wide = await png(5000, 100);
      const { id } = await (await addMultipart(owner, "wide.png", wide)).json();
      const meta = await sharp(fs.readFileSync(path.join(uploadDir, id))).metadata();
      expect(meta.width).toBe(4096);
      const bomb = await png(8000, 6000);
      expect(bomb.length).toBeLessThan(MB2);
      await expectRefused(await addMultipart(owner, "bomb.png", bomb), 413, "Слишком большое изображение (больше 40 мегапикселей): bomb.png");
    });

    it("refuses a truncated image", async () => {
      const broken = (await png(200, 200)).subarray(0, 60);
      const res = await addMultipart(owner, "broken.png", broken);
      expect(res.status).toBe(415);
      expect((await res.json()).error).toBe("Файл повреждён или это не изображение: broken.png");
    });
  });

  it("keeps a per-user quota", async () => {
    const v = new Visitor(app.url);
    const email = await registerVisitor(v);
    const user = await app.vitrina.db.kysely.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await app.vitrina.db.kysely
      .insertInto("profile_files")
      .values({
        id: "f".repeat(32),
        user_id: user.id,
        purpose: "files",
        name: "big.png",
        mime: "image/png",
        size: QUOTA_BYTES - 10,
        width: 1,
        height: 1,
        created_at: Date.now(),
      })
      .execute();
    await expectRefused(
      await addByDataUrl(v, "one-more.png", dataUrl(await png())),
      413,
      "Место для ваших файлов закончилось: удалите ненужные и попробуйте снова",
    );
  });

  it("single-file purpose (the profile photo) replaces the old file", async () => {
    const v = new Visitor(app.url);
    await registerVisitor(v);
    const first = await (await addByDataUrl(v, "me.png", dataUrl(await png()), { purpose: "avatar" })).json();
    const second = await (await addByDataUrl(v, "me2.png", dataUrl(await png()), { purpose: "avatar" })).json();
    expect(second.replaced).toEqual([first.id]);
    expect((await v.get(first.filePath)).status).toBe(404);
    expect(fs.existsSync(path.join(uploadDir, first.id))).toBe(false);
    expect((await v.get(`${second.filePath}?inline=1`)).headers.get("content-disposition")).toMatch(/^inline;/);
  });

  it("works without JavaScript: a multipart form post, a 303 back and a message on the profile", async () => {
    const res = await addMultipart(owner, "без-js.png", await png(), "text/html");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/profile/#files");
    const html = await (await owner.get("/profile/")).text();
    expect(html).toContain("Загружено: <!-- -->без-js.png");
    const bad = await addMultipart(owner, "notes.txt", Buffer.from("hello"), "text/html");
    expect(bad.status).toBe(303);
    expect(await (await owner.get("/profile/")).text()).toContain("Недопустимый формат файла: notes.txt");
    // the flash is shown once
    expect(await (await owner.get("/profile/")).text()).not.toContain("Недопустимый формат файла: notes.txt");
    const { id } = (await rows()).find((r) => r.name === "без-js.png")!;
    const del = await owner.post("/profile/file/delete/", { id });
    expect(del.status).toBe(303);
    expect((await rows()).some((r) => r.id === id)).toBe(false);
  });
});

describe.each(dialects)("profile file quota under parallel uploads on %s", (dialect) => {
  let app: TestApp;
  let uploadDir: string;
  /** rows put in directly to fill a quota: they have no bytes on disk */
  const fillers = new Set<string>();
  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-quota-"));
    app = await startTestApp(dialect, { uploadDir, seedDemo: false });
  });
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  /** A signed-in visitor whose quota already holds `files` files of `bytes` bytes in all. */
  async function visitorWith(files: number, bytes: number) {
    const v = new Visitor(app.url);
    const email = await registerVisitor(v);
    const { id: userId } = await app.vitrina.db.kysely.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const rows = Array.from({ length: files }, (_, i) => {
      const id = crypto.randomBytes(16).toString("hex");
      fillers.add(id);
      const size = Math.floor(bytes / files) + (i === 0 ? bytes % files : 0);
      return { id, user_id: userId, purpose: "files", name: `old-${i}.png`, mime: "image/png", size, width: 1, height: 1, created_at: Date.now() };
    });
    await app.vitrina.db.kysely.insertInto("profile_files").values(rows).execute();
    return { v, userId };
  }
  const usage = async (userId: number) => {
    const rows = await app.vitrina.db.kysely.selectFrom("profile_files").select("size").where("user_id", "=", userId).execute();
    return { files: rows.length, bytes: rows.reduce((s, r) => s + Number(r.size), 0) };
  };
  const answers = (responses: Promise<Response>[]) => Promise.all(responses.map(async (r) => ({ status: (await r).status, body: await (await r).json() })));

  /** the upload folder holds the bytes of every stored file and nothing else (no orphans, no .part) */
  async function expectFolderMatchesRows() {
    const stored = (await app.vitrina.db.kysely.selectFrom("profile_files").select("id").execute()).map((r) => r.id).filter((id) => !fillers.has(id));
    expect(fs.readdirSync(uploadDir).sort()).toEqual(stored.sort());
  }

  it("at 45 of 50 files, 10 parallel uploads store exactly 5 and refuse 5 with the quota message", async () => {
    const { v, userId } = await visitorWith(QUOTA_FILES - 5, 45 * 1000);
    const image = await png();
    const results = await answers(Array.from({ length: 10 }, (_, i) => addByDataUrl(v, `фото-${i}.png`, dataUrl(image))));
    const stored = results.filter((r) => r.status === 200);
    expect(stored).toHaveLength(5);
    expect(results.filter((r) => r.status !== 200)).toEqual(Array.from({ length: 5 }, () => ({ status: 413, body: { error: QUOTA_MESSAGE } })));
    expect((await usage(userId)).files).toBe(QUOTA_FILES);
    for (const r of stored) expect((await v.get(r.body.filePath)).status).toBe(200);
    await expectFolderMatchesRows();
  });

  it("parallel uploads near the byte quota never store more than it", async () => {
    // noise does not compress: each stored file is about 770 KB, and 3 MB of room take three
    const noise = await sharp(crypto.randomBytes(512 * 512 * 3), { raw: { width: 512, height: 512, channels: 3 } })
      .png()
      .toBuffer();
    const room = 3 * 1024 * 1024;
    const { v, userId } = await visitorWith(2, QUOTA_BYTES - room);
    const results = await answers(Array.from({ length: 8 }, (_, i) => addMultipart(v, `шум-${i}.png`, noise)));
    const stored = results.filter((r) => r.status === 200);
    const size = stored[0]?.body.size as number;
    expect(size).toBeGreaterThan(room / 5);
    expect(stored.every((r) => r.body.size === size)).toBe(true);
    expect(stored).toHaveLength(Math.floor(room / size));
    expect(results.filter((r) => r.status !== 200)).toEqual(Array.from({ length: 8 - stored.length }, () => ({ status: 413, body: { error: QUOTA_MESSAGE } })));
    const after = await usage(userId);
    expect(after.bytes).toBeLessThanOrEqual(QUOTA_BYTES);
    expect(after.bytes).toBe(QUOTA_BYTES - room + stored.length * size);
    await expectFolderMatchesRows();
  });
});

describe.each(dialects)("profile file storage failures on %s", (dialect) => {
  let app: TestApp;
  let blocker: string;
  beforeAll(async () => {
    // the upload directory's path runs through a regular file: every write fails
    blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vitrina-full-")), "not-a-dir");
    fs.writeFileSync(blocker, "");
    app = await startTestApp(dialect, { uploadDir: path.join(blocker, "uploads"), seedDemo: false });
  });
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(path.dirname(blocker), { recursive: true, force: true });
  });

  it("a failed write gives a clear error and leaves no row and no file", async () => {
    const v = new Visitor(app.url);
    await registerVisitor(v);
    const res = await addByDataUrl(v, "x.png", dataUrl(await png()));
    expect(res.status).toBe(507);
    expect(await res.json()).toEqual({ error: "Не удалось сохранить файл на сервере. Попробуйте позже" });
    expect(await app.vitrina.db.kysely.selectFrom("profile_files").selectAll().execute()).toEqual([]);
    expect(fs.readdirSync(path.dirname(blocker))).toEqual(["not-a-dir"]);
  });
});
