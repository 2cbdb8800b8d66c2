import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, staffLogIn, watchConsole } from "./support.ts";
import { createStaff, E2E_STAFF_PASSWORD } from "./back-office-db.ts";

// A content manager adds news with a cover picture and picks a showroom's point on the map. The
// map must work with no tile server (an offline shop computer): tiles are blocked here.

const logIn = (page: Page, email: string, back: string) => staffLogIn(page, email, E2E_STAFF_PASSWORD, back);

const blockTiles = (page: Page) => page.route(/tile\.openstreetmap\.org/, (route) => route.abort("blockedbyclient"));
const tileErrors = (errors: string[]) => errors.filter((e) => !e.includes("ERR_BLOCKED_BY_CLIENT"));

for (const width of [375, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a content manager adds a news item with a cover picture and a visitor sees it first on /news/", async ({ page, browser }) => {
      const errors = watchConsole(page);
      const title = `Новый салон в Казани — ${width} px`;
      await logIn(page, await createStaff("content"), "/admin/content/");
      await page.getByRole("link", { name: "Добавить новость" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Новая новость" })).toBeVisible();
      await expectNoSidewaysScroll(page);

      await page.getByLabel("Заголовок").fill(title);
      await page.getByLabel("Адрес", { exact: true }).fill(`novyy-salon-v-kazani-${width}`);
      await page.getByLabel("Анонс").fill("Диваны и кресла на улице Баумана");
      await page.getByLabel("Текст новости (HTML)").fill("<p>Ждём вас каждый день с 10 до 21.</p>");
      const picture = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 47, g: 93, b: 80 } } })
        .jpeg()
        .toBuffer();
      await page.getByLabel("Картинка").setInputFiles({ name: "salon.jpg", mimeType: "image/jpeg", buffer: picture });
      await page.getByLabel("Описание картинки").fill("Зал салона в Казани");
      await page.getByRole("button", { name: "Сохранить" }).click();
      await expect(page.getByRole("status")).toHaveText("Сохранено.");
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole("img", { name: "Зал салона в Казани" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);

      const shopper = await browser.newContext({ viewport: { width, height: 900 } });
      const visitor = await shopper.newPage();
      await visitor.goto("/news/");
      const first = visitor.locator(".news-card").first();
      await expect(first.getByRole("link", { name: title })).toBeVisible();
      const cover = first.getByRole("img", { name: "Зал салона в Казани" });
      await expect(cover).toBeVisible();
      // the picture really loaded (not a broken image)
      expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expectNoSidewaysScroll(visitor);
      await first.getByRole("link", { name: title }).click();
      await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(visitor.getByText("Ждём вас каждый день с 10 до 21.")).toBeVisible();
      await expectNoSidewaysScroll(visitor);

      // deleted (the tick is the confirmation), it leaves /news/ at once
      await page.getByRole("checkbox", { name: "Да, удалить эту новость" }).check();
      await page.getByRole("button", { name: "Удалить новость" }).click();
      await expect(page.getByRole("status")).toHaveText("Новость удалена.");
      await visitor.goto("/news/");
      await expect(visitor.getByRole("link", { name: title })).toHaveCount(0);
      await shopper.close();
      expect(errors).toEqual([]);
    });
  });
}

test.describe("showroom map point at 1280 px, tiles blocked", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a click on the map sets the point, the arrow keys move it, and the form sends it", async ({ page }) => {
    const errors = watchConsole(page);
    await blockTiles(page);
    await logIn(page, await createStaff("content"), "/admin/content/showrooms/new/");
    const lat = page.getByLabel("Широта");
    const lon = page.getByLabel("Долгота");
    await expect(lat).toHaveValue("");

    const map = page.getByRole("group", { name: "Карта: точка салона" });
    await expect(map.locator(".leaflet-container")).toBeVisible();
    const box = (await map.boundingBox())!;
    // the map opens on Moscow: a click right of the centre is east of it
    await map.click({ position: { x: box.width / 2 + 100, y: box.height / 2 } });
    await expect(lat).toHaveValue(/^55\.7\d*$/);
    const picked = Number(await lon.inputValue());
    expect(picked).toBeGreaterThan(37.62);

    const marker = map.getByRole("button", { name: /Точка салона/ });
    await expect(marker).toBeVisible();
    const before = Number(await lat.inputValue());
    await marker.focus();
    await page.keyboard.press("ArrowUp");
    await expect.poll(async () => Number(await lat.inputValue())).toBeGreaterThan(before);
    expect(Number(await lon.inputValue())).toBeCloseTo(picked, 5);

    // a typed point moves the map to it; a click there picks a point in Saint Petersburg
    await lat.fill("59.9343");
    await lon.fill("30.3351");
    await map.click({ position: { x: box.width / 2 - 60, y: box.height / 2 + 40 } });
    await expect(lat).toHaveValue(/^59\.\d+$/);
    await expect(lon).toHaveValue(/^30\.\d+$/);
    const sentLat = await lat.inputValue();
    const sentLon = await lon.inputValue();
    // sent without a title (so no showroom is added to the shared demo data): refused at the
    // field, and the picked point comes back in the fields, as the server received it
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByText("Укажите название")).toBeVisible();
    await expect(lat).toHaveValue(sentLat);
    await expect(lon).toHaveValue(sentLon);
    await expectNoSeriousA11yViolations(page);
    expect(tileErrors(errors).filter((e) => !e.includes("status of 422"))).toEqual([]);
  });
});

test.describe("FAQ questions at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a content manager adds a question and a visitor opens it in the FAQ accordion", async ({ page, browser }) => {
    const errors = watchConsole(page);
    await logIn(page, await createStaff("content"), "/admin/content/pages/faq/");
    await expect(page.getByLabel("Текст вопроса 1")).not.toHaveValue("");
    await page.getByLabel("Текст нового вопроса").fill("Можно ли заказать диван по своим размерам?");
    await page.getByLabel("Ответ на новый вопрос (HTML)").fill("<p>Да, изготовим за 3 недели.</p>");
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByRole("status")).toHaveText("Сохранено.");
    // saved, it is one of the questions, and a new empty pair is offered again
    await expect(page.getByLabel("Текст нового вопроса")).toHaveValue("");
    await expectNoSeriousA11yViolations(page);

    const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await shopper.newPage();
    await visitor.goto("/faq/");
    const item = visitor.locator(".accordion__item").filter({ hasText: "Можно ли заказать диван по своим размерам?" });
    await item.locator("summary").click();
    await expect(item.getByText("Да, изготовим за 3 недели.")).toBeVisible();

    // removed again: the FAQ is as the demo data had it
    const last = await page.getByRole("group", { name: /^Вопрос \d+$/ }).count();
    await expect(page.getByLabel(`Текст вопроса ${last}`)).toHaveValue("Можно ли заказать диван по своим размерам?");
    await page.getByRole("checkbox", { name: `Удалить вопрос ${last}` }).check();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByLabel(`Текст вопроса ${last}`)).toHaveCount(0);
    await visitor.goto("/faq/");
    await expect(visitor.getByText("Можно ли заказать диван по своим размерам?")).toHaveCount(0);
    await shopper.close();
    expect(errors).toEqual([]);
  });
});
