// The back office's catalogue flow at 375 and 1280 px: a content manager creates a product with two pictures in a
// section and publishes it (a first save without a price is refused and keeps the pictures, which
// are then not uploaded twice); the storefront listing shows its card with the first picture and the
// colour facet counts it within a second; a CSV changing three prices (the new product's among
// them) shows its preview, «Применить» applies it, and the storefront shows the new prices.
import sharp from "sharp";
import { expect, test, type Page } from "@playwright/test";
import { openDatabase } from "../../app/db/database.server.ts";
import { csvLine } from "../../app/lib/csv.ts";
import { formatRoubles } from "../../app/features/catalog-csv/catalog-csv.ts";
import { createStaff, E2E_STAFF_PASSWORD } from "./back-office-db.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated, staffLogIn, watchConsole } from "./support.ts";
import { E2E_DB } from "./e2e-server-data.ts";

const SECTION = "pryamye-divany";

/** the colour facet (in the filter drawer at phone width, so found in the page rather than on screen) */
const colourFacet = (page: Page) => page.locator("fieldset.facet").filter({ has: page.locator("legend", { hasText: /^Цвет$/ }) });

/** the count the facet shows beside a colour */
async function facetCount(page: Page, value: string): Promise<number> {
  const id = await colourFacet(page).locator(`input[type=checkbox][value="${value}"]`).getAttribute("aria-describedby", { timeout: 200 });
  return Number((await page.locator(`[id="${id}"]`).textContent({ timeout: 200 }))!.replace(/\D/g, ""));
}

const photo = async (r: number, g: number) => ({
  name: `photo-${r}.png`,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r, g, b: 90 } } })
    .png()
    .toBuffer(),
});

/** the section's id and two published plain products of another section whose prices the CSV changes */
async function catalogue() {
  const db = openDatabase(E2E_DB);
  try {
    const section = await db.kysely.selectFrom("sections").select(["id", "title"]).where("slug", "=", SECTION).executeTakeFirstOrThrow();
    const others = await db.kysely
      .selectFrom("products")
      .innerJoin("sections", "sections.id", "products.section_id")
      .select(["products.slug", "products.title", "sections.slug as section", "products.price"])
      .where("products.kind", "=", "product")
      .where("products.published", "=", 1)
      .where("products.section_id", "!=", section.id)
      .orderBy("products.id", "desc")
      .limit(4)
      .execute();
    return { section, others };
  } finally {
    await db.close();
  }
}

for (const [run, width] of [375, 1280].entries()) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // a whole working session (two saves that encode pictures, an import, six storefront pages):
    // ~20 s on an idle machine, more when the 2 cores are shared
    test.setTimeout(90_000);

    test("a product with two pictures reaches the listing and its facet counts at once; a CSV changes three prices", async ({ page }) => {
      const errors = watchConsole(page);
      const { section, others } = await catalogue();
      const listing = `/catalog/${SECTION}/?direction=price_asc`;

      // the colour facet as a visitor sees it before the product exists
      await page.goto(listing);
      const value = (await colourFacet(page).locator("input[type=checkbox]").first().getAttribute("value"))!;
      const before = await facetCount(page, value);

      await staffLogIn(page, await createStaff("content"), E2E_STAFF_PASSWORD, `/admin/products/new/?section=${section.id}`);
      const title = `Диван Витринный ${width} ${Date.now() % 100000}`;
      await page.getByRole("textbox", { name: "Название" }).fill(title);
      await expect(page.getByRole("combobox", { name: "Раздел" })).toHaveValue(String(section.id));
      await page.getByLabel("Остаток").fill("7");
      await page.getByLabel("Опубликован").check();
      await page.getByRole("combobox", { name: "Цвет" }).selectOption(value);
      await page.getByLabel("Изображения").setInputFiles([await photo(200, 80), await photo(40, 160)]);
      // saved without a price: refused at «Цена», and the two pictures already stored stay in the form
      await page.getByRole("button", { name: "Сохранить" }).click();
      await expect(page.getByText("Укажите цену.")).toBeVisible();
      const rows = page.locator(".product-images__item");
      await expect(rows).toHaveCount(2);
      await expect(page.getByLabel("Изображения")).toHaveValue("");
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel("Цена", { exact: true }).fill("4 990");
      await page.getByRole("button", { name: "Сохранить" }).click();
      await expect(page.getByRole("status")).toHaveText("Сохранено.");
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText("Главное фото");
      await expect(page.getByRole("textbox", { name: "Подпись к фото 2" })).toHaveValue(`${title}, фото 2`);
      // «Сделать главным» on the second picture: the order the storefront will show
      const second = await rows.nth(1).locator("input[name=imageSrc]").inputValue();
      await page.getByRole("button", { name: "Сделать главным: фото 2" }).click();
      await expect(page.getByRole("status")).toHaveText("Сохранено.");
      await expect(rows.first().locator("input[name=imageSrc]")).toHaveValue(second);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screens/admin-product-images-${width}.png`, fullPage: true });

      // the storefront: the card with its main picture, and the facet counts it, within a second
      await page.goto(listing);
      await expect(async () => {
        const card = page.locator(".listing-results > li").filter({ has: page.getByRole("link", { name: title }) });
        await expect(card.locator("img")).toHaveAttribute("src", `${second}-640.webp`, { timeout: 100 });
        expect(await facetCount(page, value)).toBe(before + 1);
      }).toPass({ timeout: 1_000 });
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/screens/listing-new-product-${width}.png` });

      // the CSV: the new product and two others get new prices
      const { slug } = await page.evaluate(async (name) => {
        const a = [...document.querySelectorAll<HTMLAnchorElement>(".listing-results a")].find((l) => l.textContent?.includes(name));
        return { slug: /\/product\/([^/]+)\//.exec(a?.getAttribute("href") ?? "")?.[1] ?? "" };
      }, title);
      expect(slug).not.toBe("");
      const picked = others.slice(run * 2, run * 2 + 2);
      const changes = [
        { slug, title, section: SECTION, price: 499_000, roubles: "5490,50" },
        ...picked.map((p, i) => ({ ...p, price: Number(p.price), roubles: `${7_100 + i},50` })),
      ];
      const csv =
        "\uFEFF" +
        csvLine(["slug", "title", "section", "price", "old_price"]) +
        changes.map((p) => csvLine([p.slug, p.title, p.section, p.roubles, ""])).join("");
      await page.goto("/admin/import/");
      await page.getByLabel("Файл CSV").setInputFiles({ name: "prices.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf-8") });
      await page.getByRole("button", { name: "Показать изменения" }).click();
      await expect(page.getByRole("status")).toContainText("Создать: 0, изменить: 3, без изменений: 0, с ошибками: 0");
      for (const p of changes) {
        const row = page.getByRole("table").getByRole("row").filter({ hasText: p.slug });
        await expect(row).toContainText(`Цена: ${formatRoubles(p.price)} ₽ → ${p.roubles} ₽`);
      }
      await expectNoSidewaysScroll(page);
      await page.getByRole("button", { name: "Применить" }).click();
      await expect(page.getByRole("status")).toHaveText("Применено: создано 0, изменено 3, без изменений 0.");

      // the new prices on the storefront: the listing card and the product pages
      await page.goto(listing);
      await expect(async () => {
        const card = page.locator(".listing-results > li").filter({ has: page.getByRole("link", { name: title }) });
        await expect(card).toContainText(/5\s490,50\s₽/, { timeout: 100 });
      }).toPass({ timeout: 1_000 });
      for (const p of changes) {
        await page.goto(`/product/${p.slug}/`);
        const [whole, kop] = p.roubles.split(",");
        await expect(page.getByTestId("product-price")).toHaveText(new RegExp(`^${whole!.replace(/(\d)(\d{3})$/, "$1\\s$2")},${kop}\\s₽$`));
      }
      // the product page's gallery opens on the main picture
      await page.goto(`/product/${slug}/`);
      await expect(page.locator(".product-gallery__main img").first()).toHaveAttribute("src", `${second}-640.webp`);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/screens/product-uploaded-${width}.png` });

      // and the cart shows it as its thumbnail
      await hydrated(page);
      await page.getByRole("button", { name: "В корзину" }).first().click();
      await expect(page.getByRole("link", { name: /^Корзина .+, 1 товар/ })).toBeVisible();
      await page.goto("/cart/");
      const line = page.locator(".cart-line").filter({ has: page.getByRole("link", { name: title, exact: true }) });
      await expect(line.locator("img")).toHaveAttribute("src", `${second}-640.webp`);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/screens/cart-uploaded-${width}.png` });
      // the one refused save answers 422 on purpose; anything else in the console is a fault
      expect(errors.filter((e) => !e.includes("status of 422"))).toEqual([]);
    });
  });
}

test("a video file uploaded in the product form plays in the storefront gallery", async ({ page }) => {
  const errors = watchConsole(page);
  const { section } = await catalogue();
  await staffLogIn(page, await createStaff("content"), E2E_STAFF_PASSWORD, `/admin/products/new/?section=${section.id}`);
  // a real WebM, recorded by the browser itself from a canvas (the machine has no video files)
  const webm = await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement("canvas"), { width: 320, height: 180 });
    const g = canvas.getContext("2d")!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let i = 0; i < 20; i++) {
      g.fillStyle = `hsl(${i * 18} 60% 50%)`;
      g.fillRect(0, 0, 320, 180);
      await new Promise((r) => requestAnimationFrame(r));
    }
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let text = "";
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  const title = `Кресло Ролик ${Date.now() % 100000}`;
  await page.getByRole("textbox", { name: "Название" }).fill(title);
  await page.getByLabel("Цена", { exact: true }).fill("9 990");
  await page.getByLabel("Опубликован").check();
  await page.getByLabel("Файлы роликов").setInputFiles({ name: "обзор.webm", mimeType: "video/webm", buffer: Buffer.from(webm, "base64") });
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("status")).toHaveText("Сохранено.");
  await expect(page.getByRole("textbox", { name: "Видео" })).toHaveValue(/^\/media\/videos\/v[0-9a-f]{32}\.webm$/);

  const slug = await page.getByRole("textbox", { name: "Адрес" }).inputValue();
  await page.goto(`/product/${slug}/`);
  await hydrated(page);
  await page.getByRole("link", { name: `Смотреть видео: ${title}` }).click();
  const video = page.locator("video.media-lightbox__video");
  await expect(video).toBeVisible();
  // the browser read the file's metadata: it is a playable video, served as one
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: "test-results/screens/product-video-file-1280.png" });
  expect(errors).toEqual([]);
});
