import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations, registerAccount, watchConsole } from "./support.ts";

const PASSWORD = "диван и кресло 2026";
let seq = 0;

/** A photo-like PNG (noise compresses badly), so its size is in kilobytes. */
async function noisyPng(side = 80): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 3) * 104729) % 251;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

async function signUp(page: Page) {
  const address = `e2e.profile.${Date.now()}.${++seq}@example.ru`;
  await registerAccount(page, { name: "Мария", email: address, phone: "+7 916 765 43 21", password: PASSWORD });
  return address;
}

const filesSection = (page: Page) => page.getByRole("region", { name: "Мои файлы" });
const photoSection = (page: Page) => page.getByRole("region", { name: "Фото профиля" });

test.describe("profile files", () => {
  test("upload a PNG and see its size in КБ, refuse a .txt and a big file, delete", async ({ page }) => {
    const errors = watchConsole(page);
    await signUp(page);
    const png = await noisyPng();
    expect(png.length).toBeGreaterThan(1024);
    const input = page.getByLabel("Файлы", { exact: true });
    await input.setInputFiles({ name: "гостиная.png", mimeType: "image/png", buffer: png });
    const list = filesSection(page).getByRole("list", { name: "Выбранные файлы" });
    const item = list.getByRole("listitem").filter({ hasText: "гостиная.png" });
    await expect(item).toBeVisible();
    await expect(item).toContainText("PNG");
    await expect(item).toContainText(/\d+(,\d)?\s?КБ/);
    await expect(item.getByRole("link", { name: "гостиная.png" })).toHaveAttribute("href", /^\/profile\/file\/[0-9a-f]{32}\/$/);

    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("привет") });
    await expect(filesSection(page).getByRole("alert")).toHaveText("Недопустимый формат файла: notes.txt");
    await input.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1) });
    await expect(filesSection(page).getByRole("alert")).toHaveText("Файл слишком большой: huge.jpg");
    await expect(list.getByRole("listitem")).toHaveCount(1);

    await page.reload();
    await expect(filesSection(page).getByRole("listitem").filter({ hasText: "гостиная.png" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await filesSection(page).getByRole("button", { name: "Удалить гостиная.png" }).click();
    await expect(filesSection(page).getByRole("list")).toHaveCount(0); // the list hides when empty
    await page.reload();
    await expect(filesSection(page).getByText("гостиная.png")).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a failed save says so and adds nothing; a failed delete still removes the item", async ({ page }) => {
    await signUp(page);
    await page.route("**/profile/file/add/", (route) => route.fulfill({ status: 500, body: "oops" }));
    await page.getByLabel("Файлы", { exact: true }).setInputFiles({ name: "a.png", mimeType: "image/png", buffer: await noisyPng(20) });
    await expect(filesSection(page).getByRole("alert")).toHaveText("Не удалось загрузить файл, попробуйте ещё раз");
    await expect(filesSection(page).getByRole("listitem")).toHaveCount(0);
    await page.unroute("**/profile/file/add/");

    await page.getByLabel("Файлы", { exact: true }).setInputFiles({ name: "b.png", mimeType: "image/png", buffer: await noisyPng(20) });
    await expect(filesSection(page).getByRole("link", { name: "b.png" })).toBeVisible();
    const warnings: string[] = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    await page.route("**/profile/file/delete/", (route) => route.abort());
    await filesSection(page).getByRole("button", { name: "Удалить b.png" }).click();
    await expect(filesSection(page).getByRole("listitem")).toHaveCount(0);
    expect(warnings.join("\n")).toContain("не удалён на сервере");
  });

  test("files can be dropped onto the widget", async ({ page }) => {
    await signUp(page);
    // a real drag of a file from disk (DevTools protocol), as the operating system would start it
    const file = test.info().outputPath("dropped.png");
    fs.writeFileSync(file, await noisyPng(30));
    const zone = await filesSection(page).locator(".file-upload__drop").boundingBox();
    const cdp = await page.context().newCDPSession(page);
    const at = { x: zone!.x + zone!.width / 2, y: zone!.y + zone!.height / 2, data: { items: [], files: [file], dragOperationsMask: 1 } };
    for (const type of ["dragEnter", "dragOver", "drop"] as const) await cdp.send("Input.dispatchDragEvent", { type, ...at });
    await expect(filesSection(page).getByRole("link", { name: "dropped.png" })).toBeVisible();
  });

  test("single-file mode: a new photo replaces the old one", async ({ page }) => {
    await signUp(page);
    const input = page.getByLabel("Файл", { exact: true });
    await expect(input).not.toHaveAttribute("multiple", /.*/);
    await input.setInputFiles({ name: "first.png", mimeType: "image/png", buffer: await noisyPng(40) });
    await expect(photoSection(page).getByRole("link", { name: "first.png" })).toBeVisible();
    await input.setInputFiles({ name: "second.png", mimeType: "image/png", buffer: await noisyPng(50) });
    await expect(photoSection(page).getByRole("link", { name: "second.png" })).toBeVisible();
    await expect(photoSection(page).getByRole("listitem")).toHaveCount(1);
    await expect(photoSection(page).getByRole("img", { name: "Ваше фото" })).toBeVisible();
    await page.reload();
    await expect(photoSection(page).getByRole("listitem")).toHaveCount(1);
    await expect(photoSection(page).getByText("second.png")).toBeVisible();
  });

  for (const width of [375, 1280]) {
    test(`the profile looks right at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signUp(page);
      await page.getByLabel("Файлы", { exact: true }).setInputFiles([
        { name: "план-квартиры.png", mimeType: "image/png", buffer: await noisyPng(120) },
        { name: "кухня.png", mimeType: "image/png", buffer: await noisyPng(60) },
      ]);
      await expect(filesSection(page).getByRole("listitem")).toHaveCount(2);
      await expect(filesSection(page).getByRole("link", { name: "кухня.png" })).toBeVisible();
      await page.getByLabel("Файл", { exact: true }).setInputFiles({ name: "я.png", mimeType: "image/png", buffer: await noisyPng(96) });
      await expect(photoSection(page).getByRole("img", { name: "Ваше фото" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screens/profile-${width}.png`, fullPage: true });
    });
  }
});

test.describe("profile without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("upload through the plain form, see it listed, delete it", async ({ page }) => {
    await signUp(page);
    await page.getByLabel("Файлы", { exact: true }).setInputFiles({ name: "без-скриптов.png", mimeType: "image/png", buffer: await noisyPng(40) });
    await filesSection(page).getByRole("button", { name: "Загрузить" }).click();
    await expect(page).toHaveURL(/\/profile\/#files$/);
    await expect(filesSection(page).getByRole("status")).toHaveText("Загружено: без-скриптов.png");
    await expect(filesSection(page).getByRole("link", { name: "без-скриптов.png" })).toBeVisible();

    await page.getByLabel("Файлы", { exact: true }).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
    await filesSection(page).getByRole("button", { name: "Загрузить" }).click();
    await expect(filesSection(page).getByRole("alert").first()).toHaveText("Недопустимый формат файла: notes.txt");

    await filesSection(page).getByRole("button", { name: "Удалить без-скриптов.png" }).click();
    await expect(filesSection(page).getByText("без-скриптов.png")).toHaveCount(0);
    await page.screenshot({ path: "test-results/screens/profile-nojs-1280.png", fullPage: true });
  });
});
