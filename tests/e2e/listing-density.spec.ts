// Filters the shopper can reach, two cards a
// row on phones, section tiles with pictures, review counts on cards, the comparison's buy and
// rating rows, «Показать ещё» in the URL, «Наверх» under dialogs, «Другие новости» without cut lines.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, hydrated } from "./support.ts";

const SECTION = "/catalog/divany-i-kresla/";
const cards = (page: Page) => page.locator(".listing-results > li");

for (const width of [375, 1280]) {
  test.describe(`listing at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("cards sit two a row on a phone, four on a desktop, and show the review count by the stars", async ({ page }) => {
      await page.goto(SECTION);
      const boxes = await cards(page).evaluateAll((els) => els.slice(0, 5).map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
      const perRow = boxes.filter((b) => Math.abs(b.y - boxes[0]!.y) < 1).length;
      expect(perRow).toBe(width < 576 ? 2 : 4);
      expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x + boxes[0]!.width - 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // the whole card fits its column: the buy button stays inside
      const first = cards(page).first();
      const buy = first.getByRole("button", { name: "В корзину" });
      const [card, button] = [await first.boundingBox(), await buy.boundingBox()];
      expect(button!.x + button!.width).toBeLessThanOrEqual(card!.x + card!.width);
      await expect(first.locator(".product-card__rating")).toHaveText(/\d,\d.*·.*\d+\s+отзыв(а|ов)?$/);
      await page.screenshot({ path: `test-results/screens/listing-cards-${width}.png` });
      await expectNoSeriousA11yViolations(page);
    });

    test("section tiles carry pictures on /catalog/ and on the home page", async ({ page }) => {
      for (const [path, tile] of [
        ["/catalog/", ".section-grid__item"],
        ["/", ".section-tiles__tile"],
      ] as const) {
        await page.goto(path);
        const tiles = page.locator(tile);
        expect(await tiles.count()).toBeGreaterThan(5);
        await expect(tiles.locator("img")).toHaveCount(await tiles.count());
        const img = tiles.first().locator("img");
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
      }
      await page.screenshot({ path: `test-results/screens/home-tiles-${width}.png` });
    });

    test("long facet groups fold under «Показать все (N)», a checked value stays in view", async ({ page }) => {
      await page.goto(SECTION);
      if (width < 992) await page.getByRole("button", { name: "Фильтры" }).click();
      const colours = page.getByRole("group", { name: "Цвет" });
      // every value, folded ones included (those are not in the accessibility tree until opened)
      const boxes = colours.locator('input[type="checkbox"]');
      const total = await boxes.count();
      expect(total).toBeGreaterThan(6);
      await expect(boxes.nth(6)).toBeHidden();
      const toggle = colours.getByText(`Показать все (${total})`);
      await toggle.click();
      await expect(boxes.nth(6)).toBeVisible();
      await expect(colours.getByText("Свернуть")).toBeVisible();
      const last = (await boxes.last().getAttribute("value"))!;

      await page.goto(`${SECTION}?color=${encodeURIComponent(last)}`);
      if (width < 992) await page.getByRole("button", { name: "Фильтры" }).click();
      await expect(page.getByRole("group", { name: "Цвет" }).getByRole("checkbox", { name: last, exact: true })).toBeVisible();
      await expect(page.getByRole("group", { name: "Цвет" }).getByRole("checkbox", { name: last, exact: true })).toBeChecked();
    });

    test("the most used filters come first", async ({ page }) => {
      await page.goto(SECTION);
      const legends = await page.locator(".filter-panel__form > fieldset > legend").allInnerTexts();
      expect(legends.slice(0, 4)).toEqual(["Цена", "Бренд", "Цвет", "Материал"]);
      expect(legends.indexOf("Ширина")).toBeGreaterThan(legends.indexOf("Стиль"));
    });

    test("«Показать ещё» puts the loaded pages into the URL; a reload keeps them", async ({ page }) => {
      await page.goto(`${SECTION}?num=12`);
      await hydrated(page);
      await expect(cards(page)).toHaveCount(12);
      await page.getByRole("button", { name: "Показать ещё" }).click();
      await expect(page).toHaveURL(/[?&]page=2&from=1(?:&|$)/);
      await expect(cards(page)).toHaveCount(24);
      // focus moves to the first new card, so a keyboard user carries on from there
      await expect(cards(page).nth(12).locator(".product-card__title a")).toBeFocused();
      const titles = await page.locator(".product-card__title").allInnerTexts();
      await page.reload();
      await expect(cards(page)).toHaveCount(24);
      expect(await page.locator(".product-card__title").allInnerTexts()).toEqual(titles);
      // a numbered page is that page alone
      await expect(page.getByRole("link", { name: "Страница 3" })).toHaveAttribute("href", /page=3(?!&from)/);
    });
  });

  test.describe(`listing without JavaScript at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, javaScriptEnabled: false });

    test("«Показать ещё» and the facet fold work as plain HTML", async ({ page }) => {
      await page.goto(`${SECTION}?num=12`);
      await expect(cards(page)).toHaveCount(12);
      await page.getByRole("button", { name: "Показать ещё" }).click();
      await expect(page).toHaveURL(/[?&]page=2&from=1#listing-item-13$/);
      await expect(cards(page)).toHaveCount(24);
      await expect(page.locator("#listing-item-13")).toBeInViewport();
      await page.getByRole("button", { name: "Показать ещё" }).click();
      await expect(page).toHaveURL(/[?&]page=3&from=1#listing-item-25$/);
      await expect(cards(page)).toHaveCount(36);
      if (width >= 992) {
        const colours = page.getByRole("group", { name: "Цвет" });
        await expect(colours.getByRole("checkbox").nth(6)).toBeHidden();
        await colours.getByText(/^Показать все \(\d+\)$/).click();
        await expect(colours.getByRole("checkbox").nth(6)).toBeVisible();
      }
    });
  });
}

test.describe("the filter column on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("scrolls with the page, so «Бренд», «Цвет» and «Материал» come into view", async ({ page }) => {
    await page.goto(SECTION);
    const column = page.locator(".listing-layout__filters");
    // no box of its own to scroll in
    expect(await column.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    for (const name of ["Бренд", "Цвет", "Материал", "Страна производства"]) {
      const group = page.getByRole("group", { name });
      const top = await group.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      await page.evaluate((y) => window.scrollTo(0, Math.max(0, y - 200)), top);
      await expect(group).toBeInViewport();
    }
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    await page.screenshot({ path: "test-results/screens/listing-filters-scrolled-1280.png" });
  });

  test("the list view keeps «В корзину» a button's width", async ({ page }) => {
    await page.goto(`${SECTION}?view=list`);
    const box = await page.locator(".product-card--list").first().getByRole("button", { name: "В корзину" }).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(260);
  });
});

for (const width of [375, 1280]) {
  test.describe(`comparison at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("has «В корзину» and rating rows; on a phone two products sit beside the pinned first column", async ({ page }) => {
      await page.goto(SECTION);
      await hydrated(page);
      for (let i = 0; i < 3; i++) {
        const toggled = page.waitForResponse((r) => r.url().includes("/compare/toggle/") && r.ok());
        await page.getByRole("button", { name: "Сравнить" }).nth(i).click();
        await toggled;
        await expect(page.getByRole("button", { name: "Сравнить" }).nth(i)).toHaveAttribute("aria-pressed", "true");
      }
      await page.goto("/compare/");
      await hydrated(page);
      const table = page.locator(".comparison__table");
      await expect(table.getByRole("rowheader", { name: "Купить" })).toBeVisible();
      await expect(table.getByRole("rowheader", { name: "Рейтинг" })).toBeVisible();
      await expect(table.getByRole("button", { name: "В корзину" })).toHaveCount(3);
      await expect(table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Рейтинг" }) })).toContainText(/\d,\d · \d+\s+отзыв/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSeriousA11yViolations(page);

      const heads = table.locator("thead tr").first().locator("th");
      const right = async (i: number) => heads.nth(i).evaluate((el) => el.getBoundingClientRect().right);
      if (width < 576) {
        expect(await right(2)).toBeLessThanOrEqual(width);
        expect(await right(3)).toBeGreaterThan(width);
        const pinnedLeft = await heads.first().evaluate((el) => el.getBoundingClientRect().left);
        await page
          .locator(".comparison__scroll")
          .first()
          .evaluate((el) => el.scrollBy(150, 0));
        await expect.poll(() => heads.first().evaluate((el) => el.getBoundingClientRect().left)).toBe(pinnedLeft);
        await expect.poll(() => heads.nth(1).evaluate((el) => el.getBoundingClientRect().left)).toBeLessThan(pinnedLeft);
      }
      await page.screenshot({ path: `test-results/screens/compare-${width}.png`, fullPage: true });

      await table.getByRole("button", { name: "В корзину" }).first().click();
      await expect(page.getByRole("link", { name: /^Корзина [^,]+, 1 товар/ })).toBeAttached();
    });
  });
}

test.describe("comparison without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("«В корзину» posts and comes back to the comparison", async ({ page }) => {
    await page.goto(SECTION);
    await page.getByRole("button", { name: "Сравнить" }).first().click();
    await page.goto("/compare/");
    await page.locator(".comparison__table").getByRole("button", { name: "В корзину" }).first().click();
    await expect(page).toHaveURL(/\/compare\/$/);
    await expect(page.getByRole("link", { name: /^Корзина [^,]+, 1 товар/ })).toBeAttached();
  });
});

for (const width of [375, 1280]) {
  test.describe(`news article at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("«Наверх» hides under the lightbox, whose backdrop is opaque", async ({ page }) => {
      await page.goto("/news/novyy-shourum-v-kazani/");
      await hydrated(page);
      const up = page.getByRole("button", { name: "Наверх" });
      const picture = page.locator(".news-gallery a, .news-gallery button").nth(1);
      await picture.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 700));
      await expect(up).toBeVisible();
      await picture.click();
      const lightbox = page.getByRole("dialog", { name: "Просмотр фото и видео" });
      await expect(lightbox).toBeVisible();
      await expect(up).toBeHidden();
      await expect(lightbox.locator(".yarl__container")).toHaveCSS("background-color", "rgb(20, 19, 17)");
      await page.keyboard.press("Escape");
      await expect(lightbox).toBeHidden();
      await expect(up).toBeVisible();
    });

    test("«Другие новости» shows whole items, never half a line", async ({ page }) => {
      await page.goto("/news/novyy-shourum-v-kazani/");
      const area = page.getByRole("region", { name: "Список других новостей" });
      await area.scrollIntoViewIfNeeded();
      const cut = await page.locator(".news-more .scroll-area").evaluate((root) => {
        const box = root.querySelector(".simplebar-content-wrapper")!.getBoundingClientRect();
        return [...root.querySelectorAll(".news-more__list li :is(time, a)")]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.bottom > box.top && r.top < box.bottom)
          .filter((r) => r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5).length;
      });
      expect(cut).toBe(0);
      await page.screenshot({ path: `test-results/screens/news-more-${width}.png` });
    });
  });
}
