// The back office's product pictures and video files over HTTP on both dialects, as a browser without
// JavaScript posts the product form (multipart): two pictures in one post create a product whose
// files exist at every width and whose page shows them; a file that is not an image, is over
// 10 MB or is too small is refused with its Russian message and nothing is written; the row
// buttons reorder and remove (removed files leave the disk) and alt texts are saved, audited; a
// save refused for another field keeps the uploads; a video file is stored and played; the
// browser's data request (`/_.data`) gets the product form's body cap.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductImage } from "../../../app/db/schema.ts";
import { staffVisitor } from "../../support/staff.ts";
import { dialects, privateMediaDir, startTestApp, type TestApp } from "../../support/test-app.ts";
import type { Visitor } from "../../support/accounts-client.ts";

const WIDTHS = [320, 640, 960];

const png = (width: number, height: number, r = 180) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 60 } } })
    .png()
    .toBuffer();

/** every variant of an uploaded picture: AVIF and WebP at each width */
// its own media folder: other test files upload into the shared one at the same time, and the
// tests below count what is on disk
const MEDIA_DIR = privateMediaDir("product-media");
afterAll(() => fs.rmSync(MEDIA_DIR, { recursive: true, force: true }));
const variantsOf = (src: string) => WIDTHS.flatMap((w) => ["avif", "webp"].map((ext) => path.join(MEDIA_DIR, `${src.slice("/media/".length)}-${w}.${ext}`)));
const uploadsOnDisk = () => new Set(fs.readdirSync(path.join(MEDIA_DIR, "products")).filter((f) => /^u[0-9a-f]{32}-/.test(f)));

describe.each(dialects)("product pictures and video files on %s", (dialect) => {
  let app: TestApp;
  let editor: Visitor;
  let sectionId: number;
  let seq = 0;

  /** the product form as a multipart post: fields (repeated names allowed) and files */
  function post(url: string, fields: [string, string][], files: [string, Buffer | Uint8Array, string][] = []) {
    const body = new FormData();
    for (const [k, v] of fields) body.append(k, v);
    for (const [field, bytes, name] of files) body.append(field, new Blob([new Uint8Array(bytes)]), name);
    return editor.request(url, { method: "POST", body, headers: { accept: "text/html" } });
  }
  const base = (title: string, extra: [string, string][] = []): [string, string][] => [
    ["title", title],
    ["sectionId", String(sectionId)],
    ["price", "25 000"],
    ["stock", "2"],
    ["published", "on"],
    ["version", "0"],
    ["imagesListed", "1"],
    ...extra,
  ];
  const row = (id: number) => app.vitrina.db.kysely.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const imagesOf = async (id: number) => JSON.parse((await row(id)).images) as ProductImage[];
  const idOf = (res: Response) => Number(/\/admin\/products\/(\d+)\//.exec(res.headers.get("location") ?? "")?.[1]);
  const productCount = async () =>
    Number(
      (
        await app.vitrina.db.kysely
          .selectFrom("products")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** the fields the form renders for a product's current pictures, as a browser would post them back */
  const listedFields = (images: ProductImage[], alts = images.map((i) => i.alt)): [string, string][] =>
    images.flatMap((img, i) => [
      ["imageSrc", img.src],
      ["imageWidth", String(img.width)],
      ["imageHeight", String(img.height)],
      ["imageAlt", alts[i]!],
    ]);

  beforeAll(async () => {
    app = await startTestApp(dialect, { mediaDir: MEDIA_DIR });
    editor = (await staffVisitor(app, "content")).visitor;
    const leaf = await app.vitrina.db.kysely.selectFrom("products").select("section_id").orderBy("id").executeTakeFirstOrThrow();
    sectionId = leaf.section_id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("creates a product with two pictures in one post: every width on disk, the product page shows them", async () => {
    const title = `Кресло Фото ${dialect} ${++seq}`;
    const res = await post("/admin/products/new/", base(title), [
      ["images", await png(1200, 900), "front.png"],
      ["images", await png(800, 1000, 90), "side.png"],
    ]);
    expect(res.status).toBe(303);
    const id = idOf(res);
    const images = await imagesOf(id);
    expect(images.map((i) => i.alt)).toEqual([`${title}, фото 1`, `${title}, фото 2`]);
    // the 800 px picture is kept at its own size, never enlarged to the 960 px width
    expect(images.map((i) => [i.width, i.height])).toEqual([
      [960, 720],
      [800, 1000],
    ]);
    for (const img of images) for (const file of variantsOf(img.src)) expect(fs.existsSync(file), file).toBe(true);

    const audit = await app.vitrina.db.kysely.selectFrom("audit_log").selectAll().where("entity", "=", "product").where("entity_id", "=", String(id)).execute();
    expect(JSON.parse(audit[0]!.after).images).toEqual(images.map(({ src, alt }) => ({ src, alt })));

    const { slug } = await row(id);
    const page = await (await editor.get(`/product/${slug}/`)).text();
    // the gallery's main picture is the first, at every width, and JSON-LD names both by the public address
    expect(page).toContain(`${images[0]!.src}-640.webp`);
    expect(page).toContain(`${images[0]!.src}-320.avif 320w`);
    expect(page).toContain(`${images[1]!.src}-960.webp`);
    expect(page).toContain(`"image":["${app.publicUrl}${images[0]!.src}-960.webp","${app.publicUrl}${images[1]!.src}-960.webp"]`);
    const file = await editor.get(`${images[0]!.src}-640.avif`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/avif");
  });

  it("takes a large picture through the browser's data request too (`/admin/products/new/_.data`)", async () => {
    // a photo-like picture of a few hundred kilobytes: well over the 64 KB of ordinary forms
    const noise = crypto.randomBytes(900 * 700 * 3);
    const photo = await sharp(noise, { raw: { width: 900, height: 700, channels: 3 } })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(256 * 1024);
    const title = `Кресло Данные ${dialect}`;
    const res = await post("/admin/products/new/_.data", base(title), [["images", photo, "photo.png"]]);
    expect(res.status).not.toBe(413);
    const made = await app.vitrina.db.kysely.selectFrom("products").select(["images"]).where("title", "=", title).executeTakeFirstOrThrow();
    expect((JSON.parse(made.images) as ProductImage[]).map((i) => i.alt)).toEqual([`${title}, фото 1`]);
  });

  it("refuses a file that is not a picture, is over 10 MB or is too small, with the Russian message and nothing written", async () => {
    const products = await productCount();
    const files = uploadsOnDisk();
    const cases: [Buffer | Uint8Array, string, number, string][] = [
      [Buffer.from("<svg onload=alert(1)></svg>"), "price.jpg", 415, "Это не изображение (нужен JPEG, PNG, WebP или AVIF): price.jpg"],
      [new Uint8Array(11 * 1024 * 1024), "huge.jpg", 413, "Файл больше 10 МБ: huge.jpg"],
      [await png(200, 150), "icon.png", 422, "Изображение слишком маленькое: нужно не меньше 320 пикселей по ширине: icon.png"],
    ];
    for (const [bytes, name, status, message] of cases) {
      const title = `Отказ ${name}`;
      // a good picture goes first in the same post: it must not stay behind either
      const res = await post("/admin/products/new/", base(title), [
        ["images", await png(1000, 800), "good.png"],
        ["images", bytes, name],
      ]);
      expect(res.status, name).toBe(status);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain(`value="${title}"`);
      expect(html).toMatch(/id="product-images-error"/);
    }
    expect(await productCount()).toBe(products);
    expect(uploadsOnDisk()).toEqual(files);
  });

  it("reorders, renames and removes pictures with the row buttons; removed files leave the disk", async () => {
    const title = `Стол Порядок ${dialect}`;
    const created = await post("/admin/products/new/", base(title), [
      ["images", await png(960, 720, 10), "a.png"],
      ["images", await png(960, 720, 120), "b.png"],
      ["images", await png(960, 720, 240), "c.png"],
    ]);
    const id = idOf(created);
    const [a, b, c] = await imagesOf(id);
    const edit = async (extra: [string, string][], alts?: string[]) => {
      const p = await row(id);
      const fields = base(title, [...listedFields(await imagesOf(id), alts), ...extra]).map(([k, v]): [string, string] =>
        k === "version" ? [k, String(p.version)] : k === "title" ? [k, p.title] : [k, v],
      );
      fields.push(["slug", p.slug]);
      return post(`/admin/products/${id}/`, fields);
    };

    // «Сделать главным» on the third, with a new alt text typed for the first
    expect((await edit([["imageCommand", "main:2"]], ["Стол спереди", b!.alt, c!.alt])).status).toBe(303);
    expect((await imagesOf(id)).map((i) => [i.src, i.alt])).toEqual([
      [c!.src, c!.alt],
      [a!.src, "Стол спереди"],
      [b!.src, b!.alt],
    ]);
    // «Ниже» on the first
    expect((await edit([["imageCommand", "down:0"]])).status).toBe(303);
    expect((await imagesOf(id)).map((i) => i.src)).toEqual([a!.src, c!.src, b!.src]);
    // «Удалить» the second: gone from the product and from the disk after the save
    expect((await edit([["imageCommand", "remove:1"]])).status).toBe(303);
    expect((await imagesOf(id)).map((i) => i.src)).toEqual([a!.src, b!.src]);
    for (const file of variantsOf(c!.src)) expect(fs.existsSync(file), file).toBe(false);
    for (const file of variantsOf(a!.src)) expect(fs.existsSync(file), file).toBe(true);

    const audit = await app.vitrina.db.kysely
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "product")
      .where("entity_id", "=", String(id))
      .where("action", "=", "product.edit")
      .orderBy("id")
      .execute();
    expect(audit).toHaveLength(3);
    expect(JSON.parse(audit[2]!.before).images.map((i: ProductImage) => i.src)).toEqual([a!.src, c!.src, b!.src]);
    expect(JSON.parse(audit[2]!.after).images.map((i: ProductImage) => i.src)).toEqual([a!.src, b!.src]);

    // a save without the picture list (an older form, a script) leaves the pictures alone
    const p = await row(id);
    const plain = await editor.post(`/admin/products/${id}/`, {
      title,
      slug: p.slug,
      sectionId: String(sectionId),
      price: "26 000",
      version: String(p.version),
    });
    expect(plain.status).toBe(303);
    expect((await imagesOf(id)).map((i) => i.src)).toEqual([a!.src, b!.src]);
    // and a path that is neither the product's own picture nor an upload is refused
    const q = await row(id);
    const forged = await post(`/admin/products/${id}/`, [
      ...base(title, [
        ["imageSrc", "/media/products/sofa-green"],
        ["imageAlt", "чужое"],
      ]).filter(([k]) => k !== "version"),
      ["version", String(q.version)],
      ["slug", q.slug],
    ]);
    expect(forged.status).toBe(422);
    expect(await forged.text()).toContain("Такого изображения у товара нет");
  });

  it("keeps the uploads in the form when the save is refused for another field", async () => {
    const title = `Пуф Ошибка ${dialect}`;
    const refused = await post(
      "/admin/products/new/",
      base(title).map(([k, v]): [string, string] => (k === "price" ? [k, "-5"] : [k, v])),
      [["images", await png(1000, 750), "pouf.png"]],
    );
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain("Цена не может быть отрицательной.");
    const src = /name="imageSrc" value="([^"]+)"/.exec(html)?.[1];
    expect(src).toMatch(/^\/media\/products\/u[0-9a-f]{32}$/);
    expect(html).toContain(`${src}-320.webp`);
    expect(html).toContain(`value="${title}, фото 1"`);

    // the editor fixes the price and saves: the picture chosen before is the product's
    const saved = await post("/admin/products/new/", [...base(title), ...listedFields([{ src: src!, alt: "Пуф", width: 960, height: 720 }])]);
    expect(saved.status).toBe(303);
    const images = await imagesOf(idOf(saved));
    expect(images).toEqual([{ src, alt: "Пуф", width: 960, height: 720 }]);
  });

  it("stores an MP4 video file for the gallery and refuses a file that is not a video", async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypisom"), Buffer.alloc(2048, 1)]);
    const title = `Шкаф Видео ${dialect}`;
    const res = await post("/admin/products/new/", base(title, [["videos", "https://rutube.ru/video/0123456789abcdef0123456789abcdef/"]]), [
      ["videoFiles", mp4, "обзор.mp4"],
    ]);
    expect(res.status).toBe(303);
    const p = await row(idOf(res));
    const videos = JSON.parse(p.videos) as string[];
    expect(videos[0]).toBe("https://rutube.ru/video/0123456789abcdef0123456789abcdef/");
    expect(videos[1]).toMatch(/^\/media\/videos\/v[0-9a-f]{32}\.mp4$/);
    const served = await editor.get(videos[1]!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("video/mp4");
    const page = await (await editor.get(`/product/${p.slug}/`)).text();
    expect(page).toContain(`href="${videos[1]}"`);

    const bad = await post("/admin/products/new/", base(`${title} 2`), [["videoFiles", Buffer.from("<html>not a video</html>"), "ролик.mp4"]]);
    expect(bad.status).toBe(415);
    expect(await bad.text()).toContain("Это не видео MP4 или WebM: ролик.mp4");
  });
});
