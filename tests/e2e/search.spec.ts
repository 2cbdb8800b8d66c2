// Search that forgives, at a phone's and a desktop's width: a typo in the header box still
// suggests products (with a picture, the price and the section), and the results page offers
// «Возможно, вы искали …» with a link to the corrected search.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, hydrated, watchConsole } from "./support.ts";

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const width of [375, 1280]) {
  test.describe(`search at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 800 } });

    test("a typo in the header box suggests products with a picture, the price and the section", async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto("/");
      await hydrated(page);
      await page.getByRole("button", { name: "Поиск", exact: true }).click();
      const box = page.getByRole("searchbox", { name: "Поиск по каталогу" });
      await box.pressSequentially("дивн", { delay: 40 });

      const list = page.getByRole("listbox", { name: "Подсказки поиска" });
      const options = list.getByRole("option");
      await expect(options.first()).toHaveText("Возможно, вы искали «диван»");
      await expect(list).toContainText("Диваны и кресла");
      const product = options.filter({ has: page.locator("img") }).first();
      await expect(product).toContainText(/Диван/);
      await expect(product).toContainText(/\d\s₽/);
      await expect(product).toContainText(/(Прямые|Угловые) диваны/);
      const picture = product.locator("img");
      await expect(picture).toBeVisible();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await page.screenshot({ path: `test-results/screens/search-suggestions-${width}.png` });
      await expectNoSeriousA11yViolations(page);
      expect(await noSidewaysScroll(page)).toBe(true);

      // the keyboard walks the list, keeps the chosen option in sight and picks the correction
      const count = await options.count();
      for (let i = 0; i < count; i++) await box.press("ArrowDown");
      await expect(options.last()).toHaveAttribute("aria-selected", "true");
      await expect(options.last()).toBeInViewport();
      await expect(box).toHaveAttribute("aria-activedescendant", (await options.last().getAttribute("id"))!);
      await box.press("ArrowDown");
      await expect(options.first()).toHaveAttribute("aria-selected", "true");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/search\/\?q=%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Результаты поиска «диван»");

      // a click (or a tap) on a product takes the visitor to it
      await page.getByRole("button", { name: "Поиск", exact: true }).click();
      await expect(box).toHaveValue("диван");
      await box.fill("");
      await box.pressSequentially("крвать", { delay: 40 });
      const bed = options.filter({ has: page.locator("img") }).first();
      await expect(bed).toContainText(/Кровать/);
      const title = (await bed.locator(".search-suggestions__title").textContent())!;
      await bed.click();
      await expect(page).toHaveURL(/\/product\/[^/]+\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      expect(errors).toEqual([]);
    });

    test("the results page says «Возможно, вы искали …» and its link searches the corrected words", async ({ page }) => {
      await page.goto("/search/?q=lbdfy");
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Результаты поиска «lbdfy»");
      await expect(page.getByText("Возможно, вы искали «диван»")).toBeVisible();
      await expect(page.getByRole("searchbox", { name: "Что ищем" })).toHaveValue("lbdfy");
      await expect(page.locator(".product-card").first()).toContainText("Диван");
      await expect(page.getByRole("combobox", { name: "Сортировка" })).toHaveValue("relevance");
      await page.screenshot({ path: `test-results/screens/search-correction-${width}.png` });
      await expectNoSeriousA11yViolations(page);
      expect(await noSidewaysScroll(page)).toBe(true);

      await page.getByRole("link", { name: "диван", exact: true }).click();
      await expect(page).toHaveURL(/\/search\/\?q=%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Результаты поиска «диван»");
      await expect(page.getByRole("searchbox", { name: "Что ищем" })).toHaveValue("диван");
      await expect(page.getByText("Возможно, вы искали")).toHaveCount(0);
      await expect(page.locator(".product-card").first()).toContainText("Диван");
    });
  });
}

test.describe("search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a typo finds the corrected products and the suggestion is a plain link", async ({ page }) => {
    await page.goto("/search/?q=" + encodeURIComponent("крвать"));
    await expect(page.getByText("Возможно, вы искали «кровать»")).toBeVisible();
    await expect(page.locator(".product-card").first()).toContainText(/кровать/i);
    await page.getByRole("link", { name: "кровать", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Результаты поиска «кровать»");
  });
});
